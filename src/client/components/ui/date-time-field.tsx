import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ComponentProps, type FocusEvent } from "react";
import type { FieldValues } from "react-hook-form";
import { dateFormValue, dateText, isoFromDateText, MENSAGEM_DATA_INVALIDA, timeText } from "~/lib/date-text";
import { attachMask, type AttachedMask } from "~/lib/input-mask";
import { FormField } from "./form";
import { FieldFrame, textField, type Bound, type FieldFrameProps } from "./form-field-kit";
import { Input, Label } from "./input";

// Dates and times read dd/MM/yyyy and HH:mm (24 h) in every form, whatever the browser's own
// locale: a native <input type="date"> or "time" follows it (an en-US browser shows mm/dd/yyyy
// and AM/PM). These are masked text fields; the forms and the API keep 'yyyy-MM-dd' and 'HH:mm'.
// docs/decisions/0007-camera-e-datas.md.

type InputProps = Omit<ComponentProps<typeof Input>, "type" | "value" | "defaultValue" | "onChange" | "ref" | "min" | "max">;

const DATE_PROPS = { placeholder: "dd/mm/aaaa", maxLength: 10, inputMode: "numeric", autoComplete: "off" } as const;
const TIME_PROPS = { placeholder: "hh:mm", maxLength: 5, inputMode: "numeric", autoComplete: "off" } as const;

/**
 * A masked text input for a value kept in another format: it shows `toText(value)` and reports
 * `fromText(text)` after every change the mask accepts. The mask owns the element's text (the caret
 * stays where the user types); a value set from outside (a reset, data loaded later) replaces it.
 */
function MaskedValueInput({
  kind,
  value,
  toText,
  fromText,
  onValue,
  inputRef,
  ...props
}: InputProps & {
  kind: "data" | "hora";
  value: string;
  toText: (value: string) => string;
  fromText: (text: string) => string;
  onValue: (value: string) => void;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const masked = useRef<AttachedMask | null>(null);
  const [initial] = useState(() => toText(value));
  const accept = useEffectEvent((text: string) => {
    const next = fromText(text);
    if (next !== value) onValue(next);
  });
  const sync = useEffectEvent(() => {
    // Our own change coming back, or a text that already means this value: leave the text alone.
    if (masked.current && fromText(masked.current.value) !== value) masked.current.setValue(toText(value));
  });

  useLayoutEffect(() => {
    const attached = attachMask(input.current!, kind, (text) => accept(text));
    masked.current = attached;
    return () => {
      attached.destroy();
      masked.current = null;
    };
  }, [kind]);
  useEffect(() => sync(), [value]);

  return (
    <Input
      {...(kind === "data" ? DATE_PROPS : TIME_PROPS)}
      {...props}
      type="text"
      ref={(element) => {
        input.current = element;
        inputRef?.(element);
      }}
      defaultValue={initial}
    />
  );
}

type DateTimeFieldProps<T extends FieldValues, TTransformed> = FieldFrameProps &
  Bound<T, TTransformed, string> & { inputClassName?: string; disabled?: boolean };

/** A form's date (its value 'yyyy-MM-dd', or '' when blank), typed and read as dd/MM/yyyy. */
export function DateField<T extends FieldValues, TTransformed = T>(props: DateTimeFieldProps<T, TTransformed>) {
  return <MaskedField {...props} kind="data" toText={dateText} fromText={dateFormValue} />;
}

/** A form's time of day ('HH:mm', or '' when blank), typed and read in 24 hours. */
export function TimeField<T extends FieldValues, TTransformed = T>(props: DateTimeFieldProps<T, TTransformed>) {
  // A time typed in part reaches the schema as typed: it answers 'Horário inválido. Use HH:mm.'.
  return <MaskedField {...props} kind="hora" toText={timeText} fromText={(text) => text} />;
}

function MaskedField<T extends FieldValues, TTransformed = T>({
  control,
  name,
  inputClassName,
  disabled,
  kind,
  toText,
  fromText,
  ...frame
}: DateTimeFieldProps<T, TTransformed> & {
  kind: "data" | "hora";
  toText: (value: string) => string;
  fromText: (text: string) => string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame {...frame}>
          <MaskedValueInput
            className={inputClassName}
            disabled={field.disabled || disabled}
            name={field.name}
            kind={kind}
            value={textField(field).value}
            toText={toText}
            fromText={fromText}
            onValue={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        </FieldFrame>
      )}
    />
  );
}

const INVALIDA = "\u0000";

/**
 * A list filter's date ('yyyy-MM-dd' or ''), read as dd/MM/yyyy: the filter changes when the date
 * typed is complete and real, or cleared; an impossible date says so under the field.
 */
export function DateFilterField({
  id,
  label,
  value,
  onChange,
  className = "grid gap-2",
  inputClassName = "w-40",
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  inputClassName?: string;
}) {
  const [invalida, setInvalida] = useState(false);
  const erroId = `${id}-erro`;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <MaskedValueInput
        id={id}
        kind="data"
        value={value}
        toText={dateText}
        fromText={(text) => isoFromDateText(text) ?? INVALIDA + text}
        onValue={(next) => {
          // Complete but impossible: say so now; typed in part: wait for the rest (or the blur).
          if (next.startsWith(INVALIDA)) return setInvalida(next.length - 1 === 10);
          setInvalida(false);
          onChange(next);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => setInvalida(isoFromDateText(event.currentTarget.value) === null)}
        aria-invalid={invalida || undefined}
        aria-describedby={invalida ? erroId : undefined}
        className={inputClassName}
      />
      {invalida && (
        <p id={erroId} className="text-sm text-red-700">
          {MENSAGEM_DATA_INVALIDA}
        </p>
      )}
    </div>
  );
}
