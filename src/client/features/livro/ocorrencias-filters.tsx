import { useId, useState } from "react";
import {
  PRIORIDADE_OCORRENCIA_LABEL,
  PRIORIDADES_OCORRENCIA,
  SITUACAO_OCORRENCIA_LABEL,
  SITUACOES_OCORRENCIA,
  TIPO_OCORRENCIA_LABEL,
  TIPOS_OCORRENCIA,
} from "@shared/schemas/livro";
import { CondominioFilter, TODOS } from "~/components/portaria/condominio-filter";
import type { CondominioChoice } from "~/components/portaria/status-list-filters";
import { DateFilterField } from "~/components/ui/date-time-field";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { OcorrenciaFilters } from "./api";

type Tipo = OcorrenciaFilters["tipo"];
type Prioridade = OcorrenciaFilters["prioridade"];
type Situacao = OcorrenciaFilters["situacao"];

const TIPO_OPTIONS: { value: Tipo; label: string }[] = [
  { value: "todos", label: "Todos" },
  ...TIPOS_OCORRENCIA.map((t) => ({ value: t, label: TIPO_OCORRENCIA_LABEL[t] })),
];
const PRIORIDADE_OPTIONS: { value: Prioridade; label: string }[] = [
  { value: "todas", label: "Todas" },
  ...PRIORIDADES_OCORRENCIA.map((p) => ({ value: p, label: PRIORIDADE_OCORRENCIA_LABEL[p] })),
];
const SITUACAO_OPTIONS: { value: Situacao; label: string }[] = [
  { value: "todas", label: "Todas" },
  ...SITUACOES_OCORRENCIA.map((s) => ({ value: s, label: SITUACAO_OCORRENCIA_LABEL[s] })),
];

/** Printed, a date of the period reads as text ("Até 30/11/2026"), and an empty one is left out. */
const PERIODO_IMPRESSO = {
  className: "grid gap-2 print:flex print:items-baseline print:gap-1.5 print:has-[input:placeholder-shown]:hidden",
  inputClassName: "w-40 print:h-auto print:w-auto print:border-0 print:bg-transparent print:p-0",
};

/** The book's filters: text, condominium, type, priority, situation and period (every entry by default). */
export function useOcorrenciaFilters(condominio: CondominioChoice) {
  const [text, setText] = useState("");
  const [tipo, setTipo] = useState<Tipo>("todos");
  const [prioridade, setPrioridade] = useState<Prioridade>("todas");
  const [situacao, setSituacao] = useState<Situacao>("todas");
  const [de, setDe] = useState("");
  const [ate, setAte] = useState("");
  const q = useDebouncedValue(text.trim(), 300);
  const periodo = !de || !ate || de <= ate ? { de, ate } : { de, ate: "" };
  const filtered =
    text.trim() !== "" || condominio.value !== TODOS || tipo !== "todos" || prioridade !== "todas" || situacao !== "todas" || de !== "" || ate !== "";
  const clearFilters = () => {
    setText("");
    setTipo("todos");
    setPrioridade("todas");
    setSituacao("todas");
    setDe("");
    setAte("");
    condominio.setValue(TODOS);
  };
  const params: OcorrenciaFilters = { q, condominio_id: condominio.value, tipo, prioridade, situacao, ...periodo };
  return {
    ...{ text, setText, tipo, setTipo, prioridade, setPrioridade, situacao, setSituacao, de, setDe, ate, setAte },
    condominio,
    params,
    clearFilters: filtered ? clearFilters : undefined,
  };
}

export type OcorrenciaFiltersState = ReturnType<typeof useOcorrenciaFilters>;

export function OcorrenciasToolbar({ filters }: { filters: OcorrenciaFiltersState }) {
  const uid = useId();
  return (
    <ListToolbar label="Filtrar ocorrências">
      <SearchField id={`${uid}-busca`} value={filters.text} onChange={filters.setText} placeholder="Buscar no título ou na descrição..." />
      <CondominioFilter id={`${uid}-condominio`} value={filters.condominio.value} onChange={filters.condominio.setValue} options={filters.condominio.options} />
      <FilterSelect id={`${uid}-tipo`} label="Tipo" value={filters.tipo} onChange={filters.setTipo} options={TIPO_OPTIONS} className="grid gap-2 sm:w-40" />
      <FilterSelect
        id={`${uid}-prioridade`}
        label="Prioridade"
        value={filters.prioridade}
        onChange={filters.setPrioridade}
        options={PRIORIDADE_OPTIONS}
        className="grid gap-2 sm:w-36"
      />
      <FilterSelect
        id={`${uid}-situacao`}
        label="Situação"
        value={filters.situacao}
        onChange={filters.setSituacao}
        options={SITUACAO_OPTIONS}
        className="grid gap-2 sm:w-36"
      />
      <DateFilterField id={`${uid}-de`} label="Registradas de" value={filters.de} onChange={filters.setDe} {...PERIODO_IMPRESSO} />
      <DateFilterField id={`${uid}-ate`} label="Até" value={filters.ate} onChange={filters.setAte} {...PERIODO_IMPRESSO} />
    </ListToolbar>
  );
}
