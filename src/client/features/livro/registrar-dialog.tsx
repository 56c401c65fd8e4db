import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import { ERROR_TITLE } from "@shared/messages";
import {
  LIVRO_TEXTOS,
  PRIORIDADE_OCORRENCIA_LABEL,
  PRIORIDADES_OCORRENCIA,
  REFERENCIA_OCORRENCIA_LABEL,
  REFERENCIAS_OCORRENCIA,
  TIPO_OCORRENCIA_LABEL,
  TIPOS_OCORRENCIA,
  ocorrenciaInputSchema,
  type OcorrenciaData,
  type ReferenciaOcorrencia,
  type Turno,
} from "@shared/schemas/livro";
import type { CondominioOption } from "@shared/schemas/painel";
import { Checkbox } from "~/components/ui/checkbox";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, SelectField, TextareaField } from "~/components/ui/form-field-kit";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { UnidadeField } from "~/components/portaria/unidade-combobox";
import { unidadesPortariaQuery } from "~/lib/pick-lists";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { referenciasQuery, useRegistrarOcorrencia } from "./api";
import { postoNome } from "./rotulos";

type Values = ZodFormValues<typeof ocorrenciaInputSchema>;

const FIELDS = ["condominio_id", "tipo", "prioridade", "titulo", "descricao", "unidade_id", "referencia_tipo", "referencia_id", "visivel_sindico"] as const;
const TIPO_OPTIONS = TIPOS_OCORRENCIA.map((t) => ({ value: t, label: TIPO_OCORRENCIA_LABEL[t] }));
const PRIORIDADE_OPTIONS = PRIORIDADES_OCORRENCIA.map((p) => ({ value: p, label: PRIORIDADE_OCORRENCIA_LABEL[p] }));
const REFERENCIA_OPTIONS = REFERENCIAS_OCORRENCIA.map((r) => ({ value: r, label: REFERENCIA_OCORRENCIA_LABEL[r] }));
const NENHUM = { value: "nenhum", label: "Nenhum" };

/**
 * 'Registrar ocorrência' (gate-operation-spec §5) in the open shift: the condominium is the post's
 * (a choice at the central), then type, priority, title, description, the unit, what it is linked
 * to and whether the síndico sees it.
 */
export function RegistrarDialog({
  turno,
  open,
  onClose,
  condominios,
}: {
  turno: Turno | null | undefined;
  open: boolean;
  onClose: () => void;
  condominios: readonly CondominioOption[];
}) {
  const registrar = useRegistrarOcorrencia();
  return (
    <FormDialog
      open={open && Boolean(turno)}
      pending={registrar.isPending}
      onClose={onClose}
      title="Registrar ocorrência"
      description={turno ? `No turno em ${postoNome(turno)}. Os campos marcados com * são obrigatórios; o registro não pode ser alterado depois.` : ""}
    >
      {open && turno && <RegistrarForm turno={turno} registrar={registrar} condominios={condominios} onDone={onClose} />}
    </FormDialog>
  );
}

function RegistrarForm({
  turno,
  registrar,
  condominios,
  onDone,
}: {
  turno: Turno;
  registrar: ReturnType<typeof useRegistrarOcorrencia>;
  condominios: readonly CondominioOption[];
  onDone: () => void;
}) {
  const guard = useActionGuard();
  // A condominium's shift writes for it alone; the central's for any condominium it serves.
  const fixo = turno.condominio?.id ?? (condominios.length === 1 ? condominios[0]!.id : "");
  const vazio: Values = {
    condominio_id: fixo,
    tipo: "",
    prioridade: "normal",
    titulo: "",
    descricao: "",
    unidade_id: "",
    referencia_tipo: "",
    referencia_id: "",
    visivel_sindico: false,
  };
  const form = useZodForm(ocorrenciaInputSchema, { defaultValues: vazio });
  const { handleSubmit, control, setError, setValue } = form;
  const condominioId = useWatch({ control, name: "condominio_id" });
  const referenciaTipo = useWatch({ control, name: "referencia_tipo" }) as ReferenciaOcorrencia | "";

  // Another condominium has other units and other records to link; another kind of link, other candidates.
  const anterior = useRef({ condominioId, referenciaTipo });
  useEffect(() => {
    const antes = anterior.current;
    anterior.current = { condominioId, referenciaTipo };
    if (antes.condominioId !== condominioId) setValue("unidade_id", "");
    if (antes.condominioId !== condominioId || antes.referenciaTipo !== referenciaTipo) setValue("referencia_id", "");
  }, [condominioId, referenciaTipo, setValue]);

  // The gate's units' pick-list, which the book's operator may read (registrar_ocorrencias).
  const unidades = useQuery({ ...unidadesPortariaQuery(condominioId), enabled: Boolean(condominioId) });
  useQueryErrorToast(unidades.error, ERROR_TITLE.buscarUnidades);
  const referencias = useQuery(referenciasQuery(condominioId, referenciaTipo, ""));
  useQueryErrorToast(referencias.error, ERROR_TITLE.buscar);

  function onValid(values: OcorrenciaData) {
    if (!guard("registrar_ocorrencias")) return;
    registrar.mutate(
      values,
      saveCallbacks({ success: LIVRO_TEXTOS.ocorrenciaRegistrada, error: LIVRO_TEXTOS.erroRegistrar, form: { setError, fields: FIELDS }, done: onDone }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {turno.condominio ? (
            <p className="grid gap-1 text-sm sm:col-span-2">
              <span className="font-medium text-slate-900">Condomínio</span>
              <span className="text-slate-700">{turno.condominio.nome}</span>
            </p>
          ) : (
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
          <SelectField label="Tipo" required control={control} name="tipo" options={TIPO_OPTIONS} placeholder="Escolha o tipo" />
          <SelectField label="Prioridade" required control={control} name="prioridade" options={PRIORIDADE_OPTIONS} />
          <InputField label="Título" required className="sm:col-span-2" control={control} name="titulo" autoComplete="off" maxLength={200} />
          <TextareaField label="Descrição" className="sm:col-span-2" control={control} name="descricao" rows={4} maxLength={4000} />
          <UnidadeField
            label="Unidade"
            hint="Opcional. Digite como no console: 101, A 101."
            className="sm:col-span-2"
            control={control}
            name="unidade_id"
            unidades={unidades.data ?? []}
            loading={unidades.isFetching}
            placeholder={condominioId ? "Digite a unidade" : "Escolha antes o condomínio"}
            disabled={!condominioId}
          />
          <SelectField label="Vincular a" control={control} name="referencia_tipo" options={REFERENCIA_OPTIONS} emptyOption={NENHUM} />
          {/* A candidate's description already says when it happened ('Entrada de Maria Souza, 29/11/2026 14:02'). */}
          {referenciaTipo && (
            <SelectField
              label={REFERENCIA_OCORRENCIA_LABEL[referenciaTipo]}
              required
              control={control}
              name="referencia_id"
              options={(referencias.data ?? []).map((r) => ({ value: r.id, label: r.descricao }))}
              placeholder={
                !condominioId
                  ? "Escolha antes o condomínio"
                  : referencias.isPending
                    ? "Carregando..."
                    : referencias.data?.length
                      ? "Escolha"
                      : "Nenhum encontrado"
              }
              disabled={!condominioId || !referencias.data?.length}
            />
          )}
          <FormField
            control={control}
            name="visivel_sindico"
            render={({ field }) => (
              <FormItem className="flex items-start gap-3 sm:col-span-2">
                <FormControl>
                  <Checkbox ref={field.ref} name={field.name} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} />
                </FormControl>
                <div className="grid gap-0.5">
                  <FormLabel>Visível ao síndico</FormLabel>
                  <FormDescription>O síndico do condomínio lê esta ocorrência e o que vier depois dela.</FormDescription>
                </div>
              </FormItem>
            )}
          />
        </div>
        <DialogFormActions pending={registrar.isPending} submitLabel={registrar.isPending ? "Registrando..." : "Registrar"} />
      </form>
    </Form>
  );
}
