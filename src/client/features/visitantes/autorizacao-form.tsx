import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import type { CondominioOption } from "@shared/schemas/painel";
import { unidadeLabel } from "@shared/schemas/unidades";
import { autorizacaoInputSchema, type AutorizacaoData } from "@shared/schemas/visitantes";
import { today } from "@shared/time";
import { Card, CardContent } from "~/components/ui/card";
import { FormActions } from "~/components/ui/form-actions";
import { DocumentoFields } from "~/components/portaria/documento-fields";
import { Form, FormDescription, FormField, FormItem, FormLegend, FormMessage } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, MaskedField, PlacaField, SelectField, TextareaField } from "~/components/ui/form-field-kit";
import { DateField, TimeField } from "~/components/ui/date-time-field";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { PATHS } from "~/lib/paths";
import { moradoresPortariaQuery, unidadesPortariaQuery } from "~/lib/pick-lists";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { DiasDaSemana, TiposDeAutorizacao } from "~/components/portaria/autorizacao-visita";
import { useCreateAutorizacao } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

/** The schema's input as the inputs hold it; the weekdays are ticked as numbers (0 = domingo). */
type FormValues = Omit<ZodFormValues<typeof autorizacaoInputSchema>, "dias_semana"> & { dias_semana: number[] };

const FIELDS = [
  "condominio_id",
  "unidade_id",
  "morador_id",
  "nome_visitante",
  "documento_tipo",
  "documento_numero",
  "telefone",
  "email",
  "placa",
  "tipo",
  "valido_de",
  "valido_ate",
  "dias_semana",
  "hora_inicio",
  "hora_fim",
  "max_entradas",
  "observacoes",
] as const;

/**
 * Only the fields of the chosen type reach the schema: 'Única' is one day and one entry (no end
 * date, no weekdays, no maximum), 'Período' has no weekdays. What was typed in a field hidden by
 * a change of type is kept in the form (switching back shows it) but not sent.
 */
function applicable(values: FormValues): FormValues {
  if (values.tipo === "unica") return { ...values, valido_ate: "", dias_semana: [], max_entradas: "" };
  if (values.tipo === "periodo") return { ...values, dias_semana: [] };
  return values;
}

/**
 * 'Nova Autorização' (gatehouse-spec §4). The condominium and unit pick-lists hold only the user's
 * condominiums (the server answers only those); the resident who authorises is one of the unit's
 * active residents. After saving, the detail page with the code and the QR Code.
 */
export function AutorizacaoForm({ condominios }: { condominios: readonly CondominioOption[] | undefined }) {
  const navigate = useNavigate();
  const guard = useActionGuard();
  const create = useCreateAutorizacao();
  const options = condominios ?? [];

  const form = useZodForm<typeof autorizacaoInputSchema, FormValues>(autorizacaoInputSchema, {
    prepare: applicable,
    defaultValues: {
      condominio_id: "",
      unidade_id: "",
      morador_id: "",
      nome_visitante: "",
      documento_tipo: "",
      documento_numero: "",
      telefone: "",
      email: "",
      placa: "",
      tipo: "unica",
      valido_de: today(),
      valido_ate: "",
      dias_semana: [],
      hora_inicio: "",
      hora_fim: "",
      max_entradas: "",
      observacoes: "",
    },
  });
  const { handleSubmit, control, setError, setValue, getValues } = form;
  const [condominioId, unidadeId, tipo] = useWatch({ control, name: ["condominio_id", "unidade_id", "tipo"] });

  // Who serves one condominium has it chosen once the list has loaded.
  const onlyCondominio = options.length === 1 ? options[0]!.id : null;
  useEffect(() => {
    if (onlyCondominio && !getValues("condominio_id")) setValue("condominio_id", onlyCondominio);
  }, [onlyCondominio, getValues, setValue]);

  const unidades = useQuery(unidadesPortariaQuery(condominioId));
  useQueryErrorToast(unidades.error, ERROR_TITLE.buscarUnidades);
  const moradores = useQuery(moradoresPortariaQuery(unidadeId));
  useQueryErrorToast(moradores.error, ERROR_TITLE.buscarMoradores);

  // Another condominium empties the unit; another unit, the resident.
  const previous = useRef({ condominioId, unidadeId });
  useEffect(() => {
    if (previous.current.condominioId !== condominioId) setValue("unidade_id", "");
    if (previous.current.unidadeId !== unidadeId || previous.current.condominioId !== condominioId) setValue("morador_id", "");
    previous.current = { condominioId, unidadeId };
  }, [condominioId, unidadeId, setValue]);
  // A unit with one resident has them chosen.
  const onlyMorador = moradores.data?.length === 1 ? moradores.data[0]!.id : null;
  useEffect(() => {
    if (onlyMorador && !getValues("morador_id")) setValue("morador_id", onlyMorador);
  }, [onlyMorador, getValues, setValue]);

  function onValid(values: AutorizacaoData) {
    if (!guard("registrar_acesso_visitante")) return;
    create.mutate(
      values,
      saveCallbacks({
        success: SUCCESS_TITLE.autorizacaoCriada,
        error: ERROR_TITLE.criarAutorizacao,
        form: { setError, fields: FIELDS },
        done: (created) => navigate(PATHS.visitante(created.id)),
      }),
    );
  }

  const semMoradores = Boolean(unidadeId) && moradores.data?.length === 0;
  const saving = create.isPending;

  return (
    <Card>
      <CardContent className="pt-6">
        <Form {...form}>
          <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-6">
            <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
              <legend className="mb-3 text-base font-semibold text-slate-900">Destino</legend>
              <SelectField
                label="Condomínio"
                required
                control={control}
                name="condominio_id"
                placeholder="Selecione o condomínio"
                options={options.map((c) => ({ value: c.id, label: c.nome }))}
              />
              <SelectField
                label="Unidade"
                required
                hint={condominioId ? undefined : "Escolha antes o condomínio."}
                control={control}
                name="unidade_id"
                placeholder={unidades.isFetching ? "Carregando unidades..." : "Selecione a unidade"}
                options={(unidades.data ?? []).map((u) => ({ value: u.id, label: unidadeLabel(u) }))}
                disabled={!condominioId}
              />
              <SelectField
                label="Morador que autoriza"
                required
                hint={semMoradores ? "Esta unidade não tem moradores ativos." : unidadeId ? undefined : "Escolha antes a unidade."}
                className="sm:col-span-2"
                control={control}
                name="morador_id"
                placeholder="Selecione o morador"
                options={(moradores.data ?? []).map((m) => ({ value: m.id, label: m.nome_completo }))}
                disabled={!unidadeId || semMoradores}
              />
            </fieldset>

            <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
              <legend className="mb-3 text-base font-semibold text-slate-900">Visitante</legend>
              <InputField
                label="Nome do visitante"
                required
                className="sm:col-span-2"
                control={control}
                name="nome_visitante"
                autoComplete="off"
                maxLength={200}
              />
              <DocumentoFields labels={{ tipo: "Tipo de documento", numero: "Número do documento", semTipo: "Não informado" }} />
              <MaskedField
                label="Telefone"
                hint="Com DDD."
                control={control}
                name="telefone"
                mask="telefone"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="(11) 98765-4321"
              />
              <InputField
                label="Email"
                hint="Para enviar o convite com o código e o QR Code."
                control={control}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="off"
                maxLength={254}
              />
              <PlacaField label="Placa" control={control} name="placa" />
            </fieldset>

            <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
              <legend className="mb-3 text-base font-semibold text-slate-900">Validade</legend>
              <FormField
                control={control}
                name="tipo"
                render={({ field }) => (
                  <FormItem as="fieldset" required className="grid gap-2 sm:col-span-2">
                    <FormLegend>Tipo</FormLegend>
                    <TiposDeAutorizacao field={field} />
                    <FormMessage />
                  </FormItem>
                )}
              />

              <DateField label={tipo === "unica" ? "Data da visita" : "Válida de"} required control={control} name="valido_de" />
              {tipo !== "unica" && (
                <DateField
                  label={tipo === "recorrente" ? "Válida até" : "Até"}
                  required
                  hint="Último dia da autorização."
                  control={control}
                  name="valido_ate"
                />
              )}

              {tipo === "recorrente" && (
                <FormField
                  control={control}
                  name="dias_semana"
                  render={({ field }) => (
                    <FormItem as="fieldset" required className="grid gap-2 sm:col-span-2">
                      <FormLegend>Dias da semana</FormLegend>
                      <DiasDaSemana field={field} />
                      <FormDescription>Ex.: uma diarista às segundas e quintas.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              )}

              <TimeField
                label="Hora início"
                required={tipo === "recorrente"}
                hint={tipo === "recorrente" ? undefined : "Opcional: uma janela de horário, todos os dias."}
                control={control}
                name="hora_inicio"
              />
              <TimeField label="Hora fim" required={tipo === "recorrente"} control={control} name="hora_fim" />

              {tipo !== "unica" && (
                <InputField
                  label="Número máximo de entradas"
                  hint="Em branco: sem limite."
                  control={control}
                  name="max_entradas"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1000}
                  step={1}
                />
              )}
            </fieldset>

            <TextareaField label="Observações" control={control} name="observacoes" rows={3} maxLength={1000} />

            <FormActions
              className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center"
              cancelTo={PATHS.visitantes}
              cancelLabel="Cancelar"
              submitLabel={saving ? "Salvando..." : "Criar autorização"}
              saving={saving}
            />
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
