import { zodResolver } from "@hookform/resolvers/zod";
import { useId, type ReactNode } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import type { CondominioOption } from "@shared/schemas/painel";
import { unidadeCreateSchema, unidadeUpdateSchema, type Unidade } from "@shared/schemas/unidades";
import { FormActions } from "~/components/ui/form-actions";
import { toastFormErrors } from "~/components/ui/form-field";
import { InputField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import type { SaveForm } from "~/lib/save-callbacks";
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
  /** Saves with `saveCallbacks({ ..., form })`: `form` puts the API's field messages under the fields. */
  onSave: (values: UnidadeValues, form: SaveForm<UnidadeFormValues>) => void;
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

  return (
    <form
      onSubmit={handleSubmit((values) => onSave(values, { setError, fields: FIELDS }), toastFormErrors)}
      noValidate
      className="grid gap-5"
      aria-label="Dados da unidade"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id={ids.condominio}
          label="Condomínio"
          required
          error={errors.condominio_id?.message}
          hint={condominiosNote}
          className="sm:col-span-2"
          control={control}
          name="condominio_id"
          options={condominios.map((c) => ({ value: c.id, label: c.nome }))}
          placeholder="Selecione o condomínio"
          disabled={readOnly}
        />
        <InputField
          id={ids.bloco}
          label="Bloco/Torre"
          error={errors.bloco?.message}
          registration={register("bloco")}
          autoComplete="off"
          maxLength={50}
          placeholder={readOnly ? undefined : "Ex.: A"}
        />
        <InputField
          id={ids.numero}
          label="Número da Unidade"
          required
          error={errors.numero_unidade?.message}
          registration={register("numero_unidade")}
          autoComplete="off"
          maxLength={20}
          placeholder={readOnly ? undefined : "Ex.: 101"}
        />
        <InputField
          id={ids.andar}
          label="Andar"
          error={errors.andar?.message}
          registration={register("andar")}
          autoComplete="off"
          maxLength={20}
          placeholder={readOnly ? undefined : "Ex.: 1º"}
        />
        <InputField
          id={ids.tipo}
          label="Tipo de Unidade"
          error={errors.tipo_unidade?.message}
          registration={register("tipo_unidade")}
          autoComplete="off"
          maxLength={50}
          placeholder={readOnly ? undefined : "Apartamento, Casa, Sala"}
        />
        <TextareaField
          id={ids.observacoes}
          label="Observações"
          error={errors.observacoes?.message}
          className="sm:col-span-2"
          registration={register("observacoes")}
          rows={3}
          maxLength={1000}
        />
        <SwitchField id={ids.ativo} label="Unidade ativa" control={control} name="ativo" disabled={readOnly} className="flex items-center gap-3 sm:col-span-2">
          <span className="text-sm text-slate-600" aria-hidden>
            ({ativo ? "Ativa" : "Inativa"})
          </span>
        </SwitchField>
      </div>

      <FormActions
        extra={extraActions}
        cancelTo={cancelTo}
        cancelLabel={readOnly ? "Voltar" : "Cancelar"}
        submitLabel={readOnly ? undefined : saving ? "Salvando..." : mode === "create" ? "Cadastrar Unidade" : "Salvar alterações"}
        saving={saving}
      />
    </form>
  );
}
