import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { formatPlaca } from "@shared/br/placa";
import type { Morador } from "@shared/schemas/moradores";
import { TIPO_VEICULO_LABEL, TIPOS_VEICULO, veiculoInputSchema, type Veiculo } from "@shared/schemas/veiculos";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { toastFormErrors } from "~/components/ui/form-field";
import { InputField, PlacaField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import { useActionGuard } from "~/lib/use-action-guard";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useSaveVeiculo, type VeiculoValues } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

interface FormValues {
  placa: string;
  tipo_veiculo: string;
  marca: string;
  modelo: string;
  cor: string;
  ativo: boolean;
  observacoes: string;
}

const FIELDS = ["placa", "tipo_veiculo", "marca", "modelo", "cor", "ativo", "observacoes"] as const;
const TIPO_OPTIONS = TIPOS_VEICULO.map((tipo) => ({ value: tipo, label: TIPO_VEICULO_LABEL[tipo] }));
const resolver = zodResolver(veiculoInputSchema) as unknown as Resolver<FormValues, unknown, VeiculoValues>;

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
  const uid = useId();
  const ids = {
    placa: `${uid}-placa`,
    tipo: `${uid}-tipo`,
    marca: `${uid}-marca`,
    modelo: `${uid}-modelo`,
    cor: `${uid}-cor`,
    ativo: `${uid}-ativo`,
    observacoes: `${uid}-observacoes`,
  };
  const { register, handleSubmit, control, formState, setError } = useForm<FormValues, unknown, VeiculoValues>({
    resolver,
    defaultValues: toFormValues(veiculo),
  });
  const errors = formState.errors;

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
    <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <PlacaField id={ids.placa} label="Placa" required error={errors.placa?.message} control={control} name="placa" />
        <SelectField
          id={ids.tipo}
          label="Tipo de veículo"
          required
          error={errors.tipo_veiculo?.message}
          control={control}
          name="tipo_veiculo"
          options={TIPO_OPTIONS}
          placeholder="Selecione o tipo"
        />
        <InputField
          id={ids.marca}
          label="Marca"
          error={errors.marca?.message}
          registration={register("marca")}
          autoComplete="off"
          maxLength={60}
          placeholder="Ex.: Fiat"
        />
        <InputField
          id={ids.modelo}
          label="Modelo"
          error={errors.modelo?.message}
          registration={register("modelo")}
          autoComplete="off"
          maxLength={60}
          placeholder="Ex.: Argo"
        />
        <InputField
          id={ids.cor}
          label="Cor"
          error={errors.cor?.message}
          registration={register("cor")}
          autoComplete="off"
          maxLength={40}
          placeholder="Ex.: Prata"
        />
        <SwitchField id={ids.ativo} label="Veículo ativo" control={control} name="ativo" className="flex items-center gap-3 self-end pb-2" />
        <TextareaField
          id={ids.observacoes}
          label="Observações"
          error={errors.observacoes?.message}
          className="sm:col-span-2"
          registration={register("observacoes")}
          rows={2}
          maxLength={1000}
        />
      </div>
      <DialogFormActions pending={save.isPending} submitLabel={save.isPending ? "Salvando..." : veiculo ? "Salvar alterações" : "Adicionar Veículo"} />
    </form>
  );
}
