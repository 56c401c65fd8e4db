import { useCallback, useEffect, useLayoutEffect, useRef, type FocusEvent } from "react";
import type { AttachedMask, MaskKind } from "./input-mask";

/** Starts loading the mask library (e.g. when the visitor enters the form). */
export const preloadMask = () => void import("./input-mask");

/**
 * Masks a field registered with react-hook-form from the moment the user focuses it. The mask
 * library loads then, not with the page: the public pages keep their JavaScript budget.
 * `onAccept` gets the masked text after each change; call `sync` after the form set the field's
 * text itself (a reset).
 */
export function useLazyMask(kind: MaskKind, onAccept: (value: string) => void) {
  const attached = useRef<AttachedMask | null>(null);
  const accept = useRef(onAccept);
  useLayoutEffect(() => {
    accept.current = onAccept;
  });
  useEffect(() => () => attached.current?.destroy(), []);

  const onFocus = useCallback(
    (event: FocusEvent<HTMLInputElement>) => {
      const element = event.currentTarget;
      if (attached.current) return;
      void import("./input-mask").then(({ attachMask }) => {
        if (attached.current || !element.isConnected) return;
        attached.current = attachMask(element, kind, (value) => accept.current(value));
        // What was typed before the library arrived is masked now.
        accept.current(attached.current.value);
      });
    },
    [kind],
  );
  const sync = useCallback((value: string) => attached.current?.setValue(value), []);
  return { onFocus, sync };
}
