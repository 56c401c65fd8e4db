import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { AcessoNegado } from "~/components/portaria/acesso-negado";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Loading } from "~/components/ui/query-state";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { autorizacaoQueryOptions } from "~/features/visitantes/api";
import { AutorizacaoDetalhePanel } from "~/features/visitantes/autorizacao-detalhe";
import { SituacaoBadge } from "~/features/visitantes/format";
import { ApiError } from "~/lib/api";
import { PATHS } from "~/lib/paths";
import { toast, toastError } from "~/lib/toast";
import type { Route } from "./+types/detalhe";
import { ERROR_TITLE, MSG } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Autorização de Visita");
}

export default function AutorizacaoPage({ params }: Route.ComponentProps) {
  return (
    <RequirePermission anyOf="registrar_acesso_visitante">
      <Autorizacao autorizacaoId={params.autorizacaoId} />
    </RequirePermission>
  );
}

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function Autorizacao({ autorizacaoId }: { autorizacaoId: string }) {
  const navigate = useNavigate();
  const query = useQuery(autorizacaoQueryOptions(autorizacaoId));
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  // Unknown or outside the user's condominiums (the same 404): 'Autorização não encontrada', back to the list.
  useEffect(() => {
    if (!query.error || forbidden) return;
    if (query.data && !notFound(query.error)) return;
    if (notFound(query.error)) toast({ title: MSG.autorizacaoNotFound.title, variant: "destructive" });
    else toastError(ERROR_TITLE.carregarAutorizacao, query.error);
    navigate(PATHS.visitantes, { replace: true });
  }, [query.error, query.data, forbidden, navigate]);

  if (forbidden) return <AcessoNegado />;

  const autorizacao = query.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="grid gap-2">
        <Link to={PATHS.visitantes} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para visitantes
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Autorização de Visita</h1>
        {autorizacao && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {autorizacao.nome_visitante} <SituacaoBadge situacao={autorizacao.situacao} />
          </p>
        )}
      </div>
      {autorizacao ? <AutorizacaoDetalhePanel autorizacao={autorizacao} /> : <Loading label="Carregando autorização..." />}
    </div>
  );
}
