import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import type { CondominioOption } from "@shared/schemas/painel";
import { unidadeCreateSchema, unidadeUpdateSchema, type Unidade } from "@shared/schemas/unidades";
import { FormActions } from "~/components/ui/form-actions";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import type { SaveForm } from "~/lib/save-callbacks";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import type { UnidadeValues } from "./api";

export type UnidadeFormValues = ZodFormValues<typeof unidadeCreateSchema>;

const FIELDS = ["condominio_id", "bloco", "numero_unidade", "andar", "tipo_unidade", "observacoes", "ativo"] as const;

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
  const form = useZodForm(mode === "create" ? unidadeCreateSchema : unidadeUpdateSchema, { defaultValues, disabled: readOnly });
  const { handleSubmit, control, setError } = form;
  const ativo = useWatch({ control, name: "ativo" });

  return (
    <Form {...form}>
      <form
        onSubmit={handleSubmit((values) => onSave(values, { setError, fields: FIELDS }), toastFormErrors)}
        noValidate
        className="grid gap-5"
        aria-label="Dados da unidade"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Condomínio"
            required
            hint={condominiosNote}
            className="sm:col-span-2"
            control={control}
            name="condominio_id"
            options={condominios.map((c) => ({ value: c.id, label: c.nome }))}
            placeholder="Selecione o condomínio"
            disabled={readOnly}
          />
          <InputField label="Bloco/Torre" control={control} name="bloco" autoComplete="off" maxLength={50} placeholder={readOnly ? undefined : "Ex.: A"} />
          <InputField
            label="Número da Unidade"
            required
            control={control}
            name="numero_unidade"
            autoComplete="off"
            maxLength={20}
            placeholder={readOnly ? undefined : "Ex.: 101"}
          />
          <InputField label="Andar" control={control} name="andar" autoComplete="off" maxLength={20} placeholder={readOnly ? undefined : "Ex.: 1º"} />
          <InputField
            label="Tipo de Unidade"
            control={control}
            name="tipo_unidade"
            autoComplete="off"
            maxLength={50}
            placeholder={readOnly ? undefined : "Apartamento, Casa, Sala"}
          />
          <TextareaField label="Observações" className="sm:col-span-2" control={control} name="observacoes" rows={3} maxLength={1000} />
          <SwitchField label="Unidade ativa" control={control} name="ativo" disabled={readOnly} className="flex items-center gap-3 sm:col-span-2">
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
    </Form>
  );
}
