import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { DISPOSITIVOS_TEXTOS, FABRICANTE_ROTULO } from "@shared/schemas/dispositivos";
import { MSG } from "@shared/messages";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Loading } from "~/components/ui/query-state";
import { DISPOSITIVOS_PATHS, dispositivoQuery } from "~/features/dispositivos/api";
import { DispositivoForm } from "~/features/dispositivos/dispositivo-form";
import { EstadoBadge } from "~/features/dispositivos/estado-badge";
import { EventosCard } from "~/features/dispositivos/eventos-card";
import { IntegracaoCard } from "~/features/dispositivos/integracao-card";
import { SincronizacaoCard } from "~/features/dispositivos/sincronizacao-card";
import { TesteConexaoCard } from "~/features/dispositivos/teste-conexao-card";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { ApiError } from "~/lib/api";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import { toast, toastError } from "~/lib/toast";
import type { Route } from "./+types/editar";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Dispositivo");
}

export default function DispositivoPage({ params }: Route.ComponentProps) {
  return (
    <RequirePermission anyOf="gerenciar_dispositivos" deniedAs="gerenciar_dispositivos">
      <Dispositivo id={params.dispositivoId} />
    </RequirePermission>
  );
}

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function Dispositivo({ id }: { id: string }) {
  const navigate = useNavigate();
  const query = useQuery(dispositivoQuery(id));
  const condominios = useQuery(condominiosAtivosQuery());

  // A device that is gone (or not the user's) sends the user back to the list, saying so.
  useEffect(() => {
    if (!query.error || (query.data && !notFound(query.error))) return;
    if (notFound(query.error)) toast({ title: MSG.notFound.title, description: MSG.notFound.message, variant: "destructive" });
    else toastError(DISPOSITIVOS_TEXTOS.buscar, query.error);
    navigate(DISPOSITIVOS_PATHS.lista, { replace: true });
  }, [query.error, query.data, navigate]);

  const dispositivo = query.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={DISPOSITIVOS_PATHS.lista} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para dispositivos
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{dispositivo ? dispositivo.nome : "Dispositivo"}</h1>
        {dispositivo && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {dispositivo.condominio.nome} · {FABRICANTE_ROTULO[dispositivo.fabricante]} {dispositivo.modelo}
            {dispositivo.firmware && ` · firmware ${dispositivo.firmware}`} <EstadoBadge dispositivo={dispositivo} agora={query.dataUpdatedAt || Date.now()} />
          </p>
        )}
      </div>
      {dispositivo && query.isFetchedAfterMount ? (
        <>
          <TesteConexaoCard dispositivo={dispositivo} />
          <IntegracaoCard dispositivo={dispositivo} />
          <SincronizacaoCard dispositivo={dispositivo} />
          <EventosCard dispositivoId={dispositivo.id} />
          <DispositivoForm key={dispositivo.id} dispositivo={dispositivo} condominios={condominios.data} />
        </>
      ) : (
        <Loading label="Carregando dispositivo..." />
      )}
    </div>
  );
}
