import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import {
  ENCOMENDAS_TEXTOS,
  TIPO_ENCOMENDA_LABEL,
  TRANSPORTADORA_LABEL,
  entregarEncomendasSchema,
  retiradaPorTerceiro,
  type Encomenda,
  type FormaRetirada,
} from "@shared/schemas/encomendas";
import type { CondominioOption } from "@shared/schemas/painel";
import { ERROR_TITLE } from "@shared/messages";
import { formatDateTime } from "@shared/time";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormDialog } from "~/components/ui/form-dialog";
import { Form, FormField, FormItem, FormLegend, FormMessage } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { FieldFrame, InputField, SelectField, textField } from "~/components/ui/form-field-kit";
import { Input } from "~/components/ui/input";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { ApiError } from "~/lib/api";
import { unidadesPortariaQuery } from "~/lib/pick-lists";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { aguardandoDaUnidadeQuery, useConferirCodigo, useEntregarEncomendas } from "./api";
import { aguardandoTexto, lerCodigoDigitado, unidadeDaEncomenda } from "./format";
import { UnidadeField } from "~/components/portaria/unidade-combobox";

/** The pickup's first step: the condominium (for its units), the unit and the code as typed or read. */
const conferirFormSchema = z.object({
  condominio_id: z.string(),
  unidade_id: z.uuid(ENCOMENDAS_TEXTOS.unidadeObrigatoria),
  codigo: z
    .string({ error: ENCOMENDAS_TEXTOS.codigoObrigatorio })
    .trim()
    .min(1, ENCOMENDAS_TEXTOS.codigoObrigatorio)
    .regex(/^\d{6}$/, ENCOMENDAS_TEXTOS.codigoInvalido),
});

/** Where the pickup is: checking a code, handing out what it opened, or handing out on a document. */
type Etapa =
  | { tipo: "conferir" }
  | { tipo: "entregar"; unidadeId: string; codigo: string; forma: Extract<FormaRetirada, "codigo" | "qrcode">; encomendas: Encomenda[]; encomendaId: string }
  | { tipo: "documento"; unidadeId: string };

/**
 * 'Entregar' (gate-operation-spec §4): the code typed, or the resident's QR read by a USB reader
 * (it types like a keyboard) → 'Conferir' → the unit's waiting parcels → 'Retirada por' → 'Entregar'.
 * A wrong code is refused on the field; a unit whose codes are locked is handed out by
 * 'Entregar conferindo documento', which is always there too.
 */
export function EntregarDialog({
  open,
  onClose,
  condominios,
  condominioInicial,
  unidadeInicial,
}: {
  open: boolean;
  onClose: () => void;
  condominios: readonly CondominioOption[];
  condominioInicial?: string;
  /** A row's 'Entregar': its unit and condominium, the code still to be typed. */
  unidadeInicial?: { id: string; condominioId: string };
}) {
  const conferir = useConferirCodigo();
  const entregar = useEntregarEncomendas();
  const [etapa, setEtapa] = useState<Etapa>({ tipo: "conferir" });
  useEffect(() => {
    if (!open) setEtapa({ tipo: "conferir" });
  }, [open]);
  const pending = conferir.isPending || entregar.isPending;
  const descricao =
    etapa.tipo === "conferir"
      ? "Digite o código de retirada que o morador recebeu, ou leia o QR code do aplicativo."
      : etapa.tipo === "entregar"
        ? "Código conferido. Escolha as encomendas e quem as retira."
        : "Confira um documento de quem retira: a entrega fica registrada assim.";
  return (
    <FormDialog open={open} pending={pending} onClose={onClose} title="Entregar encomenda" description={descricao}>
      {open && etapa.tipo === "conferir" && (
        <ConferirForm
          conferir={conferir}
          condominios={condominios}
          condominioInicial={unidadeInicial?.condominioId ?? condominioInicial}
          unidadeInicial={unidadeInicial?.id}
          onConferido={(e) => setEtapa(e)}
          onDocumento={(unidadeId) => setEtapa({ tipo: "documento", unidadeId })}
        />
      )}
      {open && etapa.tipo === "entregar" && (
        <RetiradaForm
          entregar={entregar}
          unidadeId={etapa.unidadeId}
          encomendas={etapa.encomendas}
          forma={etapa.forma}
          codigo={etapa.codigo}
          destinatario={etapa.encomendas.find((e) => e.id === etapa.encomendaId)?.destinatario_nome ?? ""}
          onDone={onClose}
          onVoltar={() => setEtapa({ tipo: "conferir" })}
        />
      )}
      {open && etapa.tipo === "documento" && (
        <PorDocumento entregar={entregar} unidadeId={etapa.unidadeId} onDone={onClose} onVoltar={() => setEtapa({ tipo: "conferir" })} />
      )}
    </FormDialog>
  );
}

function ConferirForm({
  conferir,
  condominios,
  condominioInicial,
  unidadeInicial,
  onConferido,
  onDocumento,
}: {
  conferir: ReturnType<typeof useConferirCodigo>;
  condominios: readonly CondominioOption[];
  condominioInicial?: string;
  unidadeInicial?: string;
  onConferido: (etapa: Extract<Etapa, { tipo: "entregar" }>) => void;
  onDocumento: (unidadeId: string) => void;
}) {
  const guard = useActionGuard();
  const inicial =
    condominioInicial && condominios.some((c) => c.id === condominioInicial) ? condominioInicial : condominios.length === 1 ? condominios[0]!.id : "";
  const form = useZodForm(conferirFormSchema, { defaultValues: { condominio_id: inicial, unidade_id: unidadeInicial ?? "", codigo: "" } });
  const { handleSubmit, control, setError, setValue, setFocus, clearErrors } = form;
  const condominioId = useWatch({ control, name: "condominio_id" });
  const unidadeId = useWatch({ control, name: "unidade_id" });
  /** 'qrcode' once the code came from the resident's QR (recorded so). */
  const forma = useRef<"codigo" | "qrcode">("codigo");
  /** The unit came from a QR: it may be outside the list (another condominium than the one chosen). */
  const [unidadeDoQr, setUnidadeDoQr] = useState(false);
  const [bloqueio, setBloqueio] = useState<string | null>(null);
  const documentoRef = useRef<HTMLButtonElement>(null);

  const unidades = useQuery(unidadesPortariaQuery(condominioId));
  useQueryErrorToast(unidades.error, ERROR_TITLE.buscarUnidades);

  // Another unit: its own lock, if any.
  useEffect(() => setBloqueio(null), [unidadeId]);
  // A row's 'Entregar' comes with its unit: the code is what is left to type.
  useEffect(() => {
    if (unidadeInicial) setFocus("codigo");
  }, [unidadeInicial, setFocus]);
  // Locked: the way that still works takes the focus (once the button is enabled again).
  const conferindo = conferir.isPending;
  useEffect(() => {
    if (bloqueio && !conferindo) documentoRef.current?.focus();
  }, [bloqueio, conferindo]);

  function onValid(values: z.output<typeof conferirFormSchema>) {
    if (!guard("gerenciar_encomendas")) return;
    conferir.mutate(
      { unidade_id: values.unidade_id, codigo: values.codigo },
      saveCallbacks({
        success: () => null,
        error: ENCOMENDAS_TEXTOS.erroEntregar,
        form: { setError, fields: ["unidade_id", "codigo"] },
        done: (r) =>
          onConferido({
            tipo: "entregar",
            unidadeId: values.unidade_id,
            codigo: values.codigo,
            forma: forma.current,
            encomendas: r.encomendas,
            encomendaId: r.encomenda_id,
          }),
        failed: (error) => {
          if (error instanceof ApiError && error.status === 429) setBloqueio(error.message);
          else setFocus("codigo", { shouldSelect: true });
        },
      }),
    );
  }

  function entregarPorDocumento() {
    if (!unidadeId) {
      setError("unidade_id", { type: "required", message: ENCOMENDAS_TEXTOS.unidadeObrigatoria }, { shouldFocus: true });
      return;
    }
    onDocumento(unidadeId);
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        {condominios.length > 1 && (
          <SelectField
            label="Condomínio"
            required
            control={control}
            name="condominio_id"
            options={condominios.map((c) => ({ value: c.id, label: c.nome }))}
            placeholder="Escolha o condomínio"
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <UnidadeField
            label="Unidade"
            required
            hint="O QR code do morador já traz a unidade."
            control={control}
            name="unidade_id"
            unidades={unidades.data ?? []}
            loading={unidades.isFetching}
            rotuloFora={unidadeDoQr ? "Unidade do QR code" : undefined}
            placeholder={condominioId ? "Digite a unidade" : "Escolha antes o condomínio"}
            autoFocus={!unidadeInicial && Boolean(condominioId)}
          />
          <FormField
            control={control}
            name="codigo"
            render={({ field }) => {
              const { value, onChange, ...rest } = textField(field);
              return (
                <FieldFrame label="Código de retirada" required hint="6 dígitos, ou o QR code lido pelo leitor.">
                  <Input
                    {...rest}
                    value={value}
                    inputMode="numeric"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={100}
                    className="font-mono tracking-widest"
                    onChange={(e) => {
                      const lido = lerCodigoDigitado(e.target.value);
                      if (lido?.unidade_id) {
                        // The resident's QR: its unit and code (the reader's Enter then sends it).
                        forma.current = "qrcode";
                        setUnidadeDoQr(true);
                        setValue("unidade_id", lido.unidade_id, { shouldValidate: true });
                        clearErrors("codigo");
                        return onChange(lido.codigo);
                      }
                      forma.current = "codigo";
                      onChange(e.target.value);
                    }}
                  />
                </FieldFrame>
              );
            }}
          />
        </div>
        {bloqueio && (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950">
            {bloqueio}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button ref={documentoRef} type="button" variant="outline" onClick={entregarPorDocumento} disabled={conferir.isPending}>
            Entregar conferindo documento
          </Button>
          <Button type="submit" disabled={conferir.isPending}>
            {conferir.isPending ? "Conferindo..." : "Conferir"}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** A unit's waiting parcels, for the pickup that checks a document instead of a code. */
function PorDocumento({
  entregar,
  unidadeId,
  onDone,
  onVoltar,
}: {
  entregar: ReturnType<typeof useEntregarEncomendas>;
  unidadeId: string;
  onDone: () => void;
  onVoltar: () => void;
}) {
  const query = useQuery(aguardandoDaUnidadeQuery(unidadeId));
  useQueryErrorToast(query.error, ENCOMENDAS_TEXTOS.erroEntregar);
  if (query.isPending) return <Loading label="Carregando encomendas..." />;
  const encomendas = query.data?.rows ?? [];
  if (encomendas.length === 0)
    return (
      <div className="grid gap-4">
        <p className="text-sm text-slate-700">{ENCOMENDAS_TEXTOS.nenhuma} nesta unidade.</p>
        <div className="flex justify-end">
          <Button type="button" variant="outline" onClick={onVoltar}>
            Voltar
          </Button>
        </div>
      </div>
    );
  return (
    <RetiradaForm
      entregar={entregar}
      unidadeId={unidadeId}
      encomendas={encomendas}
      forma="documento"
      codigo=""
      destinatario={encomendas[0]!.destinatario_nome}
      onDone={onDone}
      onVoltar={onVoltar}
    />
  );
}

type RetiradaValues = ZodFormValues<typeof entregarEncomendasSchema>;

/** The parcels to hand out (all checked), who takes them and their document; then 'Entregar'. */
function RetiradaForm({
  entregar,
  unidadeId,
  encomendas,
  forma,
  codigo,
  destinatario,
  onDone,
  onVoltar,
}: {
  entregar: ReturnType<typeof useEntregarEncomendas>;
  unidadeId: string;
  encomendas: readonly Encomenda[];
  forma: FormaRetirada;
  codigo: string;
  /** 'Retirada por' starts as the addressee (of the code's parcel). */
  destinatario: string;
  onDone: () => void;
  onVoltar: () => void;
}) {
  const guard = useActionGuard();
  const porDocumento = forma === "documento";
  const form = useZodForm<typeof entregarEncomendasSchema, RetiradaValues>(entregarEncomendasSchema, {
    defaultValues: {
      unidade_id: unidadeId,
      encomenda_ids: encomendas.map((e) => e.id),
      forma,
      codigo,
      retirada_por_nome: destinatario,
      retirada_por_documento: "",
    },
  });
  const { handleSubmit, control, setError } = form;
  const nome = useWatch({ control, name: "retirada_por_nome" });
  const ids = useWatch({ control, name: "encomenda_ids" });
  const escolhidas = encomendas.filter((e) => ids.includes(e.id));
  const terceiro = retiradaPorTerceiro(
    nome,
    escolhidas.map((e) => e.destinatario_nome),
  );

  function onValid(values: z.output<typeof entregarEncomendasSchema>) {
    if (!guard("gerenciar_encomendas")) return;
    // Someone other than the addressee shows a document (recorded with the pickup).
    if (terceiro && !values.retirada_por_documento) {
      setError("retirada_por_documento", { type: "required", message: ENCOMENDAS_TEXTOS.documentoDoTerceiro }, { shouldFocus: true });
      return;
    }
    entregar.mutate(
      values,
      saveCallbacks({
        success: ENCOMENDAS_TEXTOS.entregue,
        error: ENCOMENDAS_TEXTOS.erroEntregar,
        form: { setError, fields: ["encomenda_ids", "retirada_por_nome", "retirada_por_documento"] },
        done: onDone,
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <FormField
          control={control}
          name="encomenda_ids"
          render={({ field }) => (
            <FormItem as="fieldset" required className="grid gap-2">
              <FormLegend>Encomendas de {unidadeDaEncomenda(encomendas[0]!)}</FormLegend>
              <ul className="grid max-h-64 gap-2 overflow-auto">
                {encomendas.map((e) => {
                  const id = `retirada-${e.id}`;
                  const marcada = (field.value as string[]).includes(e.id);
                  return (
                    <li key={e.id} className="flex items-start gap-3 rounded-md border border-slate-200 p-2">
                      <Checkbox
                        id={id}
                        className="mt-0.5"
                        checked={marcada}
                        onCheckedChange={(v) =>
                          field.onChange(v === true ? [...(field.value as string[]), e.id] : (field.value as string[]).filter((x) => x !== e.id))
                        }
                      />
                      <label htmlFor={id} className="grid text-sm">
                        <span className="font-medium text-slate-900">
                          {e.destinatario_nome} · {TRANSPORTADORA_LABEL[e.transportadora]} · {TIPO_ENCOMENDA_LABEL[e.tipo]}
                        </span>
                        <span className="text-xs text-slate-600">
                          {formatDateTime(e.recebida_em)} · {aguardandoTexto(e.recebida_em)}
                          {e.local_armazenamento && ` · ${e.local_armazenamento}`}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Retirada por" required control={control} name="retirada_por_nome" autoComplete="off" maxLength={200} autoFocus />
          <InputField
            label="Documento"
            required={porDocumento || terceiro}
            hint={porDocumento ? "Confira o documento de quem retira." : terceiro ? "Outra pessoa retira: informe o documento." : "CPF, RG ou outro."}
            control={control}
            name="retirada_por_documento"
            autoComplete="off"
            maxLength={30}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onVoltar} disabled={entregar.isPending}>
            Voltar
          </Button>
          <Button type="submit" disabled={entregar.isPending}>
            {entregar.isPending ? "Entregando..." : "Entregar"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
