import type { ComponentProps } from "react";
import { Controller, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { Input } from "./input";

type MaskedInputProps<T extends FieldValues, TTransformed> = Omit<
  ComponentProps<typeof Input>,
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref"
> & {
  control: Control<T, unknown, TTransformed>;
  /** A text field of the form. */
  name: FieldPathByValue<T, string>;
  /** Reformats the text as it is typed (a phone or CPF mask, for instance). */
  mask: (value: string) => string;
};

/** An <Input> bound to a react-hook-form text field whose value is masked while typing. */
export function MaskedInput<T extends FieldValues, TTransformed = T>({ control, name, mask, ...props }: MaskedInputProps<T, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(mask(e.target.value))}
        />
      )}
    />
  );
}
