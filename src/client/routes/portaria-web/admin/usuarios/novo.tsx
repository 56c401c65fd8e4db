import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { gruposQueryOptions } from "~/features/grupos/api";
import { useCondominiosAtivos } from "~/features/condominios/api";
import { membershipOptions } from "~/features/usuarios/group-options";
import { UsuarioCreateForm } from "~/features/usuarios/usuario-create-form";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import type { Route } from "./+types/novo";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Novo Usuário | Portaria Web" }];
}

export default function NovoUsuarioPage() {
  return (
    <RequirePermission anyOf="gerenciar_usuarios_portaria">
      <NovoUsuario />
    </RequirePermission>
  );
}

function NovoUsuario() {
  const grupos = useQuery(gruposQueryOptions());
  // Without gerenciar_grupos_permissoes the list is refused: the form still works, without groups.
  const forbidden = grupos.error instanceof ApiError && grupos.error.status === 403;
  useQueryErrorToast(forbidden ? null : grupos.error, ERROR_TITLE.buscarGrupos);

  const { profile } = useAuth();
  // The condominiums the actor serves: the ones they may give (gatehouse-spec §2).
  const condominios = useCondominiosAtivos();
  // Each group the actor may not assign is shown disabled with the reason (the server refuses it too).
  const options = profile ? membershipOptions(profile, grupos.data?.rows ?? [], [], false) : [];
  // §2 preselects Administrador, when the actor may give it.
  const admin = options.find((g) => g.nome_grupo === ADMIN_GROUP_NAME && !g.disabled);
  const note = grupos.isError ? `Não foi possível carregar os grupos: ${grupos.error.message} O usuário será criado sem grupos.` : undefined;

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={PATHS.usuarios} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para usuários
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Novo Usuário</h1>
        <p className="text-sm text-slate-600">O usuário recebe um email de confirmação com as instruções de acesso e começa com o status Pendente.</p>
      </div>
      {grupos.isPending || condominios.isPending ? (
        <Loading label="Carregando grupos..." />
      ) : (
        <UsuarioCreateForm
          grupos={options}
          defaultGroupIds={admin ? [admin.id] : []}
          gruposNote={note}
          condominios={{ options: condominios.data ?? [], canGiveAll: profile?.acesso_todos_condominios ?? false }}
        />
      )}
    </div>
  );
}
