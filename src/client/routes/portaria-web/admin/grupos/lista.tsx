import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { useActionGuard } from "~/lib/use-action-guard";
import { gruposQueryOptions } from "~/features/grupos/api";
import { GruposTable } from "~/features/grupos/grupos-table";
import type { Route } from "./+types/lista";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Grupos | Portaria Web" }];
}

export default function GruposPage() {
  return (
    <RequirePermission anyOf="gerenciar_grupos_permissoes">
      <Grupos />
    </RequirePermission>
  );
}

function Grupos() {
  const query = useQuery(gruposQueryOptions());
  useQueryErrorToast(query.error, ERROR_TITLE.buscarGrupos);
  const guard = useActionGuard();

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Grupos</h1>
          <p className="text-sm text-slate-600">Os grupos reúnem permissões; cada usuário recebe as permissões dos seus grupos.</p>
        </div>
        <Button asChild>
          <Link
            to={PATHS.grupoNovo}
            onClick={(event) => {
              if (!guard("gerenciar_grupos_permissoes", "criarGrupo")) event.preventDefault();
            }}
          >
            <Plus aria-hidden /> Criar Novo Grupo
          </Link>
        </Button>
      </div>
      <Card className="overflow-hidden">
        {query.isPending ? (
          <Loading label="Carregando grupos..." />
        ) : query.isError ? (
          <ListError error={query.error} />
        ) : (
          <GruposTable rows={query.data.rows} />
        )}
      </Card>
    </div>
  );
}
