import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { useCondominiosAtivos } from "~/features/condominios/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { PrestadorForm } from "~/features/prestadores/prestador-form";
import type { Route } from "./+types/novo";
import { PATHS } from "~/lib/paths";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Novo Prestador");
}

export default function NovoPrestadorPage() {
  const condominios = useCondominiosAtivos();
  return (
    <RequirePermission anyOf="criar_prestadores_servico">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="grid gap-2">
          <Link to={PATHS.prestadores} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para prestadores
          </Link>
          <h1 className="text-2xl font-bold text-slate-900">Novo Prestador</h1>
          <p className="text-sm text-slate-600">Sem condomínio, o prestador é geral: vale para todos os condomínios.</p>
        </div>
        <PrestadorForm condominios={condominios.data} />
      </div>
    </RequirePermission>
  );
}
