import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Loading } from "~/components/ui/query-state";
import { grupoQueryOptions } from "~/features/grupos/api";
import { GrupoForm } from "~/features/grupos/grupo-form";
import { usePermissoesCatalogo } from "~/features/permissoes/api";
import { toastError } from "~/lib/toast";
import type { Route } from "./+types/editar";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Editar Grupo | Portaria Web" }];
}

export default function EditarGrupoPage({ params }: Route.ComponentProps) {
  return (
    <RequirePermission anyOf="gerenciar_grupos_permissoes">
      <EditarGrupo groupId={params.groupId} />
    </RequirePermission>
  );
}

function EditarGrupo({ groupId }: { groupId: string }) {
  const navigate = useNavigate();
  const query = useQuery(grupoQueryOptions(groupId));
  const permissoes = usePermissoesCatalogo();

  // §8: 'Erro ao carregar dados do grupo', then back to the list.
  useEffect(() => {
    if (!query.error) return;
    toastError(ERROR_TITLE.carregarGrupo, query.error);
    navigate(PATHS.grupos, { replace: true });
  }, [query.error, navigate]);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={PATHS.grupos} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para grupos
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Editar Grupo</h1>
        {query.data && <p className="text-sm text-slate-600">Altere os dados e as permissões do grupo "{query.data.nome_grupo}".</p>}
      </div>
      {/* Fresh data only: the form takes its values once. */}
      {query.data && query.isFetchedAfterMount ? (
        <GrupoForm key={query.data.id} grupo={query.data} permissoes={permissoes} />
      ) : (
        <Loading label="Carregando grupo..." />
      )}
    </div>
  );
}
