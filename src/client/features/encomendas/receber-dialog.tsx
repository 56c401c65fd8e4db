import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import {
  ENCOMENDAS_TEXTOS,
  TIPO_ENCOMENDA_LABEL,
  TIPOS_ENCOMENDA,
  TRANSPORTADORA_LABEL,
  TRANSPORTADORAS,
  encomendaInputSchema,
  type Encomenda,
  type EncomendaData,
} from "@shared/schemas/encomendas";
import type { CondominioOption } from "@shared/schemas/painel";
import { unidadeLabel } from "@shared/schemas/unidades";
import { ERROR_TITLE } from "@shared/messages";
import { Checkbox } from "~/components/ui/checkbox";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, SelectField } from "~/components/ui/form-field-kit";
import { Label } from "~/components/ui/input";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { Switch } from "~/components/ui/switch";
import { moradoresPortariaQuery, unidadesPortariaQuery } from "~/lib/pick-lists";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { useReceberEncomenda } from "./api";
import { UnidadeField } from "~/components/portaria/unidade-combobox";

type ReceberValues = ZodFormValues<typeof encomendaInputSchema>;

const FIELDS = [
  "condominio_id",
  "unidade_id",
  "morador_id",
  "destinatario_nome",
  "transportadora",
  "codigo_rastreio",
  "tipo",
  "local_armazenamento",
  "observacoes",
] as const;
const TRANSPORTADORA_OPTIONS = TRANSPORTADORAS.map((t) => ({ value: t, label: TRANSPORTADORA_LABEL[t] }));
const TIPO_OPTIONS = TIPOS_ENCOMENDA.map((t) => ({ value: t, label: TIPO_ENCOMENDA_LABEL[t] }));

const vazio = (condominioId: string): ReceberValues => ({
  condominio_id: condominioId,
  unidade_id: "",
  morador_id: "",
  destinatario_nome: "",
  transportadora: "",
  codigo_rastreio: "",
  tipo: "pacote",
  local_armazenamento: "",
  observacoes: "",
});

const mesmoNome = (a: string, b: string) => a.trim().localeCompare(b.trim(), "pt-BR", { sensitivity: "base" }) === 0;

/**
 * 'Receber encomenda' (gate-operation-spec §4): the unit typed as at the console, the addressee
 * (one of its residents, or a typed name), carrier, tracking code, type, shelf and note. With
 * 'Recebimento em lote' the form stays open after each parcel, keeps the condominium, carrier,
 * type and shelf, and the focus goes back to the unit: a stack is received from the keyboard.
 */
export function ReceberDialog({
  open,
  onClose,
  condominios,
  condominioInicial,
  onImprimir,
}: {
  open: boolean;
  onClose: () => void;
  condominios: readonly CondominioOption[];
  condominioInicial?: string;
  /** Prints the shelf label of a parcel just received. */
  onImprimir: (encomenda: Encomenda) => void;
}) {
  const receber = useReceberEncomenda();
  return (
    <FormDialog
      open={open}
      pending={receber.isPending}
      onClose={onClose}
      title="Receber encomenda"
      description="A unidade recebe o aviso com o código de retirada. Os campos marcados com * são obrigatórios."
    >
      {open && <ReceberForm receber={receber} condominios={condominios} condominioInicial={condominioInicial} onSaved={onClose} onImprimir={onImprimir} />}
    </FormDialog>
  );
}

function ReceberForm({
  receber,
  condominios,
  condominioInicial,
  onSaved,
  onImprimir,
}: {
  receber: ReturnType<typeof useReceberEncomenda>;
  condominios: readonly CondominioOption[];
  condominioInicial?: string;
  onSaved: () => void;
  onImprimir: (encomenda: Encomenda) => void;
}) {
  const uid = useId();
  const guard = useActionGuard();
  const inicial =
    condominioInicial && condominios.some((c) => c.id === condominioInicial) ? condominioInicial : condominios.length === 1 ? condominios[0]!.id : "";
  const form = useZodForm(encomendaInputSchema, { defaultValues: vazio(inicial) });
  const { handleSubmit, control, setError, setValue, reset, setFocus } = form;
  const condominioId = useWatch({ control, name: "condominio_id" });
  const unidadeId = useWatch({ control, name: "unidade_id" });
  const [lote, setLote] = useState(false);
  const [imprimir, setImprimir] = useState(false);

  // Another condominium has other units.
  const condominioAnterior = useRef(condominioId);
  useEffect(() => {
    if (condominioAnterior.current === condominioId) return;
    condominioAnterior.current = condominioId;
    setValue("unidade_id", "");
  }, [condominioId, setValue]);

  const unidades = useQuery(unidadesPortariaQuery(condominioId));
  useQueryErrorToast(unidades.error, ERROR_TITLE.buscarUnidades);
  const moradores = useQuery(moradoresPortariaQuery(unidadeId));
  useQueryErrorToast(moradores.error, ERROR_TITLE.buscarMoradores);
  const moradoresId = `${uid}-moradores`;

  // After a parcel of the stack: the next one's unit (once the form shows the kept values).
  const [proxima, setProxima] = useState(0);
  useEffect(() => {
    if (proxima) setFocus("unidade_id");
  }, [proxima, setFocus]);

  function onValid(values: EncomendaData) {
    if (!guard("gerenciar_encomendas")) return;
    // A resident's name as the list offers it is that resident; any other name is typed as is.
    const morador = (moradores.data ?? []).find((m) => mesmoNome(m.nome_completo, values.destinatario_nome));
    receber.mutate(
      { ...values, morador_id: morador?.id ?? null },
      saveCallbacks({
        success: (e) => ({ title: ENCOMENDAS_TEXTOS.registrada, description: unidadeLabel(e.unidade) }),
        error: ENCOMENDAS_TEXTOS.erroRegistrar,
        form: { setError, fields: FIELDS },
        done: (e) => {
          if (imprimir) onImprimir(e);
          if (!lote) return onSaved();
          reset({
            ...vazio(values.condominio_id),
            transportadora: values.transportadora,
            tipo: values.tipo,
            local_armazenamento: values.local_armazenamento ?? "",
          });
          setProxima((n) => n + 1);
        },
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
          <div className="flex items-center gap-3">
            <Switch id={`${uid}-lote`} checked={lote} onCheckedChange={setLote} aria-describedby={`${uid}-lote-ajuda`} />
            <div className="grid gap-0.5">
              <Label htmlFor={`${uid}-lote`}>Recebimento em lote</Label>
              <p id={`${uid}-lote-ajuda`} className="text-xs text-slate-600">
                Após registrar, o formulário continua aberto para a próxima encomenda.
              </p>
            </div>
          </div>
          <div className="flex items-center gap-3">
            <Checkbox id={`${uid}-etiqueta`} checked={imprimir} onCheckedChange={(v) => setImprimir(v === true)} />
            <Label htmlFor={`${uid}-etiqueta`}>Imprimir etiqueta</Label>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {condominios.length > 1 && (
            <SelectField
              label="Condomínio"
              required
              className="sm:col-span-2"
              control={control}
              name="condominio_id"
              options={condominios.map((c) => ({ value: c.id, label: c.nome }))}
              placeholder="Escolha o condomínio"
            />
          )}
          <UnidadeField
            label="Unidade"
            required
            hint='Digite como no console: "101", "A 101"; setas e Enter escolhem.'
            control={control}
            name="unidade_id"
            unidades={unidades.data ?? []}
            loading={unidades.isFetching}
            placeholder={condominioId ? (unidades.isPending ? "Carregando unidades..." : "Digite a unidade") : "Escolha antes o condomínio"}
            disabled={!condominioId}
            autoFocus={Boolean(condominioId)}
          />
          <InputField
            label="Destinatário"
            required
            hint={moradores.data?.length ? "Um morador da unidade (lista ao digitar) ou outro nome." : "Nome de quem vai receber."}
            control={control}
            name="destinatario_nome"
            autoComplete="off"
            maxLength={200}
            list={moradoresId}
          />
          <datalist id={moradoresId}>
            {(moradores.data ?? []).map((m) => (
              <option key={m.id} value={m.nome_completo} />
            ))}
          </datalist>
          <SelectField
            label="Transportadora"
            required
            control={control}
            name="transportadora"
            options={TRANSPORTADORA_OPTIONS}
            placeholder="Escolha a transportadora"
          />
          <SelectField label="Tipo" required control={control} name="tipo" options={TIPO_OPTIONS} />
          <InputField label="Código de rastreio" control={control} name="codigo_rastreio" autoComplete="off" spellCheck={false} maxLength={60} />
          <InputField
            label="Local de armazenamento"
            hint="Prateleira, armário, geladeira..."
            control={control}
            name="local_armazenamento"
            autoComplete="off"
            maxLength={100}
          />
          <InputField label="Observação" className="sm:col-span-2" control={control} name="observacoes" autoComplete="off" maxLength={500} />
        </div>
        <DialogFormActions pending={receber.isPending} submitLabel={receber.isPending ? "Registrando..." : "Registrar"} />
      </form>
    </Form>
  );
}
