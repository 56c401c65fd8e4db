import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { RequirePermission } from "~/components/portaria/require-permission";
import { useCondominiosAtivos } from "~/features/condominios/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { AutorizacaoForm } from "~/features/visitantes/autorizacao-form";
import { PATHS } from "~/lib/paths";
import type { Route } from "./+types/nova";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Nova Autorização");
}

export default function NovaAutorizacaoPage() {
  return (
    <RequirePermission anyOf="registrar_acesso_visitante" backTo={PATHS.painel}>
      <NovaAutorizacao />
    </RequirePermission>
  );
}

function NovaAutorizacao() {
  const condominios = useCondominiosAtivos();
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={PATHS.visitantes} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para visitantes
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Nova Autorização</h1>
        <p className="text-sm text-slate-600">
          O visitante recebe um código de 8 caracteres e um QR Code para apresentar na portaria. Os campos marcados com * são obrigatórios.
        </p>
      </div>
      <AutorizacaoForm condominios={condominios.data} />
    </div>
  );
}
