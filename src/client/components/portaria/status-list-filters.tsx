import { useId, useState } from "react";
import type { CondominioOption } from "@shared/schemas/painel";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import { CondominioFilter, TODOS } from "./condominio-filter";

export type StatusFilter = "todos" | "ativo" | "inativo";

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: "todos", label: "Todos" },
  { value: "ativo", label: "Ativos" },
  { value: "inativo", label: "Inativos" },
];

/** The page's condominium filter (useCondominioFilter of the condominium feature). */
export interface CondominioChoice {
  value: string;
  setValue: (value: string) => void;
  options: readonly CondominioOption[];
}

/**
 * The filters of the read-only registry lists (vehicles, residents): a search, the condominium
 * and the status. `params` are the list request's (the search debounced); `clearFilters` is set
 * while any filter is in use (the empty state's 'Limpar filtros').
 */
export function useStatusListFilters(condominio: CondominioChoice) {
  const [text, setText] = useState("");
  const [status, setStatus] = useState<StatusFilter>("todos");
  const q = useDebouncedValue(text.trim(), 300);
  const filtered = text.trim() !== "" || condominio.value !== TODOS || status !== "todos";
  const clearFilters = () => {
    setText("");
    setStatus("todos");
    condominio.setValue(TODOS);
  };
  return {
    text,
    setText,
    status,
    setStatus,
    condominio,
    params: { q, condominio_id: condominio.value, status },
    clearFilters: filtered ? clearFilters : undefined,
  };
}

/** The toolbar of those filters: search box, 'Condomínio' and 'Status'. */
export function StatusListToolbar({ label, placeholder, filters }: { label: string; placeholder: string; filters: ReturnType<typeof useStatusListFilters> }) {
  const uid = useId();
  const { condominio } = filters;
  return (
    <ListToolbar label={label}>
      <SearchField id={`${uid}-busca`} value={filters.text} onChange={filters.setText} placeholder={placeholder} />
      <CondominioFilter id={`${uid}-condominio`} value={condominio.value} onChange={condominio.setValue} options={condominio.options} />
      <FilterSelect
        id={`${uid}-status`}
        label="Status"
        value={filters.status}
        onChange={filters.setStatus}
        options={STATUS_OPTIONS}
        className="grid gap-2 sm:w-44"
      />
    </ListToolbar>
  );
}
