import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { formatPlaca } from "@shared/br/placa";
import type { Morador } from "@shared/schemas/moradores";
import { TIPO_VEICULO_LABEL, TIPOS_VEICULO, veiculoInputSchema, type Veiculo } from "@shared/schemas/veiculos";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { Input, Label, Textarea } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { DENIED_REGISTRY } from "~/features/unidades/access";
import { useActionGuard } from "~/lib/use-action-guard";
import { applyServerFieldErrors } from "~/features/usuarios/server-field-errors";
import { toast, toastApiError } from "~/lib/toast";
import { useSaveVeiculo, type VeiculoValues } from "./api";

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
const resolver = zodResolver(veiculoInputSchema) as unknown as Resolver<FormValues, unknown, VeiculoValues>;

/** Upper case while typing; only letters, digits and the hyphen of old plates (ABC-1234, ABC1D23). */
const typedPlaca = (value: string) => value.toUpperCase().replace(/[^A-Z0-9-]/g, "").slice(0, 8);

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
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      <DialogContent>
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>{veiculo ? "Editar Veículo" : "Adicionar Veículo"}</DialogTitle>
          <DialogDescription>
            {morador ? `Veículo de ${morador.nome_completo}.` : null} Os campos marcados com * são obrigatórios.
          </DialogDescription>
        </div>
        {open && morador && <VeiculoForm key={veiculo?.id ?? "novo"} moradorId={morador.id} veiculo={veiculo} save={save} onSaved={onClose} />}
      </DialogContent>
    </Dialog>
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
    if (!guard("gerenciar_veiculos_morador", DENIED_REGISTRY.manageVehicles)) return;
    save.mutate(
      { moradorId, id: veiculo?.id, values },
      {
        onSuccess: () => {
          toast({ title: veiculo ? "Veículo atualizado!" : "Veículo adicionado!", variant: "success" });
          onSaved();
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, FIELDS);
          toastApiError("Erro ao salvar veículo", error);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids.placa} label="Placa" required error={errors.placa?.message} hint="ABC-1234 ou ABC1D23.">
          <Controller
            control={control}
            name="placa"
            render={({ field }) => (
              <Input
                {...fieldAria(ids.placa, { error: errors.placa?.message, hint: true })}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(typedPlaca(e.target.value))}
                aria-required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={8}
                className="font-mono uppercase tracking-wider"
              />
            )}
          />
        </FormField>
        <FormField id={ids.tipo} label="Tipo de veículo" required error={errors.tipo_veiculo?.message}>
          <Controller
            control={control}
            name="tipo_veiculo"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger {...fieldAria(ids.tipo, { error: errors.tipo_veiculo?.message })} ref={field.ref} onBlur={field.onBlur} aria-required>
                  <SelectValue placeholder="Selecione o tipo" />
                </SelectTrigger>
                <SelectContent>
                  {TIPOS_VEICULO.map((tipo) => (
                    <SelectItem key={tipo} value={tipo}>
                      {TIPO_VEICULO_LABEL[tipo]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id={ids.marca} label="Marca" error={errors.marca?.message}>
          <Input {...register("marca")} {...fieldAria(ids.marca, { error: errors.marca?.message })} autoComplete="off" maxLength={60} placeholder="Ex.: Fiat" />
        </FormField>
        <FormField id={ids.modelo} label="Modelo" error={errors.modelo?.message}>
          <Input {...register("modelo")} {...fieldAria(ids.modelo, { error: errors.modelo?.message })} autoComplete="off" maxLength={60} placeholder="Ex.: Argo" />
        </FormField>
        <FormField id={ids.cor} label="Cor" error={errors.cor?.message}>
          <Input {...register("cor")} {...fieldAria(ids.cor, { error: errors.cor?.message })} autoComplete="off" maxLength={40} placeholder="Ex.: Prata" />
        </FormField>
        <div className="flex items-center gap-3 self-end pb-2">
          <Controller
            control={control}
            name="ativo"
            render={({ field }) => (
              <Switch id={ids.ativo} ref={field.ref} name={field.name} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
          <Label htmlFor={ids.ativo}>Veículo ativo</Label>
        </div>
        <FormField id={ids.observacoes} label="Observações" error={errors.observacoes?.message} className="sm:col-span-2">
          <Textarea {...register("observacoes")} {...fieldAria(ids.observacoes, { error: errors.observacoes?.message })} rows={2} maxLength={1000} />
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={save.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Salvando..." : veiculo ? "Salvar Alterações" : "Adicionar Veículo"}
        </Button>
      </div>
    </form>
  );
}
