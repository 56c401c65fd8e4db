import type { ReactNode } from "react";
import { SM_UP, useMediaQuery } from "~/lib/use-media-query";
import { useWindowRows } from "~/lib/use-window-rows";
import { cn } from "~/lib/utils";
import { Button } from "./button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./table";

/**
 * One column of a {@link DataTable}. On a phone (below `sm`) each row is a card: the `title`
 * column heads it with the `status` column beside it, `field` columns follow as label/value pairs
 * and the `actions` column closes it.
 */
export interface DataColumn<T> {
  /** The column header (on cards, the field's label). */
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the body cells (table only). */
  className?: string;
  /** Classes of the column header. */
  headClassName?: string;
  /** Its place on a card; `field` unless said. */
  card?: "title" | "status" | "field" | "actions";
  /** What a card shows (`cell` unless said); a field whose card value is null is left out of that card. */
  cardCell?: (row: T) => ReactNode;
  /** Only in the table or only on the cards. */
  only?: "table" | "cards";
}

const ROW_ESTIMATE = 53;
const CARD_ESTIMATE = 180;

/**
 * Every registry list: a real <table> from `sm` up, a list of cards below it, from the same
 * column definitions. Rows are virtualized in the page's scroll (only those near the viewport are
 * in the DOM, with spacers standing for the rest), so thousands of loaded rows stay light; the
 * table keeps its header and says its size (aria-rowcount/aria-rowindex). Long unbroken text wraps
 * instead of widening the table.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  total,
  empty,
  className,
  wideFrom = SM_UP,
}: {
  /** The accessible name of the table (and of the card list). */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: (row: T) => string;
  /** How many rows the whole list has (loaded or not); the loaded count unless said. */
  total?: number;
  /** What an empty list says. */
  empty: ReactNode;
  className?: string;
  /** The media query from which the rows are a table (cards below it): a wide table fits only larger screens. */
  wideFrom?: string;
}) {
  const wide = useMediaQuery(wideFrom);
  const shown = columns.filter((c) => c.only !== (wide ? "cards" : "table"));
  const list = useWindowRows(rows.length, wide ? ROW_ESTIMATE : CARD_ESTIMATE);
  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr key={key} aria-hidden="true">
        <td colSpan={shown.length} style={{ height, padding: 0, border: 0 }} />
      </tr>
    ) : null;

  if (!wide) return <DataCards label={label} columns={shown} rows={rows} rowKey={rowKey} rowTestId={rowTestId} empty={empty} list={list} />;

  return (
    <Table
      aria-label={label}
      aria-rowcount={Math.max(total ?? 0, rows.length) + 1}
      className={cn("[&_td]:[overflow-wrap:anywhere] [&_th]:whitespace-normal", className)}
    >
      <TableHeader>
        <TableRow aria-rowindex={1}>
          {shown.map((c) => (
            <TableHead key={c.header} className={cn(c.headClassName, c.card === "actions" && "print:hidden")}>
              {c.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody ref={list.container} {...list.focusHandlers}>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={shown.length} className="py-10 text-center text-slate-600">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          <>
            {list.slots.map(({ key, gapBefore, item }) => {
              const row = rows[item.index];
              if (row === undefined) return null;
              return [
                spacer(gapBefore, `gap-${key}`),
                <TableRow key={rowKey(row)} ref={list.measure} data-index={item.index} aria-rowindex={item.index + 2} data-testid={rowTestId?.(row)}>
                  {shown.map((c) => (
                    <TableCell key={c.header} className={cn(c.className, c.card === "actions" && "print:hidden")}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>,
              ];
            })}
            {spacer(list.after, "after")}
          </>
        )}
      </TableBody>
    </Table>
  );
}

/** Below `sm`: one card per row, its title and status on top, its actions in reach. */
function DataCards<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  empty,
  list,
}: {
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: (row: T) => string;
  empty: ReactNode;
  list: ReturnType<typeof useWindowRows>;
}) {
  if (rows.length === 0) return <div className="px-4 py-10 text-center text-slate-600">{empty}</div>;
  const title = columns.find((c) => c.card === "title");
  const status = columns.find((c) => c.card === "status");
  const actions = columns.find((c) => c.card === "actions");
  const fields = columns.filter((c) => (c.card ?? "field") === "field");
  const spacer = (height: number, key: string) => (height > 0 ? <li key={key} aria-hidden="true" style={{ height }} /> : null);

  return (
    <ul ref={list.container} aria-label={label} className="divide-y divide-slate-200" {...list.focusHandlers}>
      {list.slots.map(({ key, gapBefore, item }) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        return [
          spacer(gapBefore, `gap-${key}`),
          <li key={rowKey(row)} ref={list.measure} data-index={item.index} data-testid={rowTestId?.(row)} className="grid gap-3 p-4 text-sm">
            {(title || status) && (
              <div className="flex items-start justify-between gap-3">
                {title && <div className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{(title.cardCell ?? title.cell)(row)}</div>}
                {/* A long status (a reason) wraps within its half instead of pushing the card wider. */}
                {status && <div className="min-w-0 max-w-[50%] shrink-0 text-right [overflow-wrap:anywhere]">{(status.cardCell ?? status.cell)(row)}</div>}
              </div>
            )}
            {fields.length > 0 && (
              <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
                {fields.map((c) => {
                  const value = (c.cardCell ?? c.cell)(row);
                  if (value === null || value === undefined) return null;
                  return (
                    <div key={c.header} className="contents">
                      <dt className="text-slate-600">{c.header}</dt>
                      <dd className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{value}</dd>
                    </div>
                  );
                })}
              </dl>
            )}
            {actions && <div className="flex flex-wrap justify-end gap-1 print:hidden [&>*]:justify-end">{(actions.cardCell ?? actions.cell)(row)}</div>}
          </li>,
        ];
      })}
      {spacer(list.after, "after")}
    </ul>
  );
}

/** The `empty` of a filtered list: what was not found and, while a filter is in use, 'Limpar filtros'. */
export function FilteredEmpty({ text, onClearFilters }: { text: string; onClearFilters?: () => void }) {
  return (
    <>
      <p>{text}</p>
      {onClearFilters && (
        <Button variant="link" className="mt-1 h-auto p-0" onClick={onClearFilters}>
          Limpar filtros
        </Button>
      )}
    </>
  );
}
