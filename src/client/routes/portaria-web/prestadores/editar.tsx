import { useQuery } from "@tanstack/react-query";
import { deniedText } from "@shared/permissions";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { AcessoNegado } from "~/components/portaria/acesso-negado";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Loading } from "~/components/ui/query-state";
import { useCondominiosAtivos } from "~/features/condominios/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { prestadorQueryOptions } from "~/features/prestadores/api";
import { PrestadorForm } from "~/features/prestadores/prestador-form";
import { AtivoBadge } from "~/components/ui/status-badge";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { toast, toastError } from "~/lib/toast";
import type { Route } from "./+types/editar";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, MSG } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Editar Prestador");
}

// §6: provider edit needs view or edit.
export default function EditarPrestadorPage({ params }: Route.ComponentProps) {
  return (
    <RequirePermission anyOf={["visualizar_prestadores_servico", "editar_prestadores_servico"]} deniedAs="verPrestadoresPagina">
      <EditarPrestador prestadorId={params.prestadorId} />
    </RequirePermission>
  );
}

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function EditarPrestador({ prestadorId }: { prestadorId: string }) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const query = useQuery(prestadorQueryOptions(prestadorId));
  const condominios = useCondominiosAtivos();
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  // §8: 'Prestador não encontrado' or 'Erro ao carregar dados do prestador', then back to the list.
  useEffect(() => {
    if (!query.error || forbidden) return;
    // A background refetch that fails keeps the form; only a vanished record sends the user away.
    if (query.data && !notFound(query.error)) return;
    if (notFound(query.error)) toast({ title: MSG.prestadorNotFound.title, variant: "destructive" });
    else toastError(ERROR_TITLE.carregarPrestador, query.error);
    navigate(PATHS.prestadores, { replace: true });
  }, [query.error, query.data, forbidden, navigate]);

  if (forbidden) return <AcessoNegado message={deniedText("verPrestadoresPagina")} backTo={PATHS.prestadores} backLabel="Voltar para prestadores" />;

  const prestador = query.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={PATHS.prestadores} className="inline-flex items-center gap-1 justify-self-start text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para prestadores
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{can("editar_prestadores_servico") ? "Editar Prestador" : "Detalhes do Prestador"}</h1>
        {prestador && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {prestador.nome_empresa_profissional} <AtivoBadge ativo={prestador.ativo} />
          </p>
        )}
      </div>
      {/* Fresh data only: the form takes its values once. */}
      {prestador && query.isFetchedAfterMount ? (
        <PrestadorForm key={prestador.id} prestador={prestador} condominios={condominios.data} />
      ) : (
        <Loading label="Carregando prestador..." />
      )}
    </div>
  );
}
