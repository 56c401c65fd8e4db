import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** One line of a detail: its label and its value (null or "" leaves the line out). */
export type DetailLine = readonly [label: string, value: ReactNode];

/**
 * A record's details as a label/value list (the detail dialogs of parcels and of the shift book):
 * labels in one column, values wrapping in the other, lines without a value left out.
 */
export function DetailList({ lines, className }: { lines: readonly DetailLine[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5", className)}>
      {lines
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
