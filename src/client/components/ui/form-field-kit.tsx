import type { ComponentProps, ReactNode } from "react";
import { Controller, type Control, type FieldPathByValue, type FieldValues, type UseFormRegisterReturn } from "react-hook-form";
import { fieldAria, FormField } from "./form-field";
import { Input, Label, Textarea } from "./input";
import { MaskedInput } from "./masked-input";
import type { MaskKind } from "~/lib/input-mask";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { Switch } from "./switch";

/** The frame every field shares: a FormField (label, hint, error, required mark, grid class) around one control with its id. */
type FieldFrame = Omit<ComponentProps<typeof FormField>, "children">;

type ControlProps<C> = Omit<C, "id" | "className" | "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "aria-invalid" | "aria-describedby"> & {
  /** The control's own class (`className` is the FormField's). */
  inputClassName?: string;
};

/** Splits a field's props into its frame and the rest (the control's). */
function splitFrame<P extends FieldFrame>({ id, label, hint, error, required, className, ...rest }: P) {
  return [{ id, label, hint, error, required, className }, rest] as const;
}

/** aria wiring of the control of a frame (invalid, described by hint/error, required). */
function controlAria({ id, error, hint, required }: FieldFrame) {
  return { ...fieldAria(id, { error, hint: Boolean(hint) }), "aria-required": required || undefined } as const;
}

/** A text <Input> registered with react-hook-form (`registration` is `register("field")`). */
export function InputField(props: FieldFrame & ControlProps<ComponentProps<typeof Input>> & { registration: UseFormRegisterReturn }) {
  const [frame, { registration, inputClassName, ...input }] = splitFrame(props);
  return (
    <FormField {...frame}>
      <Input {...registration} {...controlAria(frame)} className={inputClassName} {...input} />
    </FormField>
  );
}

/** A <Textarea> registered with react-hook-form. */
export function TextareaField(props: FieldFrame & ControlProps<ComponentProps<typeof Textarea>> & { registration: UseFormRegisterReturn }) {
  const [frame, { registration, inputClassName, ...textarea }] = splitFrame(props);
  return (
    <FormField {...frame}>
      <Textarea {...registration} {...controlAria(frame)} className={inputClassName} {...textarea} />
    </FormField>
  );
}

/** A text field masked while typing (phone, CPF, CNPJ, CEP, plate...). */
export function MaskedField<T extends FieldValues, TTransformed = T>(
  props: FieldFrame &
    ControlProps<ComponentProps<typeof Input>> & {
      control: Control<T, unknown, TTransformed>;
      name: FieldPathByValue<T, string>;
      mask: MaskKind;
    },
) {
  const [frame, { control, name, mask, inputClassName, ...input }] = splitFrame(props);
  return (
    <FormField {...frame}>
      <MaskedInput control={control} name={name} mask={mask} {...controlAria(frame)} className={inputClassName} {...input} />
    </FormField>
  );
}

/** A vehicle plate: masked while typed (ABC-1234 or ABC1D23), upper case, monospaced. */
export function PlacaField<T extends FieldValues, TTransformed = T>(
  props: Omit<FieldFrame, "hint"> & { control: Control<T, unknown, TTransformed>; name: FieldPathByValue<T, string> },
) {
  return (
    <MaskedField
      hint="ABC-1234 ou ABC1D23."
      mask="placa"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={8}
      inputClassName="font-mono uppercase tracking-wider"
      {...props}
    />
  );
}

export interface FieldOption<V extends string = string> {
  value: V;
  label: ReactNode;
}

/** The list of a Radix select: one item per option. */
export function SelectOptions({ options }: { options: readonly FieldOption[] }) {
  return (
    <SelectContent>
      {options.map((option) => (
        <SelectItem key={option.value} value={option.value}>
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}

/**
 * A Radix select bound to a text field. `emptyOption` is the item standing for "" (Radix items
 * cannot have an empty value): its value is a sentinel, mapped back to "" on change.
 */
export function SelectField<T extends FieldValues, TTransformed = T>({
  control,
  name,
  options,
  emptyOption,
  placeholder,
  disabled,
  ...frame
}: FieldFrame & {
  control: Control<T, unknown, TTransformed>;
  name: FieldPathByValue<T, string>;
  options: readonly FieldOption[];
  emptyOption?: FieldOption;
  placeholder?: string;
  disabled?: boolean;
}) {
  const empty = emptyOption?.value;
  return (
    <FormField {...frame}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            value={empty === undefined ? field.value : field.value || empty}
            onValueChange={(value) => field.onChange(empty !== undefined && value === empty ? "" : value)}
            name={field.name}
            disabled={disabled}
          >
            <SelectTrigger {...controlAria(frame)} ref={field.ref} onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectOptions options={emptyOption ? [emptyOption, ...options] : options} />
          </Select>
        )}
      />
    </FormField>
  );
}

/**
 * The on/off row of a form (e.g. 'Ativo'): a switch bound to a boolean field and its label, with
 * an optional hint under the label; `children` follow the label.
 */
export function SwitchField<T extends FieldValues, TTransformed = T>({
  id,
  label,
  hint,
  control,
  name,
  disabled,
  className = "flex items-center gap-3",
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  control: Control<T, unknown, TTransformed>;
  name: FieldPathByValue<T, boolean>;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const hintId = `${id}-ajuda`;
  return (
    <div className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            name={field.name}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-describedby={hint ? hintId : undefined}
          />
        )}
      />
      {hint ? (
        <div className="grid gap-0.5">
          <Label htmlFor={id}>{label}</Label>
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
    </div>
  );
}
