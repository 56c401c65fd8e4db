import { useId, useState } from "react";
import type { CondominioOption } from "@shared/schemas/painel";
import { RESULTADO_LABEL, SENTIDO_LABEL, TIPO_PESSOA_LABEL } from "@shared/schemas/registros";
import { today } from "@shared/time";
import { CondominioFilter, TODOS } from "~/components/portaria/condominio-filter";
import { DateFilterField } from "~/components/ui/date-time-field";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { RegistroParams } from "./api";

const options = <K extends string>(labels: Record<K, string>, todos: string) => [
  { value: "todos" as const, label: todos },
  ...(Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label })),
];
const TIPO_OPTIONS = options(TIPO_PESSOA_LABEL, "Todos");
const SENTIDO_OPTIONS = options(SENTIDO_LABEL, "Todos");
const RESULTADO_OPTIONS = options(RESULTADO_LABEL, "Todos");

/** The page's condominium filter (useCondominioFilter of the condominium feature). */
interface CondominioChoice {
  value: string;
  setValue: (value: string) => void;
  options: readonly CondominioOption[];
}

/**
 * The filters of Registros (gatehouse-spec §5): condomínio, período (default today, São Paulo),
 * tipo de pessoa, sentido, resultado and a text. `params` go to the list and to the export alike.
 */
export function useRegistroFilters(condominio: CondominioChoice) {
  const hoje = today();
  const [text, setText] = useState("");
  const [de, setDe] = useState(hoje);
  const [ate, setAte] = useState(hoje);
  const [tipo, setTipo] = useState<RegistroParams["tipo_pessoa"]>("todos");
  const [sentido, setSentido] = useState<RegistroParams["sentido"]>("todos");
  const [resultado, setResultado] = useState<RegistroParams["resultado"]>("todos");
  const q = useDebouncedValue(text.trim(), 300);
  const periodo = de && ate && de <= ate ? { de, ate } : { de: hoje, ate: hoje };
  const params: RegistroParams = { q, condominio_id: condominio.value, ...periodo, tipo_pessoa: tipo, sentido, resultado };
  const filtered =
    text.trim() !== "" || condominio.value !== TODOS || de !== hoje || ate !== hoje || tipo !== "todos" || sentido !== "todos" || resultado !== "todos";
  const clearFilters = () => {
    setText("");
    setDe(hoje);
    setAte(hoje);
    setTipo("todos");
    setSentido("todos");
    setResultado("todos");
    condominio.setValue(TODOS);
  };
  return {
    ...{ text, setText, de, setDe, ate, setAte, tipo, setTipo, sentido, setSentido, resultado, setResultado, condominio, hoje },
    params,
    clearFilters: filtered ? clearFilters : undefined,
  };
}

export type RegistroFiltersState = ReturnType<typeof useRegistroFilters>;

export function RegistrosToolbar({ filters }: { filters: RegistroFiltersState }) {
  const uid = useId();
  const { condominio } = filters;
  return (
    <ListToolbar label="Filtrar registros">
      <SearchField id={`${uid}-busca`} value={filters.text} onChange={filters.setText} placeholder="Buscar por nome, documento, placa ou unidade..." />
      <CondominioFilter id={`${uid}-condominio`} value={condominio.value} onChange={condominio.setValue} options={condominio.options} />
      <DateFilterField id={`${uid}-de`} label="De" value={filters.de} onChange={filters.setDe} />
      <DateFilterField id={`${uid}-ate`} label="Até" value={filters.ate} onChange={filters.setAte} />
      <FilterSelect
        id={`${uid}-tipo`}
        label="Tipo de pessoa"
        value={filters.tipo}
        onChange={filters.setTipo}
        options={TIPO_OPTIONS}
        className="grid gap-2 sm:w-40"
      />
      <FilterSelect
        id={`${uid}-sentido`}
        label="Sentido"
        value={filters.sentido}
        onChange={filters.setSentido}
        options={SENTIDO_OPTIONS}
        className="grid gap-2 sm:w-36"
      />
      <FilterSelect
        id={`${uid}-resultado`}
        label="Resultado"
        value={filters.resultado}
        onChange={filters.setResultado}
        options={RESULTADO_OPTIONS}
        className="grid gap-2 sm:w-36"
      />
    </ListToolbar>
  );
}
