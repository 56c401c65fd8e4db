import { useEffect, useId } from "react";
import { useWatch } from "react-hook-form";
import { DEFAULT_PERMISSION_CATEGORY, isSystemPermission } from "@shared/permissions";
import { normalizePermissionName, permissaoInputSchema, type Permissao } from "@shared/schemas/permissoes";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, TextareaField } from "~/components/ui/form-field-kit";
import { Input } from "~/components/ui/input";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { useCreatePermissao, useUpdatePermissao, type PermissaoValues } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

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
  const listaId = `${uid}-categorias`;

  const form = useZodForm(permissaoInputSchema, { defaultValues: { nome_permissao: "", categoria: "", descricao: "" } });
  const { handleSubmit, reset, control } = form;

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
        <Form {...form}>
          <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
            <InputField
              label="Nome da permissão"
              required
              hint={nameHint}
              control={control}
              name="nome_permissao"
              readOnly={system}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              inputClassName="font-mono read-only:bg-slate-100"
            />
            <FormField
              control={control}
              name="categoria"
              render={({ field }) => (
                // The input suggests the existing categories (a datalist after it, in the same frame).
                <FormItem>
                  <FormLabel>Categoria</FormLabel>
                  <FormControl>
                    <Input {...field} list={listaId} autoComplete="off" maxLength={100} />
                  </FormControl>
                  <datalist id={listaId}>
                    {categorias.map((c) => (
                      <option key={c} value={c} />
                    ))}
                  </datalist>
                  <FormDescription>{`Escolha uma existente ou digite uma nova. Em branco, fica em "${DEFAULT_PERMISSION_CATEGORY}".`}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <TextareaField label="Descrição" control={control} name="descricao" rows={3} maxLength={500} />
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
        </Form>
      </DialogContent>
    </Dialog>
  );
}
