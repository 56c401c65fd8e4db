import { useInfiniteQuery } from "@tanstack/react-query";
import type { VeiculoListItem } from "@shared/schemas/veiculos";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { RequirePermission } from "~/components/portaria/require-permission";
import { StatusListToolbar, useStatusListFilters } from "~/components/portaria/status-list-filters";
import { useCondominioFilter } from "~/features/condominios/api";
import { veiculosInfiniteQueryOptions } from "~/features/veiculos/api";
import { VeiculosTable } from "~/features/veiculos/veiculos-table";
import { usePagedRows } from "~/lib/paged-list";
import type { Route } from "./+types/veiculos";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Veículos");
}

export default function VeiculosPage() {
  return (
    <RequirePermission anyOf="visualizar_veiculos" deniedAs="visualizar_veiculos">
      <Veiculos />
    </RequirePermission>
  );
}

function Veiculos() {
  const filters = useStatusListFilters(useCondominioFilter());
  const query = useInfiniteQuery({ ...veiculosInfiniteQueryOptions(filters.params), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarVeiculos);
  const { rows, total } = usePagedRows<VeiculoListItem>(query.data);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Veículos</h1>
        <p className="text-sm text-slate-600">Veículos dos moradores de todas as unidades. Para cadastrar ou alterar um veículo, abra a unidade do morador.</p>
      </div>

      <StatusListToolbar label="Filtrar veículos" placeholder="Buscar por placa, marca, modelo ou cor..." filters={filters} />

      <PagedList query={query} rows={rows} total={total} noun="veículos">
        <VeiculosTable rows={rows} total={total} onClearFilters={filters.clearFilters} />
      </PagedList>
    </div>
  );
}
