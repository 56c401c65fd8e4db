import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { SITUACOES_ENCOMENDA_FILTRO, STATUS_ENCOMENDA_LABEL, TRANSPORTADORA_LABEL, TRANSPORTADORAS } from "@shared/schemas/encomendas";
import { ERROR_TITLE } from "@shared/messages";
import { CondominioFilter, TODOS } from "~/components/portaria/condominio-filter";
import type { CondominioChoice } from "~/components/portaria/status-list-filters";
import { DateFilterField } from "~/components/ui/date-time-field";
import { Label } from "~/components/ui/input";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { unidadesPortariaQuery } from "~/lib/pick-lists";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { EncomendaFilters } from "./api";
import { UnidadeCombobox } from "~/components/portaria/unidade-combobox";

type Situacao = EncomendaFilters["situacao"];
type TransportadoraFiltro = EncomendaFilters["transportadora"];

const SITUACAO_OPTIONS = SITUACOES_ENCOMENDA_FILTRO.map((s) => ({ value: s, label: s === "todas" ? "Todas" : STATUS_ENCOMENDA_LABEL[s] }));
const TRANSPORTADORA_OPTIONS: { value: TransportadoraFiltro; label: string }[] = [
  { value: "todas", label: "Todas" },
  ...TRANSPORTADORAS.map((t) => ({ value: t, label: TRANSPORTADORA_LABEL[t] })),
];

/** The parcels' filters: text, condominium, unit, situation ('Aguardando' by default), carrier and period. */
export function useEncomendaFilters(condominio: CondominioChoice) {
  const [text, setText] = useState("");
  const [unidadeId, setUnidadeId] = useState("");
  const [situacao, setSituacao] = useState<Situacao>("aguardando");
  const [transportadora, setTransportadora] = useState<TransportadoraFiltro>("todas");
  const [de, setDe] = useState("");
  const [ate, setAte] = useState("");
  const q = useDebouncedValue(text.trim(), 300);
  // A unit belongs to the condominium chosen: none while every condominium is shown.
  const unidade = condominio.value === TODOS ? "" : unidadeId;
  const periodo = !de || !ate || de <= ate ? { de, ate } : { de, ate: "" };
  const filtered =
    text.trim() !== "" || condominio.value !== TODOS || unidade !== "" || situacao !== "aguardando" || transportadora !== "todas" || de !== "" || ate !== "";
  const clearFilters = () => {
    setText("");
    setUnidadeId("");
    setSituacao("aguardando");
    setTransportadora("todas");
    setDe("");
    setAte("");
    condominio.setValue(TODOS);
  };
  const params: EncomendaFilters = { q, condominio_id: condominio.value, unidade_id: unidade, situacao, transportadora, ...periodo };
  return {
    ...{ text, setText, unidadeId: unidade, setUnidadeId, situacao, setSituacao, transportadora, setTransportadora, de, setDe, ate, setAte },
    condominio,
    params,
    clearFilters: filtered ? clearFilters : undefined,
  };
}

export type EncomendaFiltersState = ReturnType<typeof useEncomendaFilters>;

export function EncomendasToolbar({ filters }: { filters: EncomendaFiltersState }) {
  const uid = useId();
  const { condominio } = filters;
  return (
    <ListToolbar label="Filtrar encomendas">
      <SearchField id={`${uid}-busca`} value={filters.text} onChange={filters.setText} placeholder="Buscar por destinatário, rastreio ou local..." />
      <CondominioFilter
        id={`${uid}-condominio`}
        value={condominio.value}
        onChange={(id) => {
          condominio.setValue(id);
          filters.setUnidadeId("");
        }}
        options={condominio.options}
      />
      {condominio.value !== TODOS && (
        <UnidadeFiltro id={`${uid}-unidade`} condominioId={condominio.value} value={filters.unidadeId} onChange={filters.setUnidadeId} />
      )}
      <FilterSelect
        id={`${uid}-situacao`}
        label="Situação"
        value={filters.situacao}
        onChange={filters.setSituacao}
        options={SITUACAO_OPTIONS}
        className="grid gap-2 sm:w-40"
      />
      <FilterSelect
        id={`${uid}-transportadora`}
        label="Transportadora"
        value={filters.transportadora}
        onChange={filters.setTransportadora}
        options={TRANSPORTADORA_OPTIONS}
        className="grid gap-2 sm:w-44"
      />
      <DateFilterField id={`${uid}-de`} label="Recebidas de" value={filters.de} onChange={filters.setDe} />
      <DateFilterField id={`${uid}-ate`} label="Até" value={filters.ate} onChange={filters.setAte} />
    </ListToolbar>
  );
}

/** 'Unidade', typed as at the console; cleared, every unit of the condominium. */
function UnidadeFiltro({ id, condominioId, value, onChange }: { id: string; condominioId: string; value: string; onChange: (id: string) => void }) {
  const unidades = useQuery(unidadesPortariaQuery(condominioId));
  useQueryErrorToast(unidades.error, ERROR_TITLE.buscarUnidades);
  return (
    <div className="grid gap-2 sm:w-44">
      <Label htmlFor={id}>Unidade</Label>
      <UnidadeCombobox id={id} unidades={unidades.data ?? []} loading={unidades.isFetching} value={value} onChange={onChange} placeholder="Todas" />
    </div>
  );
}
