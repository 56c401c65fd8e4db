import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ComponentProps } from "react";
import { attachMask, type AttachedMask, type MaskKind } from "~/lib/input-mask";
import { Input } from "./input";

type InputProps = Omit<ComponentProps<typeof Input>, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref">;

/** What MaskedInput uses of react-hook-form's field (a Controller's `field`). */
interface TextField {
  name: string;
  value: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  ref(element: HTMLInputElement | null): void;
  disabled?: boolean;
}

/**
 * An <Input> bound to a react-hook-form text field, masked while typing. The form's value is the
 * text as shown (e.g. "529.982.247-25"); the shared schemas accept it and store the bare value.
 */
export function MaskedInput({ field, mask, ...props }: InputProps & { field: TextField; mask: MaskKind }) {
  const input = useRef<HTMLInputElement | null>(null);
  const masked = useRef<AttachedMask | null>(null);
  const value: string = field.value ?? "";
  // The text at mount; from then on the mask writes the element's text, never React.
  const [initial] = useState(value);
  const accept = useEffectEvent((text: string) => {
    if (text !== value) field.onChange(text);
  });

  // The mask owns the element's text (React does not set it), so the caret stays where the user types.
  useLayoutEffect(() => {
    const attached = attachMask(input.current!, mask, (text) => accept(text));
    masked.current = attached;
    accept(attached.value);
    return () => {
      attached.destroy();
      masked.current = null;
    };
  }, [mask]);

  // A value set by the form itself (reset, data loaded after the first render).
  useEffect(() => {
    if (masked.current && masked.current.value !== value) masked.current.setValue(value);
  }, [value]);

  return (
    <Input
      {...props}
      ref={(element) => {
        input.current = element;
        field.ref(element);
      }}
      name={field.name}
      disabled={field.disabled || props.disabled}
      defaultValue={initial}
      onBlur={field.onBlur}
    />
  );
}
