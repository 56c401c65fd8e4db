import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { gruposQueryOptions } from "~/features/grupos/api";
import { useCondominiosAtivos } from "~/features/condominios/api";
import { usuarioQueryOptions } from "~/features/usuarios/api";
import { StatusBadge } from "~/features/usuarios/status";
import { UsuarioEditForm } from "~/features/usuarios/usuario-edit-form";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { toastError } from "~/lib/toast";
import type { Route } from "./+types/editar";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Editar Usuário | Portaria Web" }];
}

export default function EditarUsuarioPage({ params }: Route.ComponentProps) {
  return (
    <RequirePermission anyOf="gerenciar_usuarios_portaria">
      <EditarUsuario usuarioId={params.usuarioId} />
    </RequirePermission>
  );
}

function EditarUsuario({ usuarioId }: { usuarioId: string }) {
  const navigate = useNavigate();
  const usuario = useQuery(usuarioQueryOptions(usuarioId));
  const grupos = useQuery(gruposQueryOptions());
  const condominios = useCondominiosAtivos();
  const { profile } = useAuth();
  const forbidden = grupos.error instanceof ApiError && grupos.error.status === 403;
  useQueryErrorToast(forbidden ? null : grupos.error, ERROR_TITLE.buscarGrupos);

  // §8: 'Erro ao carregar dados do usuário', then back to the list.
  useEffect(() => {
    if (!usuario.error) return;
    toastError(ERROR_TITLE.carregarUsuario, usuario.error);
    navigate(PATHS.usuarios, { replace: true });
  }, [usuario.error, navigate]);

  const ready = usuario.data && usuario.isFetchedAfterMount && !grupos.isPending && !condominios.isPending;
  const note = grupos.isError ? `Não foi possível carregar a lista de grupos: ${grupos.error.message} Só os grupos atuais do usuário aparecem.` : undefined;

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={PATHS.usuarios} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para usuários
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Editar Usuário</h1>
        {usuario.data && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {usuario.data.nome_completo} <StatusBadge status={usuario.data.status} />
            <span>· Primeiro acesso {usuario.data.primeiro_acesso_concluido ? "concluído" : "pendente"}</span>
          </p>
        )}
      </div>
      {ready ? (
        <UsuarioEditForm
          key={usuario.data.id}
          usuario={usuario.data}
          grupos={grupos.data?.rows ?? null}
          gruposNote={note}
          condominios={{ options: condominios.data ?? [], canGiveAll: profile?.acesso_todos_condominios ?? false }}
        />
      ) : (
        <Loading label="Carregando usuário..." />
      )}
    </div>
  );
}
