import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { AcessoNegado } from "~/components/portaria/acesso-negado";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Loading } from "~/components/ui/query-state";
import { condominioQueryOptions } from "~/features/condominios/api";
import { CondominioForm } from "~/features/condominios/condominio-form";
import { AtivoBadge } from "~/components/ui/status-badge";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { toast, toastError } from "~/lib/toast";
import type { Route } from "./+types/editar";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, MSG } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Editar Condomínio");
}

// §6: the edit screen is for who may view or edit condominiums; reading it needs view (the API's rule).
export default function EditarCondominioPage({ params }: Route.ComponentProps) {
  return (
    <RequirePermission anyOf={["visualizar_condominios", "editar_condominios"]}>
      <EditarCondominio condominioId={params.condominioId} />
    </RequirePermission>
  );
}

function EditarCondominio({ condominioId }: { condominioId: string }) {
  const { can } = useAuth();
  // §2: without view permission, 'Acesso Negado' with a link to the list.
  if (!can("visualizar_condominios")) return <AcessoNegado backTo={PATHS.condominios} backLabel="Voltar para condomínios" />;
  return <CondominioEditor condominioId={condominioId} />;
}

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function CondominioEditor({ condominioId }: { condominioId: string }) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const query = useQuery(condominioQueryOptions(condominioId));
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  // §8: 'Condomínio não encontrado' or 'Erro ao carregar dados do condomínio', then back to the list.
  useEffect(() => {
    if (!query.error || forbidden) return;
    // A background refetch that fails keeps the form; only a vanished record sends the user away.
    if (query.data && !notFound(query.error)) return;
    if (notFound(query.error)) toast({ title: MSG.condominioNotFound.title, variant: "destructive" });
    else toastError(ERROR_TITLE.carregarCondominio, query.error);
    navigate(PATHS.condominios, { replace: true });
  }, [query.error, query.data, forbidden, navigate]);

  if (forbidden) return <AcessoNegado backTo={PATHS.condominios} backLabel="Voltar para condomínios" />;

  const condominio = query.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={PATHS.condominios} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para condomínios
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{can("editar_condominios") ? "Editar Condomínio" : "Detalhes do Condomínio"}</h1>
        {condominio && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {condominio.nome} <AtivoBadge ativo={condominio.ativo} />
          </p>
        )}
      </div>
      {/* Fresh data only: the form takes its values once. */}
      {condominio && query.isFetchedAfterMount ? <CondominioForm key={condominio.id} condominio={condominio} /> : <Loading label="Carregando condomínio..." />}
    </div>
  );
}
