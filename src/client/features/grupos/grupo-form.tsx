import type { UseQueryResult } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useId, useMemo } from "react";
import { Controller, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { ERROR_TITLE, MSG, SUCCESS_TITLE } from "@shared/messages";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import { grupoInputSchema, type Grupo } from "@shared/schemas/grupos";
import type { Permissao } from "@shared/schemas/permissoes";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, TextareaField } from "~/components/ui/form-field-kit";
import { ListError, Loading } from "~/components/ui/query-state";
import { useAuth } from "~/lib/auth";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { useCreateGrupo, useUpdateGrupo, type GrupoValues } from "./api";
import { PermissionChecklist } from "./permission-checklist";
import { PATHS } from "~/lib/paths";

/** Create (no `grupo`) or edit. Administrador keeps its name and every permission (§5). */
export function GrupoForm({ grupo, permissoes }: { grupo?: Grupo; permissoes: UseQueryResult<{ rows: Permissao[]; total: number }> }) {
  const navigate = useNavigate();
  const guard = useActionGuard();
  const create = useCreateGrupo();
  const update = useUpdateGrupo();
  const uid = useId();
  const permissoesId = `${uid}-permissoes`;

  const isAdmin = grupo?.nome_grupo === ADMIN_GROUP_NAME;
  const allIds = permissoes.data?.rows.map((p) => p.id) ?? [];
  // Nobody grants what they do not hold: permissions the actor lacks cannot be added (the server
  // refuses them too); those the group already has may stay or be removed.
  const { profile } = useAuth();
  const locked = useMemo(() => {
    const held = new Set(profile?.permissions ?? []);
    const has = new Set(grupo?.permissao_ids ?? []);
    return new Set((permissoes.data?.rows ?? []).filter((p) => !has.has(p.id) && !held.has(p.nome_permissao)).map((p) => p.id));
  }, [profile, grupo, permissoes.data]);
  const saving = create.isPending || update.isPending;

  const form = useZodForm(grupoInputSchema, {
    defaultValues: {
      nome_grupo: grupo?.nome_grupo ?? "",
      descricao: grupo?.descricao ?? "",
      permissao_ids: grupo?.permissao_ids ?? [],
    },
  });
  const { handleSubmit, control, setValue } = form;
  const selectedCount = useWatch({ control, name: "permissao_ids" }).length;

  function onValid(values: GrupoValues) {
    const backToList = () => navigate(PATHS.grupos);
    if (grupo) {
      if (!guard("gerenciar_grupos_permissoes", "editarGrupo")) return;
      // Administrador keeps its name and every permission: its permissions are not sent at all.
      const body = isAdmin ? { nome_grupo: ADMIN_GROUP_NAME, descricao: values.descricao } : values;
      update.mutate(
        { id: grupo.id, values: body },
        saveCallbacks({ success: SUCCESS_TITLE.grupoAtualizado, error: ERROR_TITLE.atualizarGrupo, done: backToList }),
      );
    } else {
      if (!guard("gerenciar_grupos_permissoes", "criarGrupo")) return;
      create.mutate(values, saveCallbacks({ success: SUCCESS_TITLE.grupoCriado, error: ERROR_TITLE.criarGrupo, done: backToList }));
    }
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <Form {...form}>
          <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-5">
            {isAdmin && (
              <p className="flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900" id={`${uid}-admin`}>
                <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />O grupo Administrador é protegido: ele possui todas as permissões e não pode ser
                renomeado, excluído nem ter as permissões alteradas. Só a descrição pode ser editada.
              </p>
            )}
            <InputField
              label="Nome do grupo"
              required
              hint={isAdmin ? "O nome do grupo Administrador não pode ser alterado." : undefined}
              control={control}
              name="nome_grupo"
              readOnly={isAdmin}
              autoComplete="off"
              maxLength={100}
              placeholder="Ex.: Porteiros"
              inputClassName="read-only:bg-slate-100"
            />
            <TextareaField label="Descrição" control={control} name="descricao" rows={3} maxLength={500} placeholder="Para que serve este grupo" />

            <div className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span id={permissoesId} className="text-sm font-medium text-slate-800">
                  Permissões
                </span>
                {!isAdmin && permissoes.data && permissoes.data.rows.length > 0 && (
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        setValue(
                          "permissao_ids",
                          allIds.filter((id) => !locked.has(id)),
                          { shouldDirty: true },
                        )
                      }
                    >
                      Marcar todas
                    </Button>
                    <Button type="button" variant="ghost" size="sm" onClick={() => setValue("permissao_ids", [], { shouldDirty: true })}>
                      Desmarcar todas
                    </Button>
                  </div>
                )}
              </div>
              {permissoes.isPending ? (
                <Loading label="Carregando permissões..." className="py-4" />
              ) : permissoes.isError ? (
                <ListError error={permissoes.error} className="py-4" />
              ) : (
                <Controller
                  control={control}
                  name="permissao_ids"
                  render={({ field }) => (
                    <PermissionChecklist
                      permissoes={permissoes.data.rows}
                      value={isAdmin ? allIds : field.value}
                      onChange={field.onChange}
                      disabled={isAdmin}
                      locked={isAdmin ? undefined : locked}
                      lockedNoteId={`${uid}-bloqueadas`}
                      labelledBy={permissoesId}
                      describedBy={isAdmin ? `${uid}-admin` : `${uid}-contagem`}
                    />
                  )}
                />
              )}
              {!isAdmin && locked.size > 0 && (
                <p id={`${uid}-bloqueadas`} className="text-xs text-slate-600">
                  As permissões desabilitadas são as que você não possui. {MSG.grantUnheld.message}
                </p>
              )}
              {!isAdmin && permissoes.data && (
                <p id={`${uid}-contagem`} className="text-xs text-slate-600" aria-live="polite">
                  {selectedCount === 1 ? "1 permissão selecionada" : `${selectedCount} permissões selecionadas`}
                </p>
              )}
            </div>

            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to={PATHS.grupos}>Cancelar</Link>
              </Button>
              <Button type="submit" disabled={saving || (isAdmin && !permissoes.data)}>
                {saving ? "Salvando..." : grupo ? "Salvar alterações" : "Criar grupo"}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
