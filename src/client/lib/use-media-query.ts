import { useCallback, useSyncExternalStore } from "react";

/** Tailwind's `sm` breakpoint (40rem): at and above it lists are tables, below it cards. */
export const SM_UP = "(min-width: 40rem)";
/** Tailwind's `xl` breakpoint (80rem). */
export const XL_UP = "(min-width: 80rem)";

/** Whether the media query matches now, re-rendering when it starts or stops matching. */
export function useMediaQuery(query: string, serverValue = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
