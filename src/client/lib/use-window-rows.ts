import { defaultRangeExtractor, useWindowVirtualizer, type VirtualItem } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent } from "react";

/** Up to this many rows (two pages) a list renders every row; beyond it only those near the viewport. */
export const RENDER_ALL_UP_TO = 100;

/** One rendered row of a virtual list, and the space (px) to leave before it. */
export interface WindowRowSlot {
  key: string;
  /** From the end of the previous rendered row (or the list's top) to this row's start, `gap` included. */
  gapBefore: number;
  item: VirtualItem;
}

/**
 * The rows of a list in the page's own scroll (the window scrolls, not the list): which rows to
 * render and the space to leave around them, so the DOM stays bounded however many rows are
 * loaded. `container` is the element the rows start in (a <tbody>, a <ul>); rows are measured as
 * they render (`measure` as their ref, with `data-index`). The row holding keyboard focus stays
 * rendered while it is scrolled away, so focus is never lost.
 */
export function useWindowRows(count: number, estimateSize: number, options: { gap?: number } = {}) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const focused = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (!container) return;
    const measure = () => {
      const top = container.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((previous) => (Math.abs(previous - top) < 1 ? previous : top));
    };
    measure();
    // Whatever moves the list (a toolbar wrapping, a banner) changes the page's size.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [container]);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    overscan: 10,
    scrollMargin,
    gap: options.gap,
    rangeExtractor: (range) => {
      if (range.count <= RENDER_ALL_UP_TO) return Array.from({ length: range.count }, (_, i) => i);
      const indexes = defaultRangeExtractor(range);
      const f = focused.current;
      if (f !== null && f < range.count && !indexes.includes(f)) return [...indexes, f].sort((a, b) => a - b);
      return indexes;
    },
  });

  const items = virtualizer.getVirtualItems();
  const slots: WindowRowSlot[] = [];
  let end = scrollMargin;
  for (const item of items) {
    slots.push({ key: String(item.key), gapBefore: Math.max(0, item.start - end), item });
    end = Math.max(end, item.end);
  }
  const after = Math.max(0, scrollMargin + virtualizer.getTotalSize() - end);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const index = (event.target as Element).closest("[data-index]")?.getAttribute("data-index");
    focused.current = index == null ? null : Number(index);
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = null;
  }, []);

  return {
    slots,
    /** Space to leave after the last rendered row. */
    after,
    /** Ref for the element the rows start in. */
    container: setContainer,
    /** Ref for each rendered row (with `data-index={item.index}`), so its real height is used. */
    measure: virtualizer.measureElement,
    /** Focus handlers for the container. */
    focusHandlers: { onFocus, onBlur },
  };
}
