import { Slot } from "radix-ui";
import { createContext, useContext, useId, useLayoutEffect, useMemo, useState, type ComponentProps, type ReactNode } from "react";
import { Controller, FormProvider, useFormContext, useFormState, type Control, type ControllerProps, type FieldPath, type FieldValues } from "react-hook-form";
import { cn } from "~/lib/utils";
import { Label } from "./input";

// The form pattern of the client (shadcn/ui's form.tsx over react-hook-form): <Form> holds the
// form, <FormField> one of its fields, <FormItem> the field's frame. Ids, error and registration
// come from that context: the label points at the control, the control is described by its hint
// and its error and marked invalid, and nothing is wired by hand per field.
// Ids: the control `${item}`, its hint `${item}-ajuda`, its error `${item}-erro`.

/** The form's methods for every field inside (react-hook-form's FormProvider). */
export const Form = FormProvider;

const FieldContext = createContext<{ name: string; registered: boolean } | null>(null);

/**
 * One field of the form. With `render`: react-hook-form's Controller, its name given to the frame
 * inside. With `children`: a native input the FormControl inside registers (react-hook-form's
 * `register`, not controlled): what was typed before the page hydrated is kept and sent.
 */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformed = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformed> | { control?: Control<TFieldValues, unknown, TTransformed>; name: TName; children: ReactNode }) {
  const registered = !("render" in props);
  const value = useMemo(() => ({ name: props.name, registered }), [props.name, registered]);
  return <FieldContext.Provider value={value}>{"render" in props ? <Controller {...props} /> : props.children}</FieldContext.Provider>;
}

interface ItemContextValue {
  id: string;
  required: boolean;
  hasDescription: boolean;
  setHasDescription: (has: boolean) => void;
  liveError?: string;
  quiet: boolean;
}
const ItemContext = createContext<ItemContextValue | null>(null);

/**
 * The frame of a field (a grid by default). `required` marks the label and the control;
 * `liveError` is a message the form computes as the user types (shown while the field has no
 * error of its own); `quietError`: the form state's error is told elsewhere (a toast), the control
 * is marked invalid but that message is not repeated under it. As a fieldset, the frame itself is
 * described by the hint and the error.
 */
export function FormItem({
  as = "div",
  className,
  required = false,
  liveError,
  quietError = false,
  ...props
}: Omit<ComponentProps<"fieldset">, "ref"> & { as?: "div" | "fieldset"; required?: boolean; liveError?: string; quietError?: boolean }) {
  const field = useContext(FieldContext);
  const uid = useId();
  const id = field ? `${uid}-${field.name}` : uid;
  const [hasDescription, setHasDescription] = useState(false);
  const value = useMemo(
    () => ({ id, required, hasDescription, setHasDescription, liveError, quiet: quietError }),
    [id, required, hasDescription, liveError, quietError],
  );
  return (
    <ItemContext.Provider value={value}>
      {as === "fieldset" ? (
        <FieldsetItem className={className} {...props} />
      ) : (
        <div className={cn("grid content-start gap-2", className)} {...(props as ComponentProps<"div">)} />
      )}
    </ItemContext.Provider>
  );
}

function FieldsetItem(props: ComponentProps<"fieldset">) {
  const { describedBy } = useFormField();
  return <fieldset aria-describedby={describedBy} {...props} />;
}

/**
 * The field's name, ids and error message, from the surrounding FormItem and its FormField. A
 * FormItem outside a FormField frames a control the form does not hold (shown, not edited): no error.
 */
export function useFormField() {
  const field = useContext(FieldContext);
  const item = useContext(ItemContext);
  if (!item) throw new Error("useFormField: use it inside <FormItem>.");
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name ?? "", disabled: !field });
  const message = (field && getFieldState(field.name, formState).error?.message) || item.liveError || undefined;
  const descriptionId = `${item.id}-ajuda`;
  const messageId = `${item.id}-erro`;
  // Quiet: the form state's error is told elsewhere; a live error is still shown.
  const shown = item.quiet ? item.liveError : message;
  const describedBy = [item.hasDescription ? descriptionId : null, shown ? messageId : null].filter(Boolean).join(" ") || undefined;
  return {
    name: field?.name,
    registered: field?.registered ?? false,
    id: item.id,
    descriptionId,
    messageId,
    describedBy,
    error: message,
    shownError: shown,
    required: item.required,
    setHasDescription: item.setHasDescription,
  };
}

/** The field's label, pointing at its control; `*` (hidden from screen readers) when required. */
export function FormLabel({ children, ...props }: ComponentProps<typeof Label>) {
  const { id, required } = useFormField();
  return (
    <Label htmlFor={id} {...props}>
      {children}
      {required && <RequiredMark />}
    </Label>
  );
}

/** The legend of a field framed as a fieldset (a group of checkboxes or radios). */
export function FormLegend({ children, className, ...props }: ComponentProps<"legend">) {
  const { required } = useFormField();
  return (
    <legend className={cn("mb-2 text-sm font-medium text-slate-900", className)} {...props}>
      {children}
      {required && <RequiredMark />}
    </legend>
  );
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden>
      *
    </span>
  );
}

/** Gives its one child (the input, select trigger, switch...) the field's id and aria state, and registers it in a registered FormField. */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { name, registered, id, describedBy, error, required } = useFormField();
  const { register } = useFormContext();
  const registration = registered && name ? register(name) : undefined;
  return (
    <Slot.Root
      {...registration}
      id={id}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      {...props}
    />
  );
}

/** The field's hint, under the control (the control is described by it). */
export function FormDescription({ className, ...props }: ComponentProps<"p">) {
  const { descriptionId, setHasDescription } = useFormField();
  useLayoutEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <p id={descriptionId} className={cn("text-xs text-slate-600", className)} {...props} />;
}

/** The field's error from the form's state (or its live error), under the control; nothing without one. */
export function FormMessage({ className, ...props }: Omit<ComponentProps<"p">, "children">) {
  const { messageId, shownError: error } = useFormField();
  if (!error) return null;
  return (
    <p id={messageId} className={cn("text-sm text-red-700", className)} {...props}>
      {error}
    </p>
  );
}
