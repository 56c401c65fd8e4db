import { useQuery } from "@tanstack/react-query";
import { DoorOpen } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useWatch } from "react-hook-form";
import { AUTORIZADO_POR_NOME_REQUIRED, visitanteSemAutorizacaoFormSchema } from "@shared/schemas/controle-acesso";
import { SOLICITACOES_TEXTOS, textoDaSolicitacao, type Solicitacao } from "@shared/schemas/solicitacoes";
import { unidadeLabel } from "@shared/schemas/unidades";
import { Button } from "~/components/ui/button";
import { DialogClose } from "~/components/ui/dialog";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { DocumentoFields } from "~/components/portaria/documento-fields";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, PlacaField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { moradoresPortariaQuery, unidadesPortariaQuery } from "~/lib/pick-lists";
import type { SaveForm } from "~/lib/save-callbacks";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { toastApiError } from "~/lib/toast";
import { useCancelarSolicitacao, usePedirAutorizacao, useSolicitacao, type VisitanteValues } from "./api";
import { ctrlEnter } from "./teclas";
import { ERROR_TITLE } from "@shared/messages";

export type VisitanteFormValues = ZodFormValues<typeof visitanteSemAutorizacaoFormSchema>;

export type VisitanteDados = Omit<VisitanteValues, "condominio_id" | "liberar_mesmo_assim">;

const FIELDS = ["nome", "documento_tipo", "documento_numero", "unidade_id", "autorizado_por_morador_id", "autorizado_por_nome", "placa", "observacao"] as const;
const MORADOR_REQUIRED = "Escolha o morador que autorizou a entrada.";
const EMPTY: VisitanteFormValues = {
  nome: "",
  documento_tipo: "",
  documento_numero: "",
  unidade_id: "",
  autorizado_por_morador_id: "",
  autorizado_por_nome: "",
  solicitacao_id: "",
  entrega: false,
  placa: "",
  observacao: "",
};

/** What the form asks: the visitor, the form's setter for the server's field messages, and whether to open the gate. */
export type VisitanteSubmit = (values: VisitanteDados, form: SaveForm<VisitanteFormValues>, abrir: boolean) => void;

/**
 * 'Visitante sem pré-autorização' (§3): the porteiro confirmed by intercom with a resident of the
 * destination unit, and registers the entry. `onSubmit` gets the form's setter for the server's
 * field messages. `podeAbrir`: a second submit, 'Registrar e abrir' (gate-operation-spec §2.2),
 * also Ctrl+Enter anywhere in the form.
 */
export function VisitanteDialog({
  open,
  condominioId,
  pending,
  podeAbrir = false,
  onClose,
  onSubmit,
  onCloseAutoFocus,
}: {
  open: boolean;
  condominioId: string;
  pending: boolean;
  podeAbrir?: boolean;
  onClose: () => void;
  onSubmit: VisitanteSubmit;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <FormDialog
      open={open}
      pending={pending}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Visitante sem pré-autorização"
      description="Confirme a visita com um morador da unidade pelo interfone. Os campos marcados com * são obrigatórios."
    >
      {open && <VisitanteForm condominioId={condominioId} pending={pending} podeAbrir={podeAbrir} onSubmit={onSubmit} />}
    </FormDialog>
  );
}

function VisitanteForm({
  condominioId,
  pending,
  podeAbrir,
  onSubmit,
}: {
  condominioId: string;
  pending: boolean;
  podeAbrir: boolean;
  onSubmit: VisitanteSubmit;
}) {
  const form = useZodForm(visitanteSemAutorizacaoFormSchema, { defaultValues: EMPTY });
  const { handleSubmit, control, setError, setValue } = form;
  const unidadeId = useWatch({ control, name: "unidade_id" });
  const [solicitacaoId, setSolicitacaoId] = useState<string | null>(null);
  // Another unit has other residents: who authorised before no longer applies.
  const unidadeAnterior = useRef(unidadeId);
  useEffect(() => {
    if (unidadeAnterior.current === unidadeId) return;
    unidadeAnterior.current = unidadeId;
    setValue("autorizado_por_morador_id", "");
    setValue("autorizado_por_nome", "");
    // A request to the former unit's residents no longer answers for this one.
    setSolicitacaoId(null);
  }, [unidadeId, setValue]);

  // 'Pedir autorização ao morador' (gate-operation-spec §3.3): the residents answer in their app.
  const nome = useWatch({ control, name: "nome" });
  const pedir = usePedirAutorizacao();
  const cancelar = useCancelarSolicitacao();
  const solicitacao = useSolicitacao(condominioId, solicitacaoId).data;
  const aguardando = solicitacao?.estado === "aguardando";
  function pedirAutorizacao() {
    const values = form.getValues();
    pedir.mutate(
      {
        condominio_id: condominioId,
        unidade_id: values.unidade_id,
        tipo_pessoa: values.entrega ? "entrega" : "visitante",
        nome_visitante: values.nome,
        documento: values.documento_numero || null,
        placa: values.placa || null,
      },
      { onSuccess: (s) => setSolicitacaoId(s.id), onError: (error) => toastApiError(SOLICITACOES_TEXTOS.pedir, error) },
    );
  }
  // Approved: who answered is who authorised, and 'Registrar entrada' is ready.
  const aprovadaPor = solicitacao?.estado === "aprovada" ? solicitacao.respondida_por : null;
  useEffect(() => {
    if (aprovadaPor) setValue("autorizado_por_morador_id", aprovadaPor, { shouldValidate: true });
    // The entry then rests on that answer: its record keeps who, by which channel and when.
    setValue("solicitacao_id", aprovadaPor ? (solicitacao?.id ?? "") : "");
  }, [aprovadaPor, solicitacao?.id, setValue]);

  const unidades = useQuery(unidadesPortariaQuery(condominioId));
  useQueryErrorToast(unidades.error, ERROR_TITLE.buscarUnidades);
  const moradores = useQuery(moradoresPortariaQuery(unidadeId));
  useQueryErrorToast(moradores.error, ERROR_TITLE.buscarMoradores);

  const unidadeOptions = (unidades.data ?? []).map((u) => ({ value: u.id, label: unidadeLabel(u) }));
  const moradorOptions = (moradores.data ?? []).map((m) => ({ value: m.id, label: m.nome_completo }));
  // A unit with no active resident: whoever authorised it (síndico, administração...) is typed.
  const semMoradores = Boolean(unidadeId) && moradores.data?.length === 0;

  function submit(values: VisitanteDados, abrir: boolean) {
    // Who authorised: a resident of the unit, or the typed name at a unit with none (the server checks it too).
    if (semMoradores ? !values.autorizado_por_nome : !values.autorizado_por_morador_id) {
      const field = semMoradores ? "autorizado_por_nome" : "autorizado_por_morador_id";
      setError(field, { type: "required", message: semMoradores ? AUTORIZADO_POR_NOME_REQUIRED : MORADOR_REQUIRED }, { shouldFocus: true });
      return;
    }
    onSubmit(semMoradores ? { ...values, autorizado_por_morador_id: null } : { ...values, autorizado_por_nome: null }, { setError, fields: FIELDS }, abrir);
  }

  // 'Registrar e abrir' is the second submit button: the one that sent the form says which.
  const abrirRef = useRef<HTMLButtonElement>(null);
  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    const abrir = podeAbrir && abrirRef.current !== null && (event.nativeEvent as SubmitEvent).submitter === abrirRef.current;
    return handleSubmit((values) => submit(values, abrir), toastFormErrors)(event);
  }
  /** Ctrl+Enter in any field submits as 'Registrar e abrir' (caught first: a closed list's Enter would open it). */
  function onKeyDownCapture(event: KeyboardEvent<HTMLFormElement>) {
    if (!podeAbrir || !ctrlEnter(event)) return;
    // An open list of options keeps its own keys.
    if (event.target instanceof Element && event.target.closest('[role="listbox"]')) return;
    event.preventDefault();
    event.stopPropagation();
    if (!pending && abrirRef.current) event.currentTarget.requestSubmit(abrirRef.current);
  }

  return (
    <Form {...form}>
      <form onSubmit={onFormSubmit} onKeyDownCapture={onKeyDownCapture} noValidate className="grid gap-4">
        <InputField label="Nome" required control={control} name="nome" autoComplete="off" maxLength={200} />
        <SwitchField label="É uma entrega" hint="Entregador: a regra de entregas do morador pode liberar na hora." control={control} name="entrega" />
        <div className="grid gap-4 sm:grid-cols-2">
          <DocumentoFields labels={{ tipo: "Documento tipo", numero: "Documento número", semTipo: "Sem documento" }} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Unidade de destino"
            required
            control={control}
            name="unidade_id"
            options={unidadeOptions}
            placeholder={unidades.isPending ? "Carregando unidades..." : "Escolha a unidade"}
          />
          {semMoradores ? (
            <InputField
              label="Autorizado por"
              required
              hint="Nenhum morador ativo nesta unidade: informe quem autorizou (síndico, administração...)."
              control={control}
              name="autorizado_por_nome"
              autoComplete="off"
              maxLength={200}
            />
          ) : (
            <SelectField
              label="Autorizado por"
              required
              hint="Morador da unidade que confirmou a visita."
              control={control}
              name="autorizado_por_morador_id"
              options={moradorOptions}
              placeholder={unidadeId ? (moradores.isPending ? "Carregando moradores..." : "Escolha o morador") : "Escolha antes a unidade"}
              disabled={!unidadeId || moradorOptions.length === 0}
            />
          )}
        </div>
        <div className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={pedirAutorizacao}
              disabled={!unidadeId || !nome?.trim() || pedir.isPending || aguardando || pending}
            >
              Pedir autorização ao morador
            </Button>
            {aguardando && (
              <Button type="button" variant="ghost" onClick={() => cancelar.mutate(solicitacao.id)} disabled={cancelar.isPending}>
                Cancelar pedido
              </Button>
            )}
          </div>
          <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800 empty:hidden">
            {solicitacao && <TextoDaSolicitacao solicitacao={solicitacao} />}
          </p>
        </div>
        <PlacaField label="Placa" hint="ABC-1234 ou ABC1D23, se veio de carro." control={control} name="placa" />
        <TextareaField label="Observação" control={control} name="observacao" rows={2} maxLength={500} />
        {podeAbrir ? (
          <div className="grid gap-2">
            <p className="text-xs text-slate-600 sm:text-right">
              <kbd className="font-semibold">Ctrl</kbd>+<kbd className="font-semibold">Enter</kbd> registra a entrada e abre o portão.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={pending}>
                  Cancelar
                </Button>
              </DialogClose>
              <Button type="submit" disabled={pending}>
                Registrar entrada
              </Button>
              <Button
                ref={abrirRef}
                type="submit"
                variant="outline"
                className="border-brand-600 text-brand-700"
                disabled={pending}
                aria-keyshortcuts="Control+Enter"
              >
                <DoorOpen aria-hidden />
                Registrar e abrir
              </Button>
            </div>
          </div>
        ) : (
          <DialogFormActions pending={pending} submitLabel="Registrar entrada" />
        )}
      </form>
    </Form>
  );
}

/** The request's sentence; while it waits, the seconds since it was made tick each second. */
function TextoDaSolicitacao({ solicitacao }: { solicitacao: Solicitacao }) {
  const [agora, setAgora] = useState(() => Date.now());
  const aguardando = solicitacao.estado === "aguardando";
  useEffect(() => {
    if (!aguardando) return;
    const timer = window.setInterval(() => setAgora(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [aguardando]);
  const segundos = Math.max(0, (agora - Date.parse(solicitacao.created_at)) / 1000);
  return textoDaSolicitacao(solicitacao, segundos);
}
