import { zodResolver } from "@hookform/resolvers/zod";
import { useId, type ReactNode } from "react";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import { Link } from "react-router";
import type { CondominioOption } from "@shared/schemas/painel";
import { unidadeCreateSchema, unidadeUpdateSchema, type Unidade } from "@shared/schemas/unidades";
import { Button } from "~/components/ui/button";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { Input, Label, Textarea } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { applyServerFieldErrors } from "~/features/usuarios/server-field-errors";
import type { UnidadeValues } from "./api";

export interface UnidadeFormValues {
  condominio_id: string;
  bloco: string;
  numero_unidade: string;
  andar: string;
  tipo_unidade: string;
  observacoes: string;
  ativo: boolean;
}

const FIELDS = ["condominio_id", "bloco", "numero_unidade", "andar", "tipo_unidade", "observacoes", "ativo"] as const;
const createResolver = zodResolver(unidadeCreateSchema) as unknown as Resolver<UnidadeFormValues, unknown, UnidadeValues>;
const updateResolver = zodResolver(unidadeUpdateSchema) as unknown as Resolver<UnidadeFormValues, unknown, UnidadeValues>;

export const EMPTY_UNIDADE: UnidadeFormValues = {
  condominio_id: "",
  bloco: "",
  numero_unidade: "",
  andar: "",
  tipo_unidade: "",
  observacoes: "",
  ativo: true,
};

export function unidadeToFormValues(unidade: Unidade): UnidadeFormValues {
  return {
    condominio_id: unidade.condominio_id,
    bloco: unidade.bloco ?? "",
    numero_unidade: unidade.numero_unidade,
    andar: unidade.andar ?? "",
    tipo_unidade: unidade.tipo_unidade ?? "",
    observacoes: unidade.observacoes ?? "",
    ativo: unidade.ativo,
  };
}

/**
 * The unit form of §2, for create and edit. `condominios` are the active ones (pick-lists offer
 * only those, §4); on edit the unit's own condominium is added when it has been deactivated.
 * `readOnly` disables every field and hides Save (no editar_unidades).
 */
export function UnidadeForm({
  mode,
  defaultValues,
  condominios,
  condominiosNote,
  readOnly = false,
  saving,
  onSave,
  cancelTo,
  extraActions,
}: {
  mode: "create" | "edit";
  defaultValues: UnidadeFormValues;
  condominios: CondominioOption[];
  condominiosNote?: ReactNode;
  readOnly?: boolean;
  saving: boolean;
  /** Resolves when saved; rejects with the API error (its field messages go under the fields). */
  onSave: (values: UnidadeValues) => Promise<unknown>;
  cancelTo: string;
  extraActions?: ReactNode;
}) {
  const uid = useId();
  const ids = {
    condominio: `${uid}-condominio`,
    bloco: `${uid}-bloco`,
    numero: `${uid}-numero`,
    andar: `${uid}-andar`,
    tipo: `${uid}-tipo`,
    observacoes: `${uid}-observacoes`,
    ativo: `${uid}-ativo`,
  };

  const { register, handleSubmit, control, formState, setError } = useForm<UnidadeFormValues, unknown, UnidadeValues>({
    resolver: mode === "create" ? createResolver : updateResolver,
    defaultValues,
    disabled: readOnly,
  });
  const errors = formState.errors;
  const ativo = useWatch({ control, name: "ativo" });

  async function onValid(values: UnidadeValues) {
    try {
      await onSave(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  }

  return (
    <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-5" aria-label="Dados da unidade">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id={ids.condominio}
          label="Condomínio"
          required
          error={errors.condominio_id?.message}
          hint={condominiosNote}
          className="sm:col-span-2"
        >
          <Controller
            control={control}
            name="condominio_id"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name} disabled={readOnly}>
                <SelectTrigger
                  {...fieldAria(ids.condominio, { error: errors.condominio_id?.message, hint: Boolean(condominiosNote) })}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-required
                >
                  <SelectValue placeholder="Selecione o condomínio" />
                </SelectTrigger>
                <SelectContent>
                  {condominios.map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.nome}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id={ids.bloco} label="Bloco/Torre" error={errors.bloco?.message}>
          <Input {...register("bloco")} {...fieldAria(ids.bloco, { error: errors.bloco?.message })} autoComplete="off" maxLength={50} placeholder={readOnly ? undefined : "Ex.: A"} />
        </FormField>
        <FormField id={ids.numero} label="Número da Unidade" required error={errors.numero_unidade?.message}>
          <Input
            {...register("numero_unidade")}
            {...fieldAria(ids.numero, { error: errors.numero_unidade?.message })}
            aria-required
            autoComplete="off"
            maxLength={20}
            placeholder={readOnly ? undefined : "Ex.: 101"}
          />
        </FormField>
        <FormField id={ids.andar} label="Andar" error={errors.andar?.message}>
          <Input {...register("andar")} {...fieldAria(ids.andar, { error: errors.andar?.message })} autoComplete="off" maxLength={20} placeholder={readOnly ? undefined : "Ex.: 1º"} />
        </FormField>
        <FormField id={ids.tipo} label="Tipo de Unidade" error={errors.tipo_unidade?.message}>
          <Input
            {...register("tipo_unidade")}
            {...fieldAria(ids.tipo, { error: errors.tipo_unidade?.message })}
            autoComplete="off"
            maxLength={50}
            placeholder={readOnly ? undefined : "Apartamento, Casa, Sala"}
          />
        </FormField>
        <FormField id={ids.observacoes} label="Observações" error={errors.observacoes?.message} className="sm:col-span-2">
          <Textarea
            {...register("observacoes")}
            {...fieldAria(ids.observacoes, { error: errors.observacoes?.message })}
            rows={3}
            maxLength={1000}
          />
        </FormField>
        <div className="flex items-center gap-3 sm:col-span-2">
          <Controller
            control={control}
            name="ativo"
            render={({ field }) => (
              <Switch
                id={ids.ativo}
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                disabled={readOnly}
              />
            )}
          />
          <Label htmlFor={ids.ativo}>Unidade ativa</Label>
          <span className="text-sm text-slate-600" aria-hidden>
            ({ativo ? "Ativa" : "Inativa"})
          </span>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {extraActions}
        <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
          <Button asChild variant="outline">
            <Link to={cancelTo}>{readOnly ? "Voltar" : "Cancelar"}</Link>
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={saving}>
              {saving ? "Salvando..." : mode === "create" ? "Cadastrar Unidade" : "Salvar Alterações"}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
