import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import { moradorInputSchema, TIPO_MORADOR_LABEL, TIPOS_MORADOR, type Morador } from "@shared/schemas/moradores";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { toastFormErrors } from "~/components/ui/form-field";
import { InputField, MaskedField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import { DateField } from "~/components/ui/date-time-field";
import { useActionGuard } from "~/lib/use-action-guard";
import { saveCallbacks } from "~/lib/save-callbacks";
import { toDateInput } from "@shared/time";
import { useSaveMorador, type MoradorValues } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

interface FormValues {
  nome_completo: string;
  tipo_morador: string;
  cpf: string;
  rg: string;
  data_nascimento: string;
  email: string;
  telefone_celular: string;
  ativo: boolean;
  observacoes: string;
}

const FIELDS = ["nome_completo", "tipo_morador", "cpf", "rg", "data_nascimento", "email", "telefone_celular", "ativo", "observacoes"] as const;
const TIPO_OPTIONS = TIPOS_MORADOR.map((tipo) => ({ value: tipo, label: TIPO_MORADOR_LABEL[tipo] }));
const resolver = zodResolver(moradorInputSchema) as unknown as Resolver<FormValues, unknown, MoradorValues>;

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
  const uid = useId();
  const ids = {
    nome: `${uid}-nome`,
    tipo: `${uid}-tipo`,
    cpf: `${uid}-cpf`,
    rg: `${uid}-rg`,
    nascimento: `${uid}-nascimento`,
    email: `${uid}-email`,
    telefone: `${uid}-telefone`,
    ativo: `${uid}-ativo`,
    observacoes: `${uid}-observacoes`,
  };
  const { register, handleSubmit, control, formState, setError } = useForm<FormValues, unknown, MoradorValues>({
    resolver,
    defaultValues: toFormValues(morador),
  });
  const errors = formState.errors;

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
    <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={ids.nome}
          label="Nome completo"
          required
          error={errors.nome_completo?.message}
          className="sm:col-span-2"
          registration={register("nome_completo")}
          autoComplete="off"
          maxLength={200}
        />
        <SelectField
          id={ids.tipo}
          label="Tipo de morador"
          required
          error={errors.tipo_morador?.message}
          control={control}
          name="tipo_morador"
          options={TIPO_OPTIONS}
          placeholder="Selecione o tipo"
        />
        <DateField id={ids.nascimento} label="Data de nascimento" error={errors.data_nascimento?.message} control={control} name="data_nascimento" />
        <MaskedField
          id={ids.cpf}
          label="CPF"
          error={errors.cpf?.message}
          control={control}
          name="cpf"
          mask="cpf"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
        />
        <InputField id={ids.rg} label="RG" error={errors.rg?.message} registration={register("rg")} autoComplete="off" maxLength={20} />
        <InputField
          id={ids.email}
          label="Email"
          error={errors.email?.message}
          registration={register("email")}
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
        />
        <MaskedField
          id={ids.telefone}
          label="Telefone celular"
          error={errors.telefone_celular?.message}
          control={control}
          name="telefone_celular"
          mask="telefone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="(11) 98765-4321"
        />
        <TextareaField
          id={ids.observacoes}
          label="Observações"
          error={errors.observacoes?.message}
          className="sm:col-span-2"
          registration={register("observacoes")}
          rows={2}
          maxLength={1000}
        />
        <SwitchField id={ids.ativo} label="Morador ativo" control={control} name="ativo" className="flex items-center gap-3 sm:col-span-2" />
      </div>
      <DialogFormActions pending={save.isPending} submitLabel={save.isPending ? "Salvando..." : morador ? "Salvar alterações" : "Adicionar Morador"} />
    </form>
  );
}
