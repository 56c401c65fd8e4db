import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { CondominioForm } from "~/features/condominios/condominio-form";
import { portariaMeta } from "~/features/portaria-shell/meta";
import type { Route } from "./+types/novo";
import { PATHS } from "~/lib/paths";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Novo Condomínio");
}

export default function NovoCondominioPage() {
  return (
    <RequirePermission anyOf="criar_condominios" needsAllCondominios>
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="grid gap-2">
          <Link to={PATHS.condominios} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para condomínios
          </Link>
          <h1 className="text-2xl font-bold text-slate-900">Novo Condomínio</h1>
          <p className="text-sm text-slate-600">Só o nome é obrigatório; os demais dados podem ser completados depois.</p>
        </div>
        <CondominioForm />
      </div>
    </RequirePermission>
  );
}
