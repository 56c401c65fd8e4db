import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import { moradorInputSchema, TIPO_MORADOR_LABEL, TIPOS_MORADOR, type Morador } from "@shared/schemas/moradores";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, MaskedField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import { DateField } from "~/components/ui/date-time-field";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { saveCallbacks } from "~/lib/save-callbacks";
import { toDateInput } from "@shared/time";
import { useSaveMorador, type MoradorValues } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

type FormValues = ZodFormValues<typeof moradorInputSchema>;

const FIELDS = ["nome_completo", "tipo_morador", "cpf", "rg", "data_nascimento", "email", "telefone_celular", "ativo", "observacoes"] as const;
const TIPO_OPTIONS = TIPOS_MORADOR.map((tipo) => ({ value: tipo, label: TIPO_MORADOR_LABEL[tipo] }));

function toFormValues(morador?: Morador): FormValues {
  return {
    nome_completo: morador?.nome_completo ?? "",
    tipo_morador: morador?.tipo_morador ?? "",
    cpf: morador?.cpf ? formatCpf(morador.cpf) : "",
    rg: morador?.rg ?? "",
    // §5: dates are cut to YYYY-MM-DD when loaded into forms.
    data_nascimento: toDateInput(morador?.data_nascimento),
    email: morador?.email ?? "",
    telefone_celular: morador?.telefone_celular ? formatPhone(morador.telefone_celular) : "",
    ativo: morador?.ativo ?? true,
    observacoes: morador?.observacoes ?? "",
  };
}

/** Add (`morador` undefined) or edit a resident of the unit, in a dialog (§2, §9: max width 525 px). */
export function MoradorDialog({ open, unidadeId, morador, onClose }: { open: boolean; unidadeId: string; morador?: Morador; onClose: () => void }) {
  const save = useSaveMorador(unidadeId);
  return (
    <FormDialog
      open={open}
      pending={save.isPending}
      onClose={onClose}
      title={morador ? "Editar Morador" : "Adicionar Morador"}
      description={
        <>
          {morador ? `Altere os dados de ${morador.nome_completo}.` : "Informe os dados do novo morador da unidade."} Os campos marcados com * são obrigatórios.
        </>
      }
    >
      {open && <MoradorForm key={morador?.id ?? "novo"} morador={morador} save={save} onSaved={onClose} />}
    </FormDialog>
  );
}

function MoradorForm({ morador, save, onSaved }: { morador?: Morador; save: ReturnType<typeof useSaveMorador>; onSaved: () => void }) {
  const guard = useActionGuard();
  const form = useZodForm(moradorInputSchema, { defaultValues: toFormValues(morador) });
  const { handleSubmit, control, setError } = form;

  function onValid(values: MoradorValues) {
    if (!guard("gerenciar_moradores_unidade")) return;
    save.mutate(
      { id: morador?.id, values },
      saveCallbacks({
        success: morador ? SUCCESS_TITLE.moradorAtualizado : SUCCESS_TITLE.moradorAdicionado,
        error: ERROR_TITLE.salvarMorador,
        form: { setError, fields: FIELDS },
        done: onSaved,
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Nome completo" required className="sm:col-span-2" control={control} name="nome_completo" autoComplete="off" maxLength={200} />
          <SelectField label="Tipo de morador" required control={control} name="tipo_morador" options={TIPO_OPTIONS} placeholder="Selecione o tipo" />
          <DateField label="Data de nascimento" control={control} name="data_nascimento" />
          <MaskedField label="CPF" control={control} name="cpf" mask="cpf" inputMode="numeric" autoComplete="off" placeholder="000.000.000-00" />
          <InputField label="RG" control={control} name="rg" autoComplete="off" maxLength={20} />
          <InputField label="Email" control={control} name="email" type="email" inputMode="email" autoComplete="off" maxLength={254} />
          <MaskedField
            label="Telefone celular"
            control={control}
            name="telefone_celular"
            mask="telefone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="(11) 98765-4321"
          />
          <TextareaField label="Observações" className="sm:col-span-2" control={control} name="observacoes" rows={2} maxLength={1000} />
          <SwitchField label="Morador ativo" control={control} name="ativo" className="flex items-center gap-3 sm:col-span-2" />
        </div>
        <DialogFormActions pending={save.isPending} submitLabel={save.isPending ? "Salvando..." : morador ? "Salvar alterações" : "Adicionar Morador"} />
      </form>
    </Form>
  );
}
