import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import { moradorInputSchema, TIPO_MORADOR_LABEL, TIPOS_MORADOR, type Morador } from "@shared/schemas/moradores";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { Input, Label, Textarea } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { DENIED_REGISTRY } from "~/features/unidades/access";
import { useActionGuard } from "~/lib/use-action-guard";
import { applyServerFieldErrors } from "~/features/usuarios/server-field-errors";
import { todayInput, toDateInput } from "~/lib/dates";
import { toast, toastApiError } from "~/lib/toast";
import { useSaveMorador, type MoradorValues } from "./api";

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
export function MoradorDialog({
  open,
  unidadeId,
  morador,
  onClose,
}: {
  open: boolean;
  unidadeId: string;
  morador?: Morador;
  onClose: () => void;
}) {
  const save = useSaveMorador(unidadeId);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      <DialogContent>
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>{morador ? "Editar Morador" : "Adicionar Morador"}</DialogTitle>
          <DialogDescription>
            {morador ? `Altere os dados de ${morador.nome_completo}.` : "Informe os dados do novo morador da unidade."} Os campos marcados
            com * são obrigatórios.
          </DialogDescription>
        </div>
        {open && <MoradorForm key={morador?.id ?? "novo"} morador={morador} save={save} onSaved={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function MoradorForm({
  morador,
  save,
  onSaved,
}: {
  morador?: Morador;
  save: ReturnType<typeof useSaveMorador>;
  onSaved: () => void;
}) {
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
    if (!guard("gerenciar_moradores_unidade", DENIED_REGISTRY.manageResidents)) return;
    save.mutate(
      { id: morador?.id, values },
      {
        onSuccess: () => {
          toast({ title: morador ? "Morador atualizado!" : "Morador adicionado!", variant: "success" });
          onSaved();
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, FIELDS);
          toastApiError("Erro ao salvar morador", error);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={ids.nome} label="Nome completo" required error={errors.nome_completo?.message} className="sm:col-span-2">
          <Input
            {...register("nome_completo")}
            {...fieldAria(ids.nome, { error: errors.nome_completo?.message })}
            aria-required
            autoComplete="off"
            maxLength={200}
          />
        </FormField>
        <FormField id={ids.tipo} label="Tipo de morador" required error={errors.tipo_morador?.message}>
          <Controller
            control={control}
            name="tipo_morador"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger {...fieldAria(ids.tipo, { error: errors.tipo_morador?.message })} ref={field.ref} onBlur={field.onBlur} aria-required>
                  <SelectValue placeholder="Selecione o tipo" />
                </SelectTrigger>
                <SelectContent>
                  {TIPOS_MORADOR.map((tipo) => (
                    <SelectItem key={tipo} value={tipo}>
                      {TIPO_MORADOR_LABEL[tipo]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id={ids.nascimento} label="Data de nascimento" error={errors.data_nascimento?.message}>
          <Input
            {...register("data_nascimento")}
            {...fieldAria(ids.nascimento, { error: errors.data_nascimento?.message })}
            type="date"
            min="1900-01-01"
            max={todayInput()}
          />
        </FormField>
        <FormField id={ids.cpf} label="CPF" error={errors.cpf?.message}>
          <Controller
            control={control}
            name="cpf"
            render={({ field }) => (
              <Input
                {...fieldAria(ids.cpf, { error: errors.cpf?.message })}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(formatCpf(e.target.value))}
                inputMode="numeric"
                autoComplete="off"
                placeholder="000.000.000-00"
              />
            )}
          />
        </FormField>
        <FormField id={ids.rg} label="RG" error={errors.rg?.message}>
          <Input {...register("rg")} {...fieldAria(ids.rg, { error: errors.rg?.message })} autoComplete="off" maxLength={20} />
        </FormField>
        <FormField id={ids.email} label="Email" error={errors.email?.message}>
          <Input
            {...register("email")}
            {...fieldAria(ids.email, { error: errors.email?.message })}
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
          />
        </FormField>
        <FormField id={ids.telefone} label="Telefone celular" error={errors.telefone_celular?.message}>
          <Controller
            control={control}
            name="telefone_celular"
            render={({ field }) => (
              <Input
                {...fieldAria(ids.telefone, { error: errors.telefone_celular?.message })}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(formatPhone(e.target.value))}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="(11) 98765-4321"
              />
            )}
          />
        </FormField>
        <FormField id={ids.observacoes} label="Observações" error={errors.observacoes?.message} className="sm:col-span-2">
          <Textarea {...register("observacoes")} {...fieldAria(ids.observacoes, { error: errors.observacoes?.message })} rows={2} maxLength={1000} />
        </FormField>
        <div className="flex items-center gap-3 sm:col-span-2">
          <Controller
            control={control}
            name="ativo"
            render={({ field }) => (
              <Switch id={ids.ativo} ref={field.ref} name={field.name} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
          <Label htmlFor={ids.ativo}>Morador ativo</Label>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={save.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Salvando..." : morador ? "Salvar Alterações" : "Adicionar Morador"}
        </Button>
      </div>
    </form>
  );
}
