import type { ComponentProps, ReactNode } from "react";
import type { Control, ControllerRenderProps, FieldPath, FieldPathByValue, FieldValues } from "react-hook-form";
import type { MaskKind } from "~/lib/input-mask";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "./form";
import { Input, Textarea } from "./input";
import { MaskedInput } from "./masked-input";
import { PasswordInput } from "./password-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { Switch } from "./switch";

// The fields of the client's forms, each a FormField (./form) in the same frame: label (with `*`
// when required), the control, the hint, the error. `control` and `name` bind it to the form (and
// type the name); the ids, the aria state and the error come from the form's context.

/** §5: the inline text under a new password's confirmation while the two typed differ (none while it is empty). */
export const passwordMismatch = (novaSenha: string, confirmacao: string): string | undefined =>
  confirmacao.length > 0 && novaSenha !== confirmacao ? "As senhas não conferem." : undefined;

/** The frame every field shares (the FormItem's label, hint, required mark and grid class). */
export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** Binds a field to a form: the form's `control` and the field's name, whose value is a `V`. */
export interface Bound<T extends FieldValues, TTransformed, V> {
  control: Control<T, unknown, TTransformed>;
  name: FieldPathByValue<T, V>;
}

type ControlProps<C> = Omit<C, "id" | "className" | "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "aria-invalid" | "aria-describedby"> & {
  /** The control's own class (`className` is the frame's). */
  inputClassName?: string;
};

/** label, control (given the field's id and aria state), hint and error, in a FormItem. */
export function FieldFrame({ label, hint, required, className, liveError, children }: FieldFrameProps & { liveError?: string; children: ReactNode }) {
  return (
    <FormItem className={className} required={required} liveError={liveError}>
      <FormLabel>{label}</FormLabel>
      <FormControl>{children}</FormControl>
      {hint && <FormDescription>{hint}</FormDescription>}
      <FormMessage />
    </FormItem>
  );
}

/** A Controller's field of a text value, as the inputs take it ("" until typed). */
export function textField<T extends FieldValues, TName extends FieldPath<T>>(
  field: ControllerRenderProps<T, TName>,
): Omit<ControllerRenderProps<T, TName>, "value"> & { value: string } {
  return { ...field, value: (field.value as string | undefined) ?? "" };
}

/**
 * A text field in its frame: the form's field (its value "" until typed) for `render` to draw
 * the control with, and the frame's label, hint, required mark and error around it.
 */
function FramedTextField<T extends FieldValues, TTransformed>({
  control,
  name,
  label,
  hint,
  required,
  className,
  liveError,
  render,
}: FieldFrameProps &
  Bound<T, TTransformed, string> & {
    liveError?: string;
    render: (field: ReturnType<typeof textField<T, FieldPathByValue<T, string>>>) => ReactNode;
  }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame label={label} hint={hint} required={required} className={className} liveError={liveError}>
          {render(textField(field))}
        </FieldFrame>
      )}
    />
  );
}

type FramedProps<T extends FieldValues, TTransformed> = FieldFrameProps & Bound<T, TTransformed, string>;

/** A text <Input>. */
export function InputField<T extends FieldValues, TTransformed = T>({
  inputClassName,
  ...props
}: FramedProps<T, TTransformed> & ControlProps<ComponentProps<typeof Input>>) {
  const { control, name, label, hint, required, className, ...input } = props;
  return (
    <FramedTextField
      {...{ control, name, label, hint, required, className }}
      render={(field) => <Input {...input} {...field} disabled={field.disabled || input.disabled} className={inputClassName} />}
    />
  );
}

/** A password <Input> with its show/hide toggle; `liveError` e.g. 'As senhas não conferem.' while typed. */
export function PasswordField<T extends FieldValues, TTransformed = T>({
  liveError,
  ...props
}: FramedProps<T, TTransformed> & Omit<ControlProps<ComponentProps<typeof PasswordInput>>, "inputClassName"> & { liveError?: string }) {
  const { control, name, label, hint, required, className, ...input } = props;
  return (
    <FramedTextField
      {...{ control, name, label, hint, required, className, liveError }}
      render={(field) => <PasswordInput {...input} {...field} disabled={field.disabled || input.disabled} />}
    />
  );
}

/** A <Textarea>. */
export function TextareaField<T extends FieldValues, TTransformed = T>({
  inputClassName,
  ...props
}: FramedProps<T, TTransformed> & ControlProps<ComponentProps<typeof Textarea>>) {
  const { control, name, label, hint, required, className, ...textarea } = props;
  return (
    <FramedTextField
      {...{ control, name, label, hint, required, className }}
      render={(field) => <Textarea {...textarea} {...field} disabled={field.disabled || textarea.disabled} className={inputClassName} />}
    />
  );
}

/** A text field masked while typing (phone, CPF, CNPJ, CEP, plate...). */
export function MaskedField<T extends FieldValues, TTransformed = T>({
  mask,
  inputClassName,
  ...props
}: FramedProps<T, TTransformed> & ControlProps<ComponentProps<typeof Input>> & { mask: MaskKind }) {
  const { control, name, label, hint, required, className, ...input } = props;
  return (
    <FramedTextField
      {...{ control, name, label, hint, required, className }}
      render={(field) => <MaskedInput {...input} field={field} mask={mask} className={inputClassName} />}
    />
  );
}

/** A vehicle plate: masked while typed (ABC-1234 or ABC1D23), upper case, monospaced. */
export function PlacaField<T extends FieldValues, TTransformed = T>(
  props: Omit<FieldFrameProps, "hint"> & Bound<T, TTransformed, string> & { hint?: ReactNode },
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
}: FieldFrameProps &
  Bound<T, TTransformed, string> & {
    options: readonly FieldOption[];
    emptyOption?: FieldOption;
    placeholder?: string;
    disabled?: boolean;
  }) {
  const empty = emptyOption?.value;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const { value } = textField(field);
        return (
          <FormItem className={frame.className} required={frame.required}>
            <FormLabel>{frame.label}</FormLabel>
            <Select
              value={empty === undefined ? value : value || empty}
              onValueChange={(next) => field.onChange(empty !== undefined && next === empty ? "" : next)}
              name={field.name}
              disabled={field.disabled || disabled}
            >
              <FormControl>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder={placeholder} />
                </SelectTrigger>
              </FormControl>
              <SelectOptions options={emptyOption ? [emptyOption, ...options] : options} />
            </Select>
            {frame.hint && <FormDescription>{frame.hint}</FormDescription>}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/**
 * The on/off row of a form (e.g. 'Ativo'): a switch bound to a boolean field and its label, with
 * an optional hint under the label; `children` follow the label.
 */
export function SwitchField<T extends FieldValues, TTransformed = T>({
  control,
  name,
  label,
  hint,
  disabled,
  className = "flex items-center gap-3",
  children,
}: Omit<FieldFrameProps, "required"> &
  Bound<T, TTransformed, boolean> & {
    disabled?: boolean;
    children?: ReactNode;
  }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormControl>
            <Switch
              ref={field.ref}
              name={field.name}
              checked={field.value as boolean}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              disabled={field.disabled || disabled}
            />
          </FormControl>
          {hint ? (
            <div className="grid gap-0.5">
              <FormLabel>{label}</FormLabel>
              <FormDescription>{hint}</FormDescription>
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          {children}
        </FormItem>
      )}
    />
  );
}
