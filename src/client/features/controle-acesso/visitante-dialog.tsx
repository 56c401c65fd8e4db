import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { AUTORIZADO_POR_NOME_REQUIRED, DOCUMENTO_TIPO_LABEL, DOCUMENTO_TIPOS, visitanteSemAutorizacaoFormSchema } from "@shared/schemas/controle-acesso";
import { unidadeLabel } from "@shared/schemas/unidades";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { toastFormErrors } from "~/components/ui/form-field";
import { InputField, MaskedField, SelectField, TextareaField } from "~/components/ui/form-field-kit";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { moradoresPortariaQuery, unidadesPortariaQuery } from "~/lib/pick-lists";
import type { SaveForm } from "~/lib/save-callbacks";
import type { VisitanteValues } from "./api";
import { ERROR_TITLE } from "@shared/messages";

export interface VisitanteFormValues {
  nome: string;
  documento_tipo: string;
  documento_numero: string;
  unidade_id: string;
  autorizado_por_morador_id: string;
  autorizado_por_nome: string;
  placa: string;
  observacao: string;
}

export type VisitanteDados = Omit<VisitanteValues, "condominio_id" | "liberar_mesmo_assim">;

const FIELDS = ["nome", "documento_tipo", "documento_numero", "unidade_id", "autorizado_por_morador_id", "autorizado_por_nome", "placa", "observacao"] as const;
const resolver = zodResolver(visitanteSemAutorizacaoFormSchema) as unknown as Resolver<VisitanteFormValues, unknown, VisitanteDados>;
const MORADOR_REQUIRED = "Escolha o morador que autorizou a entrada.";
const DOCUMENTO_OPTIONS = DOCUMENTO_TIPOS.map((tipo) => ({ value: tipo, label: DOCUMENTO_TIPO_LABEL[tipo] }));
const EMPTY: VisitanteFormValues = {
  nome: "",
  documento_tipo: "",
  documento_numero: "",
  unidade_id: "",
  autorizado_por_morador_id: "",
  autorizado_por_nome: "",
  placa: "",
  observacao: "",
};

/**
 * 'Visitante sem pré-autorização' (§3): the porteiro confirmed by intercom with a resident of the
 * destination unit, and registers the entry. `onSubmit` gets the form's setter for the server's
 * field messages.
 */
export function VisitanteDialog({
  open,
  condominioId,
  pending,
  onClose,
  onSubmit,
  onCloseAutoFocus,
}: {
  open: boolean;
  condominioId: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (values: VisitanteDados, form: SaveForm<VisitanteFormValues>) => void;
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
      {open && <VisitanteForm condominioId={condominioId} pending={pending} onSubmit={onSubmit} />}
    </FormDialog>
  );
}

function VisitanteForm({
  condominioId,
  pending,
  onSubmit,
}: {
  condominioId: string;
  pending: boolean;
  onSubmit: (values: VisitanteDados, form: SaveForm<VisitanteFormValues>) => void;
}) {
  const uid = useId();
  const ids = Object.fromEntries(FIELDS.map((f) => [f, `${uid}-${f}`])) as Record<(typeof FIELDS)[number], string>;
  const { register, handleSubmit, control, formState, setError, setValue } = useForm<VisitanteFormValues, unknown, VisitanteDados>({
    resolver,
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  const unidadeId = useWatch({ control, name: "unidade_id" });
  const documentoTipo = useWatch({ control, name: "documento_tipo" });
  // Another unit has other residents: who authorised before no longer applies.
  const unidadeAnterior = useRef(unidadeId);
  useEffect(() => {
    if (unidadeAnterior.current === unidadeId) return;
    unidadeAnterior.current = unidadeId;
    setValue("autorizado_por_morador_id", "");
    setValue("autorizado_por_nome", "");
  }, [unidadeId, setValue]);

  const unidades = useQuery(unidadesPortariaQuery(condominioId));
  useQueryErrorToast(unidades.error, ERROR_TITLE.buscarUnidades);
  const moradores = useQuery(moradoresPortariaQuery(unidadeId));
  useQueryErrorToast(moradores.error, ERROR_TITLE.buscarMoradores);

  const unidadeOptions = (unidades.data ?? []).map((u) => ({ value: u.id, label: unidadeLabel(u) }));
  const moradorOptions = (moradores.data ?? []).map((m) => ({ value: m.id, label: m.nome_completo }));
  // A unit with no active resident: whoever authorised it (síndico, administração...) is typed.
  const semMoradores = Boolean(unidadeId) && moradores.data?.length === 0;

  function submit(values: VisitanteDados) {
    // Who authorised: a resident of the unit, or the typed name at a unit with none (the server checks it too).
    if (semMoradores ? !values.autorizado_por_nome : !values.autorizado_por_morador_id) {
      const field = semMoradores ? "autorizado_por_nome" : "autorizado_por_morador_id";
      setError(field, { type: "required", message: semMoradores ? AUTORIZADO_POR_NOME_REQUIRED : MORADOR_REQUIRED }, { shouldFocus: true });
      return;
    }
    onSubmit(semMoradores ? { ...values, autorizado_por_morador_id: null } : { ...values, autorizado_por_nome: null }, { setError, fields: FIELDS });
  }

  return (
    <form onSubmit={handleSubmit(submit, toastFormErrors)} noValidate className="grid gap-4">
      <InputField id={ids.nome} label="Nome" required error={errors.nome?.message} registration={register("nome")} autoComplete="off" maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={ids.documento_tipo}
          label="Documento tipo"
          error={errors.documento_tipo?.message}
          control={control}
          name="documento_tipo"
          options={DOCUMENTO_OPTIONS}
          emptyOption={{ value: "nenhum", label: "Sem documento" }}
        />
        {documentoTipo === "cpf" ? (
          <MaskedField
            id={ids.documento_numero}
            label="Documento número"
            error={errors.documento_numero?.message}
            control={control}
            name="documento_numero"
            mask="cpf"
            autoComplete="off"
            inputMode="numeric"
          />
        ) : (
          <InputField
            id={ids.documento_numero}
            label="Documento número"
            error={errors.documento_numero?.message}
            registration={register("documento_numero")}
            autoComplete="off"
            maxLength={40}
          />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={ids.unidade_id}
          label="Unidade de destino"
          required
          error={errors.unidade_id?.message}
          control={control}
          name="unidade_id"
          options={unidadeOptions}
          placeholder={unidades.isPending ? "Carregando unidades..." : "Escolha a unidade"}
        />
        {semMoradores ? (
          <InputField
            id={ids.autorizado_por_nome}
            label="Autorizado por"
            required
            error={errors.autorizado_por_nome?.message}
            hint="Nenhum morador ativo nesta unidade: informe quem autorizou (síndico, administração...)."
            registration={register("autorizado_por_nome")}
            autoComplete="off"
            maxLength={200}
          />
        ) : (
          <SelectField
            id={ids.autorizado_por_morador_id}
            label="Autorizado por"
            required
            error={errors.autorizado_por_morador_id?.message}
            hint="Morador da unidade que confirmou a visita."
            control={control}
            name="autorizado_por_morador_id"
            options={moradorOptions}
            placeholder={unidadeId ? (moradores.isPending ? "Carregando moradores..." : "Escolha o morador") : "Escolha antes a unidade"}
            disabled={!unidadeId || moradorOptions.length === 0}
          />
        )}
      </div>
      <MaskedField
        id={ids.placa}
        label="Placa"
        error={errors.placa?.message}
        hint="ABC-1234 ou ABC1D23, se veio de carro."
        control={control}
        name="placa"
        mask="placa"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        inputClassName="font-mono uppercase tracking-wider"
      />
      <TextareaField id={ids.observacao} label="Observação" error={errors.observacao?.message} registration={register("observacao")} rows={2} maxLength={500} />
      <DialogFormActions pending={pending} submitLabel="Registrar entrada" />
    </form>
  );
}
