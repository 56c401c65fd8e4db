import { Search } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { Input, Label } from "./input";
import { SelectOptions, type FieldOption } from "./form-field-kit";
import { Select, SelectTrigger, SelectValue } from "./select";

/** The filter bar of a list page: a search landmark named by `label` (e.g. 'Filtrar unidades'). */
export function ListToolbar({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-wrap items-end gap-3", className)} role="search" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * The 'Buscar' box of a list page: a labelled search input with the magnifier icon. Extra props
 * (role, aria-label, className) go on the wrapper; `inputLabel` is the input's own aria-label.
 */
export function SearchField({
  id,
  value,
  onChange,
  placeholder,
  inputLabel,
  className = "grid min-w-64 flex-1 gap-2 sm:max-w-md",
  ...props
}: Omit<ComponentProps<"div">, "onChange" | "children"> & {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  inputLabel?: string;
}) {
  return (
    <div className={className} {...props}>
      <Label htmlFor={id}>Buscar</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          aria-label={inputLabel}
          maxLength={100}
          autoComplete="off"
          className="pl-9"
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
  className = "grid gap-2",
}: {
  id: string;
  label: ReactNode;
  value: V;
  onChange: (value: V) => void;
  options: readonly FieldOption<V>[];
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectOptions options={options} />
      </Select>
    </div>
  );
}
