import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Autorizacao } from "@shared/schemas/visitantes";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { useCondominioFilter } from "~/features/condominios/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { autorizacoesInfiniteQueryOptions } from "~/features/visitantes/api";
import { useVisitanteFilters, VisitantesToolbar } from "~/features/visitantes/visitantes-filters";
import { VisitantesTable } from "~/features/visitantes/visitantes-table";
import { usePagedRows } from "~/lib/paged-list";
import { PATHS } from "~/lib/paths";
import type { Route } from "./+types/visitantes";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Visitantes");
}

// Gatehouse-spec §4: pre-authorised visitors (registrar_acesso_visitante).
export default function VisitantesPage() {
  return (
    <RequirePermission anyOf="registrar_acesso_visitante">
      <Visitantes />
    </RequirePermission>
  );
}

function Visitantes() {
  const condominio = useCondominioFilter();
  const filters = useVisitanteFilters(condominio);
  const query = useInfiniteQuery({ ...autorizacoesInfiniteQueryOptions(filters.params), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarAutorizacoes);
  const { rows, total } = usePagedRows<Autorizacao>(query.data);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Visitantes</h1>
          <p className="text-sm text-slate-600">Visitantes pré-autorizados: na portaria, o código ou o QR Code abre a autorização.</p>
        </div>
        <Button asChild>
          <Link to={PATHS.visitanteNova}>
            <Plus aria-hidden /> Nova Autorização
          </Link>
        </Button>
      </div>

      <VisitantesToolbar filters={filters} />

      <PagedList query={query} rows={rows} total={total} noun="autorizações">
        <VisitantesTable rows={rows} total={total} onClearFilters={filters.clearFilters} />
      </PagedList>
    </div>
  );
}
