import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { VeiculoListItem } from "@shared/schemas/veiculos";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { RequirePermission } from "~/components/portaria/require-permission";
import { CondominioFilter, TODOS } from "~/components/portaria/condominio-filter";
import { useCondominioFilter } from "~/features/condominios/api";
import { veiculosInfiniteQueryOptions, type VeiculoStatusFilter } from "~/features/veiculos/api";
import { VeiculosTable } from "~/features/veiculos/veiculos-table";
import { usePagedRows } from "~/lib/paged-list";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { Route } from "./+types/veiculos";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Veículos");
}

const STATUS_OPTIONS: { value: VeiculoStatusFilter; label: string }[] = [
  { value: "todos", label: "Todos" },
  { value: "ativo", label: "Ativos" },
  { value: "inativo", label: "Inativos" },
];

export default function VeiculosPage() {
  return (
    <RequirePermission anyOf="visualizar_veiculos" deniedAs="visualizar_veiculos">
      <Veiculos />
    </RequirePermission>
  );
}

function Veiculos() {
  const uid = useId();
  const [text, setText] = useState("");
  const [status, setStatus] = useState<VeiculoStatusFilter>("todos");
  const condominio = useCondominioFilter();
  const q = useDebouncedValue(text.trim(), 300);

  const query = useInfiniteQuery({
    ...veiculosInfiniteQueryOptions({ q, condominio_id: condominio.value, status }),
    placeholderData: (previous) => previous,
  });
  useQueryErrorToast(query.error, "Erro ao buscar veículos");
  const { rows, total } = usePagedRows<VeiculoListItem>(query.data);

  const filtered = text.trim() !== "" || condominio.value !== TODOS || status !== "todos";
  function clearFilters() {
    setText("");
    setStatus("todos");
    condominio.setValue(TODOS);
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Veículos</h1>
        <p className="text-sm text-slate-600">Veículos dos moradores de todas as unidades. Para cadastrar ou alterar um veículo, abra a unidade do morador.</p>
      </div>

      <ListToolbar label="Filtrar veículos">
        <SearchField id={`${uid}-busca`} value={text} onChange={setText} placeholder="Buscar por placa, marca, modelo ou cor..." />
        <CondominioFilter id={`${uid}-condominio`} value={condominio.value} onChange={condominio.setValue} options={condominio.options} />
        <FilterSelect id={`${uid}-status`} label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} className="grid gap-2 sm:w-44" />
      </ListToolbar>

      <PagedList query={query} rows={rows} total={total} noun="veículos">
        <VeiculosTable rows={rows} total={total} onClearFilters={filtered ? clearFilters : undefined} />
      </PagedList>
    </div>
  );
}
