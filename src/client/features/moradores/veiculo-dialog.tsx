import { formatPlaca } from "@shared/br/placa";
import type { Morador } from "@shared/schemas/moradores";
import { TIPO_VEICULO_LABEL, TIPOS_VEICULO, veiculoInputSchema, type Veiculo } from "@shared/schemas/veiculos";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, PlacaField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useSaveVeiculo, type VeiculoValues } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

type FormValues = ZodFormValues<typeof veiculoInputSchema>;

const FIELDS = ["placa", "tipo_veiculo", "marca", "modelo", "cor", "ativo", "observacoes"] as const;
const TIPO_OPTIONS = TIPOS_VEICULO.map((tipo) => ({ value: tipo, label: TIPO_VEICULO_LABEL[tipo] }));

function toFormValues(veiculo?: Veiculo): FormValues {
  return {
    placa: veiculo ? formatPlaca(veiculo.placa) : "",
    tipo_veiculo: veiculo?.tipo_veiculo ?? "carro",
    marca: veiculo?.marca ?? "",
    modelo: veiculo?.modelo ?? "",
    cor: veiculo?.cor ?? "",
    ativo: veiculo?.ativo ?? true,
    observacoes: veiculo?.observacoes ?? "",
  };
}

/** Add (`veiculo` undefined) or edit a vehicle of a resident, in a dialog (§2, §9: max width 525 px). */
export function VeiculoDialog({
  open,
  unidadeId,
  morador,
  veiculo,
  onClose,
}: {
  open: boolean;
  unidadeId: string;
  morador?: Pick<Morador, "id" | "nome_completo">;
  veiculo?: Veiculo;
  onClose: () => void;
}) {
  const save = useSaveVeiculo(unidadeId);
  return (
    <FormDialog
      open={open}
      pending={save.isPending}
      onClose={onClose}
      title={veiculo ? "Editar Veículo" : "Adicionar Veículo"}
      description={<>{morador ? `Veículo de ${morador.nome_completo}.` : null} Os campos marcados com * são obrigatórios.</>}
    >
      {open && morador && <VeiculoForm key={veiculo?.id ?? "novo"} moradorId={morador.id} veiculo={veiculo} save={save} onSaved={onClose} />}
    </FormDialog>
  );
}

function VeiculoForm({
  moradorId,
  veiculo,
  save,
  onSaved,
}: {
  moradorId: string;
  veiculo?: Veiculo;
  save: ReturnType<typeof useSaveVeiculo>;
  onSaved: () => void;
}) {
  const guard = useActionGuard();
  const form = useZodForm(veiculoInputSchema, { defaultValues: toFormValues(veiculo) });
  const { handleSubmit, control, setError } = form;

  function onValid(values: VeiculoValues) {
    if (!guard("gerenciar_veiculos_morador")) return;
    save.mutate(
      { moradorId, id: veiculo?.id, values },
      saveCallbacks({
        success: veiculo ? SUCCESS_TITLE.veiculoAtualizado : SUCCESS_TITLE.veiculoAdicionado,
        error: ERROR_TITLE.salvarVeiculo,
        form: { setError, fields: FIELDS },
        done: onSaved,
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <PlacaField label="Placa" required control={control} name="placa" />
          <SelectField label="Tipo de veículo" required control={control} name="tipo_veiculo" options={TIPO_OPTIONS} placeholder="Selecione o tipo" />
          <InputField label="Marca" control={control} name="marca" autoComplete="off" maxLength={60} placeholder="Ex.: Fiat" />
          <InputField label="Modelo" control={control} name="modelo" autoComplete="off" maxLength={60} placeholder="Ex.: Argo" />
          <InputField label="Cor" control={control} name="cor" autoComplete="off" maxLength={40} placeholder="Ex.: Prata" />
          <SwitchField label="Veículo ativo" control={control} name="ativo" className="flex items-center gap-3 self-end pb-2" />
          <TextareaField label="Observações" className="sm:col-span-2" control={control} name="observacoes" rows={2} maxLength={1000} />
        </div>
        <DialogFormActions pending={save.isPending} submitLabel={save.isPending ? "Salvando..." : veiculo ? "Salvar alterações" : "Adicionar Veículo"} />
      </form>
    </Form>
  );
}
