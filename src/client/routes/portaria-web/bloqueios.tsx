import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import type { Bloqueio } from "@shared/schemas/bloqueios";
import { RequirePermission } from "~/components/portaria/require-permission";
import { TODOS } from "~/components/portaria/condominio-filter";
import { Button } from "~/components/ui/button";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { bloqueiosInfiniteQueryOptions } from "~/features/bloqueios/api";
import { BloqueioDialog } from "~/features/bloqueios/bloqueio-dialog";
import { BloqueiosToolbar, useBloqueioFilters } from "~/features/bloqueios/bloqueios-filters";
import { BloqueiosTable } from "~/features/bloqueios/bloqueios-table";
import { useCondominioFilter } from "~/features/condominios/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { usePagedRows } from "~/lib/paged-list";
import type { Route } from "./+types/bloqueios";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Bloqueios");
}

export default function BloqueiosPage() {
  return (
    <RequirePermission anyOf="gerenciar_bloqueios_acesso" deniedAs="gerenciar_bloqueios_acesso">
      <Bloqueios />
    </RequirePermission>
  );
}

/** Gatehouse-spec §6: who must not enter, where, why and until when; removed ones kept in the history. */
function Bloqueios() {
  const condominio = useCondominioFilter();
  const filters = useBloqueioFilters(condominio);
  const [creating, setCreating] = useState(false);
  const query = useInfiniteQuery({ ...bloqueiosInfiniteQueryOptions(filters.params), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarBloqueios);
  const { rows, total } = usePagedRows<Bloqueio>(query.data);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Bloqueios</h1>
          <p className="text-sm text-slate-600">Pessoas e veículos impedidos de entrar. Um bloqueio ativo interrompe a entrada na portaria.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Novo Bloqueio
        </Button>
      </div>

      <BloqueiosToolbar filters={filters} />

      <PagedList query={query} rows={rows} total={total} noun="bloqueios">
        <BloqueiosTable rows={rows} total={total} onClearFilters={filters.clearFilters} />
      </PagedList>

      <BloqueioDialog
        open={creating}
        onClose={() => setCreating(false)}
        condominios={condominio.options}
        condominioInicial={condominio.value === TODOS ? undefined : condominio.value}
      />
    </div>
  );
}
