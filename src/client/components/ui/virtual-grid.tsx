import type { ReactNode } from "react";
import { SM_UP, XL_UP, useMediaQuery } from "~/lib/use-media-query";
import { useWindowRows } from "~/lib/use-window-rows";

const GAP = 16;

/**
 * A card grid (one column on a phone, two from `sm`, three from `xl`) as a list, virtualized in
 * the page's scroll like {@link DataTable}: only the grid rows near the viewport are in the DOM.
 */
export function VirtualGrid<T>({
  label,
  items,
  itemKey,
  renderItem,
}: {
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}) {
  const sm = useMediaQuery(SM_UP);
  const xl = useMediaQuery(XL_UP);
  const perRow = xl ? 3 : sm ? 2 : 1;
  const rowCount = Math.ceil(items.length / perRow);
  const list = useWindowRows(rowCount, 200, { gap: GAP });
  // A spacer is a grid row too: the grid's gaps around it are part of the space it stands for.
  const spacer = (height: number, key: string) => (height > 0 ? <li key={key} aria-hidden="true" className="col-span-full" style={{ height }} /> : null);

  return (
    <ul ref={list.container} aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" {...list.focusHandlers}>
      {list.slots.map(({ key, gapBefore, item }) => [
        spacer(item.index === list.slots[0]?.item.index ? gapBefore - GAP : gapBefore - 2 * GAP, `gap-${key}`),
        items.slice(item.index * perRow, (item.index + 1) * perRow).map((entry, i) => (
          // The first card of each grid row is measured: the grid stretches it to the row's height.
          <li key={itemKey(entry)} className="grid" ref={i === 0 ? list.measure : undefined} data-index={item.index}>
            {renderItem(entry)}
          </li>
        )),
      ])}
      {spacer(list.after - GAP, "after")}
    </ul>
  );
}
