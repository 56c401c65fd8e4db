import { useInfiniteQuery } from "@tanstack/react-query";
import { formatInteiro } from "@shared/br/numero";
import type { RegistroListItem } from "@shared/schemas/registros";
import { TODOS } from "~/components/portaria/condominio-filter";
import { RequirePermission } from "~/components/portaria/require-permission";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { useCondominioFilter } from "~/features/condominios/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { buscaParada, buscaPorJanelas, registrosInfiniteQueryOptions, totalLimitado } from "~/features/registros/api";
import { ExportarCsv } from "~/features/registros/exportar-csv";
import { RegistrosToolbar, useRegistroFilters } from "~/features/registros/registros-filters";
import { RegistrosTable } from "~/features/registros/registros-table";
import { VerificarIntegridade } from "~/features/registros/verificar-integridade";
import { usePagedRows } from "~/lib/paged-list";
import type { Route } from "./+types/registros";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Registros de Acesso");
}

// Access records (gatehouse-spec §5; visualizar_registros_acesso).
export default function Page() {
  return (
    <RequirePermission anyOf="visualizar_registros_acesso" deniedAs="visualizar_registros_acesso">
      <Registros />
    </RequirePermission>
  );
}

function Registros() {
  const filters = useRegistroFilters(useCondominioFilter());
  const query = useInfiniteQuery({ ...registrosInfiniteQueryOptions(filters.params), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarRegistros);
  const { rows, total: contados } = usePagedRows<RegistroListItem>(query.data);
  const parada = buscaParada(query.data?.pages);
  // A search that went window by window (decision 0286) knows only what it found so far.
  const porJanelas = buscaPorJanelas(query.data?.pages);
  const limitado = porJanelas ? query.hasNextPage : totalLimitado(query.data?.pages);
  const total = porJanelas ? rows.length : contados;
  const condominioId = filters.condominio.value === TODOS ? null : filters.condominio.value;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Registros de Acesso</h1>
          <p className="text-sm text-slate-600">Entradas, saídas e tentativas recusadas, das mais recentes para as mais antigas. Horários de Brasília.</p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <ExportarCsv params={filters.params} total={total} totalExato={!limitado} />
          <VerificarIntegridade condominioId={condominioId} de={filters.params.de} ate={filters.params.ate} />
        </div>
      </div>

      <RegistrosToolbar filters={filters} />

      <PagedList query={query} rows={rows} total={total} totalLimitado={limitado} parada={parada} noun="registros">
        <RegistrosTable rows={rows} total={total} onClearFilters={filters.clearFilters} />
      </PagedList>
      {limitado && !porJanelas && <p className="text-sm text-slate-600">Mais de {formatInteiro(total)} registros: refine os filtros.</p>}
    </div>
  );
}
