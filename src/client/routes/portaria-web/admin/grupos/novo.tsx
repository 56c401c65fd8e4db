import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { GrupoForm } from "~/features/grupos/grupo-form";
import { usePermissoesCatalogo } from "~/features/permissoes/api";
import type { Route } from "./+types/novo";
import { PATHS } from "~/lib/paths";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Novo Grupo | Portaria Web" }];
}

export default function NovoGrupoPage() {
  return (
    <RequirePermission anyOf="gerenciar_grupos_permissoes">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="grid gap-2">
          <Link to={PATHS.grupos} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para grupos
          </Link>
          <h1 className="text-2xl font-bold text-slate-900">Novo Grupo</h1>
          <p className="text-sm text-slate-600">Dê um nome ao grupo e escolha as permissões que os membros terão.</p>
        </div>
        <NovoGrupoForm />
      </div>
    </RequirePermission>
  );
}

function NovoGrupoForm() {
  const permissoes = usePermissoesCatalogo();
  return <GrupoForm permissoes={permissoes} />;
}
