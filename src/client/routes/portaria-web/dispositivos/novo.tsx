import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { DISPOSITIVOS_PATHS } from "~/features/dispositivos/api";
import { DispositivoForm } from "~/features/dispositivos/dispositivo-form";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import type { Route } from "./+types/novo";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Novo Dispositivo");
}

export default function NovoDispositivoPage() {
  const condominios = useQuery(condominiosAtivosQuery());
  return (
    <RequirePermission anyOf="gerenciar_dispositivos" deniedAs="gerenciar_dispositivos">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="grid gap-2">
          <Link to={DISPOSITIVOS_PATHS.lista} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para dispositivos
          </Link>
          <h1 className="text-2xl font-bold text-slate-900">Novo Dispositivo</h1>
          <p className="text-sm text-slate-600">Depois de cadastrar, configure no dispositivo o endereço de integração mostrado na página dele.</p>
        </div>
        <DispositivoForm condominios={condominios.data} />
      </div>
    </RequirePermission>
  );
}
