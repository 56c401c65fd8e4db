import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CondominioListItem } from "@shared/schemas/condominios";
import { AcessoNegado } from "~/components/portaria/acesso-negado";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import { SearchField } from "~/components/ui/list-toolbar";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { useActionGuard } from "~/lib/use-action-guard";
import { condominiosInfiniteQueryOptions } from "~/features/condominios/api";
import { CondominiosGrid } from "~/features/condominios/condominios-grid";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { usePagedRows } from "~/lib/paged-list";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { Route } from "./+types/lista";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Condomínios");
}

export default function CondominiosPage() {
  return (
    <RequirePermission anyOf="visualizar_condominios">
      <Condominios />
    </RequirePermission>
  );
}

function Condominios() {
  const { can, profile } = useAuth();
  const guard = useActionGuard();
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), 300);

  const query = useInfiniteQuery({ ...condominiosInfiniteQueryOptions({ q }), placeholderData: (previous) => previous });
  // The permission was taken away after the profile loaded: the server refuses, the page says so.
  const forbidden = query.error instanceof ApiError && query.error.status === 403;
  useQueryErrorToast(forbidden ? null : query.error, ERROR_TITLE.buscarCondominios);
  const { rows, total } = usePagedRows<CondominioListItem>(query.data);

  if (forbidden) return <AcessoNegado />;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Condomínios</h1>
          <p className="text-sm text-slate-600">Os condomínios atendidos pela portaria, com seus dados de contato e síndico.</p>
        </div>
        {/* Creating a condominium needs all-condominium access (gatehouse-spec §2). */}
        {can("criar_condominios") && profile?.acesso_todos_condominios && (
          <Button asChild>
            <Link
              to={PATHS.condominioNovo}
              onClick={(event) => {
                if (!guard("criar_condominios")) event.preventDefault();
              }}
            >
              <Plus aria-hidden /> Novo Condomínio
            </Link>
          </Button>
        )}
      </div>

      <SearchField
        role="search"
        aria-label="Filtrar condomínios"
        className="grid max-w-md gap-2"
        id="busca-condominios"
        value={text}
        onChange={setText}
        placeholder="Buscar por nome ou CNPJ..."
      />

      <PagedList query={query} rows={rows} total={total} noun="condomínios" framed={false}>
        <CondominiosGrid rows={rows} />
      </PagedList>
    </div>
  );
}
