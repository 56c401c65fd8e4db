import type { CondominioOption } from "@shared/schemas/painel";
import { FilterSelect } from "~/components/ui/list-toolbar";

/** The filter value meaning every condominium (§9: the painel's default; the lists' too). */
export const TODOS = "todos";

/**
 * The condominium filter of the lists: 'Todos os condomínios' or one of `options`, the active
 * condominiums the page got from the condominium feature (useCondominioFilter).
 */
export function CondominioFilter({
  id,
  value,
  onChange,
  options,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly CondominioOption[];
}) {
  return (
    <FilterSelect
      id={id}
      label="Condomínio"
      value={value}
      onChange={onChange}
      options={[{ value: TODOS, label: "Todos os condomínios" }, ...options.map((c) => ({ value: c.id, label: c.nome }))]}
      className="grid gap-2 sm:w-64"
    />
  );
}
