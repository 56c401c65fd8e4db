import { useId, useState } from "react";
import { SITUACAO_AUTORIZACAO_LABEL, SITUACOES_AUTORIZACAO } from "@shared/schemas/visitantes";
import { CondominioFilter, TODOS } from "~/components/portaria/condominio-filter";
import type { CondominioChoice } from "~/components/portaria/status-list-filters";
import { DateFilterField } from "~/components/ui/date-time-field";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { AutorizacaoFilters } from "./api";

type SituacaoFiltro = AutorizacaoFilters["situacao"];

const SITUACAO_OPTIONS: { value: SituacaoFiltro; label: string }[] = [
  { value: "todas", label: "Todas" },
  ...SITUACOES_AUTORIZACAO.map((s) => ({ value: s, label: SITUACAO_AUTORIZACAO_LABEL[s] })),
];

/**
 * The list's filters (gatehouse-spec §4): search (name, document, code), condomínio, situação and
 * a period (authorisations valid on some day of it; empty = any time). A half-typed or inverted
 * period is not sent.
 */
export function useVisitanteFilters(condominio: CondominioChoice) {
  const [text, setText] = useState("");
  const [situacao, setSituacao] = useState<SituacaoFiltro>("todas");
  const [de, setDe] = useState("");
  const [ate, setAte] = useState("");
  const q = useDebouncedValue(text.trim(), 300);
  const periodo = de && ate && de > ate ? { de: "", ate: "" } : { de, ate };
  const params: AutorizacaoFilters = { q, condominio_id: condominio.value, situacao, ...periodo };
  const filtered = text.trim() !== "" || condominio.value !== TODOS || situacao !== "todas" || de !== "" || ate !== "";
  const clearFilters = () => {
    setText("");
    setSituacao("todas");
    setDe("");
    setAte("");
    condominio.setValue(TODOS);
  };
  return { text, setText, situacao, setSituacao, de, setDe, ate, setAte, condominio, params, clearFilters: filtered ? clearFilters : undefined };
}

export function VisitantesToolbar({ filters }: { filters: ReturnType<typeof useVisitanteFilters> }) {
  const uid = useId();
  const { condominio } = filters;
  return (
    <ListToolbar label="Filtrar autorizações">
      <SearchField id={`${uid}-busca`} value={filters.text} onChange={filters.setText} placeholder="Buscar por nome, documento ou código..." />
      <CondominioFilter id={`${uid}-condominio`} value={condominio.value} onChange={condominio.setValue} options={condominio.options} />
      <FilterSelect
        id={`${uid}-situacao`}
        label="Situação"
        value={filters.situacao}
        onChange={filters.setSituacao}
        options={SITUACAO_OPTIONS}
        className="grid gap-2 sm:w-40"
      />
      <DateFilterField id={`${uid}-de`} label="Válida de" value={filters.de} onChange={filters.setDe} />
      <DateFilterField id={`${uid}-ate`} label="Até" value={filters.ate} onChange={filters.setAte} />
    </ListToolbar>
  );
}
