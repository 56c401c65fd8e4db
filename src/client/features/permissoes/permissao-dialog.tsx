import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { DEFAULT_PERMISSION_CATEGORY, isSystemPermission } from "@shared/permissions";
import { normalizePermissionName, permissaoInputSchema, type Permissao } from "@shared/schemas/permissoes";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useCreatePermissao, useUpdatePermissao, type PermissaoValues } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

interface FormValues {
  nome_permissao: string;
  categoria: string;
  descricao: string;
}

const resolver = zodResolver(permissaoInputSchema) as unknown as Resolver<FormValues, unknown, PermissaoValues>;

/** Names the screens check (§6): renaming one would lock everybody out of those screens. */

/** 'Nova Permissão' (no `permissao`) or 'Editar Permissão'. */
export function PermissaoDialog({
  open,
  onOpenChange,
  permissao,
  categorias,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  permissao: Permissao | null;
  categorias: string[];
}) {
  const editing = permissao !== null;
  const system = editing && isSystemPermission(permissao.nome_permissao);
  const guard = useActionGuard();
  const create = useCreatePermissao();
  const update = useUpdatePermissao();
  const uid = useId();
  const ids = { nome: `${uid}-nome`, categoria: `${uid}-categoria`, descricao: `${uid}-descricao`, lista: `${uid}-categorias` };

  const form = useForm<FormValues, unknown, PermissaoValues>({
    resolver,
    defaultValues: { nome_permissao: "", categoria: "", descricao: "" },
  });
  const { register, handleSubmit, reset, formState, control } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (!open) return;
    reset({
      nome_permissao: permissao?.nome_permissao ?? "",
      categoria: permissao?.categoria ?? "",
      descricao: permissao?.descricao ?? "",
    });
  }, [open, permissao, reset]);

  const typedName = useWatch({ control, name: "nome_permissao" });
  const normalized = normalizePermissionName(typedName ?? "");
  const saving = create.isPending || update.isPending;

  function onValid(values: PermissaoValues) {
    const close = () => onOpenChange(false);
    if (editing) {
      if (!guard("gerenciar_grupos_permissoes", "editarPermissao")) return;
      update.mutate(
        { id: permissao.id, values },
        saveCallbacks({ success: SUCCESS_TITLE.permissaoAtualizada, error: ERROR_TITLE.atualizarPermissao, done: close }),
      );
    } else {
      if (!guard("gerenciar_grupos_permissoes", "criarPermissao")) return;
      create.mutate(values, saveCallbacks({ success: SUCCESS_TITLE.permissaoCriada, error: ERROR_TITLE.criarPermissao, done: close }));
    }
  }

  const nameHint = system
    ? "Esta permissão é usada pelas telas do sistema e não pode ser renomeada."
    : normalized
      ? `Será salva como "${normalized}".`
      : "Letras minúsculas; os espaços viram sublinhado (ex.: visualizar_relatorios).";

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>{editing ? "Editar Permissão" : "Nova Permissão"}</DialogTitle>
          <DialogDescription>{editing ? "Altere os dados da permissão." : "Cadastre uma permissão para atribuí-la aos grupos."}</DialogDescription>
        </div>
        <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
          <FormField id={ids.nome} label="Nome da permissão" required hint={nameHint} error={errors.nome_permissao?.message}>
            <Input
              {...register("nome_permissao")}
              {...fieldAria(ids.nome, { error: errors.nome_permissao?.message, hint: true })}
              readOnly={system}
              aria-required
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              className="font-mono read-only:bg-slate-100"
            />
          </FormField>
          <FormField
            id={ids.categoria}
            label="Categoria"
            hint={`Escolha uma existente ou digite uma nova. Em branco, fica em "${DEFAULT_PERMISSION_CATEGORY}".`}
            error={errors.categoria?.message}
          >
            <Input
              {...register("categoria")}
              {...fieldAria(ids.categoria, { error: errors.categoria?.message, hint: true })}
              list={ids.lista}
              autoComplete="off"
              maxLength={100}
            />
            <datalist id={ids.lista}>
              {categorias.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </FormField>
          <FormField id={ids.descricao} label="Descrição" error={errors.descricao?.message}>
            <Textarea {...register("descricao")} {...fieldAria(ids.descricao, { error: errors.descricao?.message })} rows={3} maxLength={500} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={saving}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" disabled={saving}>
              {saving ? "Salvando..." : editing ? "Salvar alterações" : "Criar permissão"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
