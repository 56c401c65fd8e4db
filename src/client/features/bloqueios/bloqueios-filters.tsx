import { useId, useState } from "react";
import { SITUACAO_BLOQUEIO_LABEL, SITUACOES_BLOQUEIO, TIPO_BLOQUEIO_LABEL, TIPOS_BLOQUEIO, type SituacaoBloqueioFiltro } from "@shared/schemas/bloqueios";
import { CondominioFilter, TODOS } from "~/components/portaria/condominio-filter";
import type { CondominioChoice } from "~/components/portaria/status-list-filters";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { BloqueioFilters } from "./api";

type TipoFiltro = BloqueioFilters["tipo"];

const TIPO_OPTIONS: { value: TipoFiltro; label: string }[] = [
  { value: "todos", label: "Todos" },
  ...TIPOS_BLOQUEIO.map((t) => ({ value: t, label: TIPO_BLOQUEIO_LABEL[t] })),
];
const SITUACAO_OPTIONS = SITUACOES_BLOQUEIO.map((s) => ({ value: s, label: SITUACAO_BLOQUEIO_LABEL[s] }));

/** The blocklist's filters: search, condominium, type and situation ('Ativos' by default). */
export function useBloqueioFilters(condominio: CondominioChoice) {
  const [text, setText] = useState("");
  const [tipo, setTipo] = useState<TipoFiltro>("todos");
  const [mostrar, setMostrar] = useState<SituacaoBloqueioFiltro>("ativos");
  const q = useDebouncedValue(text.trim(), 300);
  const filtered = text.trim() !== "" || condominio.value !== TODOS || tipo !== "todos" || mostrar !== "ativos";
  const clearFilters = () => {
    setText("");
    setTipo("todos");
    setMostrar("ativos");
    condominio.setValue(TODOS);
  };
  const params: BloqueioFilters = { q, condominio_id: condominio.value, tipo, mostrar };
  return { text, setText, tipo, setTipo, mostrar, setMostrar, condominio, params, clearFilters: filtered ? clearFilters : undefined };
}

export function BloqueiosToolbar({ filters }: { filters: ReturnType<typeof useBloqueioFilters> }) {
  const uid = useId();
  const { condominio } = filters;
  return (
    <ListToolbar label="Filtrar bloqueios">
      <SearchField id={`${uid}-busca`} value={filters.text} onChange={filters.setText} placeholder="Buscar por nome, documento, placa ou motivo..." />
      <CondominioFilter id={`${uid}-condominio`} value={condominio.value} onChange={condominio.setValue} options={condominio.options} />
      <FilterSelect id={`${uid}-tipo`} label="Tipo" value={filters.tipo} onChange={filters.setTipo} options={TIPO_OPTIONS} className="grid gap-2 sm:w-36" />
      <FilterSelect
        id={`${uid}-situacao`}
        label="Situação"
        value={filters.mostrar}
        onChange={filters.setMostrar}
        options={SITUACAO_OPTIONS}
        className="grid gap-2 sm:w-40"
      />
    </ListToolbar>
  );
}
