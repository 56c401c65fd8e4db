import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Card, CardContent } from "~/components/ui/card";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { RequirePermission } from "~/components/portaria/require-permission";
import { useActionGuard } from "~/lib/use-action-guard";
import { useCreateUnidade, type UnidadeValues } from "~/features/unidades/api";
import { EMPTY_UNIDADE, UnidadeForm, type UnidadeFormValues } from "~/features/unidades/unidade-form";
import { useAuth } from "~/lib/auth";
import { saveCallbacks, type SaveForm } from "~/lib/save-callbacks";
import type { Route } from "./+types/novo";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Nova Unidade");
}

export default function NovaUnidadePage() {
  const { can } = useAuth();
  const canList = can("visualizar_unidades");
  return (
    <RequirePermission
      anyOf="criar_unidades"
      deniedAs="criar_unidades"
      backTo={canList ? PATHS.unidades : PATHS.painel}
      backLabel={canList ? "Voltar para unidades" : "Voltar"}
    >
      <NovaUnidade canList={canList} />
    </RequirePermission>
  );
}

function NovaUnidade({ canList }: { canList: boolean }) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const guard = useActionGuard();
  const create = useCreateUnidade();
  const condominios = useQuery(condominiosAtivosQuery());
  useQueryErrorToast(condominios.error, ERROR_TITLE.buscarCondominios);
  const backTo = canList ? PATHS.unidades : PATHS.painel;

  function save(values: UnidadeValues, form: SaveForm<UnidadeFormValues>) {
    if (!guard("criar_unidades")) return;
    create.mutate(values, saveCallbacks({ success: SUCCESS_TITLE.unidadeCriada, error: ERROR_TITLE.criarUnidade, form, done: () => navigate(backTo) }));
  }

  const options = condominios.data ?? [];
  const note = condominios.isError ? (
    `Não foi possível carregar os condomínios: ${condominios.error.message}`
  ) : options.length === 0 ? (
    <>
      Nenhum condomínio ativo cadastrado.
      {can("criar_condominios") && (
        <>
          {" "}
          <Link to={PATHS.condominioNovo} className="text-brand-700 underline">
            Cadastrar condomínio
          </Link>
        </>
      )}
    </>
  ) : (
    "Somente condomínios ativos aparecem na lista."
  );

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div className="grid gap-2">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {canList ? "Voltar para unidades" : "Voltar"}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Cadastrar Nova Unidade</h1>
        <p className="text-sm text-slate-600">Os campos marcados com * são obrigatórios.</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          {condominios.isPending ? (
            <Loading label="Carregando condomínios..." />
          ) : (
            <UnidadeForm
              mode="create"
              defaultValues={EMPTY_UNIDADE}
              condominios={options}
              condominiosNote={note}
              saving={create.isPending}
              onSave={save}
              cancelTo={backTo}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
