import { useInfiniteQuery } from "@tanstack/react-query";
import type { MoradorListItem } from "@shared/schemas/moradores";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { RequirePermission } from "~/components/portaria/require-permission";
import { StatusListToolbar, useStatusListFilters } from "~/components/portaria/status-list-filters";
import { useCondominioFilter } from "~/features/condominios/api";
import { moradoresInfiniteQueryOptions } from "~/features/moradores/api";
import { MoradoresTable } from "~/features/moradores/moradores-table";
import { usePagedRows } from "~/lib/paged-list";
import type { Route } from "./+types/moradores";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Moradores");
}

export default function MoradoresPage() {
  return (
    <RequirePermission anyOf="gerenciar_moradores_unidade" deniedAs="gerenciar_moradores_unidade">
      <Moradores />
    </RequirePermission>
  );
}

// Issue 14: every resident of the user's condominiums; each name opens the resident's unit.
function Moradores() {
  const filters = useStatusListFilters(useCondominioFilter());
  const query = useInfiniteQuery({ ...moradoresInfiniteQueryOptions(filters.params), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarMoradores);
  const { rows, total } = usePagedRows<MoradorListItem>(query.data);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Moradores</h1>
        <p className="text-sm text-slate-600">Moradores de todas as unidades. Para cadastrar ou alterar um morador, abra a unidade dele pelo nome.</p>
      </div>

      <StatusListToolbar label="Filtrar moradores" placeholder="Buscar por nome, CPF, telefone ou unidade..." filters={filters} />

      <PagedList query={query} rows={rows} total={total} noun="moradores">
        <MoradoresTable rows={rows} total={total} onClearFilters={filters.clearFilters} />
      </PagedList>
    </div>
  );
}
