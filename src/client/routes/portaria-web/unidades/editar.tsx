import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { PermissionName } from "@shared/permissions";
import type { CondominioOption } from "@shared/schemas/painel";
import type { Unidade } from "@shared/schemas/unidades";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { MoradoresSection } from "~/features/moradores/moradores-section";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { RequirePermission } from "~/components/portaria/require-permission";
import { useActionGuard } from "~/lib/use-action-guard";
import { unidadeQueryOptions, useDeleteUnidade, useUpdateUnidade, type UnidadeValues } from "~/features/unidades/api";
import { unidadeLabel } from "@shared/schemas/unidades";
import { AtivoBadge } from "~/components/ui/status-badge";
import { UnidadeForm, unidadeToFormValues, type UnidadeFormValues } from "~/features/unidades/unidade-form";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { saveCallbacks, type SaveForm } from "~/lib/save-callbacks";
import { toast, toastContent, toastError } from "~/lib/toast";
import type { Route } from "./+types/editar";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, MSG, SUCCESS_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Editar Unidade");
}

/** §6: the edit page opens with any one of these. */
const PAGE_PERMISSIONS: readonly PermissionName[] = ["visualizar_unidades", "editar_unidades", "gerenciar_moradores_unidade", "gerenciar_veiculos_morador"];

export default function EditarUnidadePage({ params }: Route.ComponentProps) {
  const { can } = useAuth();
  const canList = can("visualizar_unidades");
  return (
    <RequirePermission anyOf={PAGE_PERMISSIONS}>
      <EditarUnidade unidadeId={params.unidadeId} canList={canList} />
    </RequirePermission>
  );
}

function EditarUnidade({ unidadeId, canList }: { unidadeId: string; canList: boolean }) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const canEdit = can("editar_unidades");
  const canDelete = can("excluir_unidades");
  const showResidents = can(["gerenciar_moradores_unidade", "gerenciar_veiculos_morador"]);
  // Without the unit list, "back" is the painel.
  const backTo = canList ? PATHS.unidades : PATHS.painel;

  const unidade = useQuery(unidadeQueryOptions(unidadeId));
  const deleted = useRef(false);

  // §8: 'Unidade não encontrada' / 'Erro ao carregar dados da unidade', then back to the list.
  useEffect(() => {
    const error = unidade.error;
    if (!error || deleted.current) return;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      toast({ ...toastContent(MSG.unidadeGone), variant: "destructive" });
    } else {
      toastError(ERROR_TITLE.carregarUnidade, error);
    }
    navigate(backTo, { replace: true });
  }, [unidade.error, navigate, backTo]);

  const data = unidade.data;
  const ready = data && unidade.isFetchedAfterMount;

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {canList ? "Voltar para unidades" : "Voltar"}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{canEdit ? "Editar Unidade" : "Detalhes da Unidade"}</h1>
        {ready && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>
              {data.condominio.nome} · Unidade {unidadeLabel(data)}
            </span>
            <AtivoBadge ativo={data.ativo} feminine />
          </p>
        )}
      </div>

      {ready ? (
        <>
          <UnidadeCard key={data.id} unidade={data} canEdit={canEdit} canDelete={canDelete} backTo={backTo} onDeleted={() => (deleted.current = true)} />
          {showResidents && <MoradoresSection unidadeId={data.id} />}
        </>
      ) : (
        <Loading label="Carregando unidade..." />
      )}
    </div>
  );
}

function UnidadeCard({
  unidade,
  canEdit,
  canDelete,
  backTo,
  onDeleted,
}: {
  unidade: Unidade;
  canEdit: boolean;
  canDelete: boolean;
  backTo: string;
  onDeleted: () => void;
}) {
  const navigate = useNavigate();
  const guard = useActionGuard();
  const update = useUpdateUnidade();
  const remove = useDeleteUnidade();
  const [confirmOpen, setConfirmOpen] = useState(false);

  // Pick-lists offer only active condominiums (§4); the unit's own stays listed if it was deactivated.
  const condominios = useQuery({ ...condominiosAtivosQuery(), enabled: canEdit });
  useQueryErrorToast(condominios.error, ERROR_TITLE.buscarCondominios);
  const [defaultValues] = useState(() => unidadeToFormValues(unidade));
  const active = condominios.data ?? [];
  const ownInactive = !active.some((c) => c.id === unidade.condominio_id);
  const options: CondominioOption[] = canEdit
    ? [
        ...active,
        ...(ownInactive ? [{ id: unidade.condominio.id, nome: condominios.data ? `${unidade.condominio.nome} (inativo)` : unidade.condominio.nome }] : []),
      ]
    : [unidade.condominio];
  const note = canEdit && condominios.isError ? `Não foi possível carregar os condomínios: ${condominios.error.message}` : undefined;

  function save(values: UnidadeValues, form: SaveForm<UnidadeFormValues>) {
    if (!guard("editar_unidades")) return;
    update.mutate({ id: unidade.id, values }, saveCallbacks({ success: SUCCESS_TITLE.unidadeAtualizada, error: ERROR_TITLE.atualizarUnidade, form }));
  }

  function confirmDelete() {
    if (!guard("excluir_unidades")) return setConfirmOpen(false);
    // 409: 'Erro ao excluir' / 'Não é possível excluir a unidade pois existem moradores...' (7 s).
    remove.mutate(
      unidade.id,
      saveCallbacks({
        success: SUCCESS_TITLE.unidadeExcluida,
        error: ERROR_TITLE.excluirUnidade,
        done: () => {
          onDeleted();
          navigate(backTo);
        },
        failed: () => setConfirmOpen(false),
      }),
    );
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Dados da Unidade</h2>
        {!canEdit && <p className="text-sm text-slate-600">Você tem permissão apenas para visualizar os dados desta unidade.</p>}
      </CardHeader>
      <CardContent>
        {canEdit && condominios.isPending ? (
          <Loading label="Carregando condomínios..." />
        ) : (
          <UnidadeForm
            mode="edit"
            defaultValues={defaultValues}
            condominios={options}
            condominiosNote={note}
            readOnly={!canEdit}
            saving={update.isPending}
            onSave={save}
            cancelTo={backTo}
            extraActions={
              canDelete && (
                <Button type="button" variant="destructive" onClick={() => setConfirmOpen(true)} disabled={remove.isPending}>
                  <Trash2 aria-hidden /> Excluir Unidade
                </Button>
              )
            }
          />
        )}
      </CardContent>

      <ConfirmDialog
        open={confirmOpen}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        title="Excluir unidade"
        description={`Tem certeza que deseja excluir a unidade ${unidadeLabel(unidade)} do condomínio ${unidade.condominio.nome}? Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
      />
    </Card>
  );
}
