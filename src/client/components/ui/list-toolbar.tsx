import { Search } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { Input, Label } from "./input";
import { SelectOptions, type FieldOption } from "./form-field-kit";
import { Select, SelectTrigger, SelectValue } from "./select";

/**
 * The filter bar of a list page: a search landmark named by `label` (e.g. 'Filtrar unidades').
 * Printed, it is the summary of the filters in use: "Condomínio: Todos os condomínios", the
 * search text when there is one; no boxes, no icons.
 */
export function ListToolbar({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-wrap items-end gap-3 print:gap-x-6 print:gap-y-1", className)} role="search" aria-label={label}>
      {children}
    </div>
  );
}

/** A filter printed as one line, "Label: value". */
const printedFilter = "print:flex print:items-baseline print:gap-1.5";
const printedLabel = "print:after:content-[':']";

/**
 * The 'Buscar' box of a list page: a labelled search input with the magnifier icon. Extra props
 * (role, aria-label, className) go on the wrapper; `inputLabel` is the input's own aria-label;
 * `inputProps` go on the input (a ref, keys, a larger box: the gate console's).
 * Printed: "Buscar: <text>", or nothing while the box is empty.
 */
export function SearchField({
  id,
  value,
  onChange,
  placeholder,
  inputLabel,
  label = "Buscar",
  inputProps: { className: inputClassName, ...inputProps } = {},
  className = "grid min-w-64 flex-1 gap-2 sm:max-w-md",
  ...props
}: Omit<ComponentProps<"div">, "onChange" | "children"> & {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  inputLabel?: string;
  /** The visible label ('Buscar' unless a second box on the page needs another name). */
  label?: string;
  inputProps?: Omit<ComponentProps<typeof Input>, "id" | "type" | "value" | "onChange" | "placeholder">;
}) {
  return (
    <div className={cn(className, printedFilter, "print:has-[input:placeholder-shown]:hidden")} {...props}>
      <Label htmlFor={id} className={printedLabel}>
        {label}
      </Label>
      <div className="relative print:flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500 print:hidden" aria-hidden />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          aria-label={inputLabel}
          maxLength={100}
          autoComplete="off"
          {...inputProps}
          className={cn(
            "pl-9 print:h-auto print:border-0 print:p-0 print:focus-visible:outline-none print:[&::-webkit-search-cancel-button]:appearance-none",
            inputClassName,
          )}
        />
      </div>
    </div>
  );
}

/** A labelled select of a filter bar (condominium, status...). */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  className = "grid gap-2",
}: {
  id: string;
  label: ReactNode;
  value: V;
  onChange: (value: V) => void;
  options: readonly FieldOption<V>[];
  /** Shown while no option is chosen (value ""). */
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={cn(className, printedFilter)}>
      <Label htmlFor={id} className={printedLabel}>
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectOptions options={options} />
      </Select>
    </div>
  );
}
