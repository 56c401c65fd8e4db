import type { ReactNode } from "react";
import { TableCell, TableRow } from "./table";

/** The one row of an empty table: a centred message across all `colSpan` columns. */
export function TableEmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-10 text-center text-slate-600">
        {children}
      </TableCell>
    </TableRow>
  );
}
