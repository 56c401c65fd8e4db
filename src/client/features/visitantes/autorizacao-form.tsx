import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import type { CondominioOption } from "@shared/schemas/painel";
import { unidadeLabel } from "@shared/schemas/unidades";
import {
  autorizacaoInputSchema,
  DIAS_SEMANA_NOMES,
  DOCUMENTO_TIPOS,
  TIPO_AUTORIZACAO_LABEL,
  TIPOS_AUTORIZACAO,
  type AutorizacaoData,
} from "@shared/schemas/visitantes";
import { today } from "@shared/time";
import { Card, CardContent } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { FormActions } from "~/components/ui/form-actions";
import { toastFormErrors } from "~/components/ui/form-field";
import { InputField, MaskedField, PlacaField, SelectField, TextareaField } from "~/components/ui/form-field-kit";
import { DateField, TimeField } from "~/components/ui/date-time-field";
import { Label } from "~/components/ui/input";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { PATHS } from "~/lib/paths";
import { moradoresPortariaQuery, unidadesPortariaQuery } from "~/lib/pick-lists";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useCreateAutorizacao } from "./api";
import { DOCUMENTO_TIPO_LABEL } from "./format";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

interface FormValues {
  condominio_id: string;
  unidade_id: string;
  morador_id: string;
  nome_visitante: string;
  documento_tipo: string;
  documento_numero: string;
  telefone: string;
  email: string;
  placa: string;
  tipo: string;
  valido_de: string;
  valido_ate: string;
  dias_semana: number[];
  hora_inicio: string;
  hora_fim: string;
  max_entradas: string;
  observacoes: string;
}

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
const schemaResolver = zodResolver(autorizacaoInputSchema) as unknown as Resolver<FormValues, unknown, AutorizacaoData>;
const resolver: Resolver<FormValues, unknown, AutorizacaoData> = (values, context, options) => schemaResolver(applicable(values), context, options);

const TIPO_HINT: Record<(typeof TIPOS_AUTORIZACAO)[number], string> = {
  unica: "Um dia, uma entrada.",
  periodo: "Todos os dias de um período.",
  recorrente: "Dias da semana e horário, até uma data.",
};
const DOCUMENTO_OPTIONS = DOCUMENTO_TIPOS.map((t) => ({ value: t, label: DOCUMENTO_TIPO_LABEL[t] }));
/** Radix select items cannot be "": the item standing for 'no document type'. */
const SEM_DOCUMENTO = { value: "__nenhum__", label: "Não informado" };
/** Monday first, as a Brazilian week is read; values are 0 = domingo … 6. */
const SEMANA = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * 'Nova Autorização' (gatehouse-spec §4). The condominium and unit pick-lists hold only the user's
 * condominiums (the server answers only those); the resident who authorises is one of the unit's
 * active residents. After saving, the detail page with the code and the QR Code.
 */
export function AutorizacaoForm({ condominios }: { condominios: readonly CondominioOption[] | undefined }) {
  const navigate = useNavigate();
  const guard = useActionGuard();
  const create = useCreateAutorizacao();
  const uid = useId();
  const ids = Object.fromEntries(FIELDS.map((f) => [f, `${uid}-${f}`])) as Record<(typeof FIELDS)[number], string>;
  const options = condominios ?? [];

  const { register, handleSubmit, control, formState, setError, setValue, getValues } = useForm<FormValues, unknown, AutorizacaoData>({
    resolver,
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
  const errors = formState.errors;
  const [condominioId, unidadeId, tipo, documentoTipo] = useWatch({
    control,
    name: ["condominio_id", "unidade_id", "tipo", "documento_tipo"],
  });

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
  const diasHint = `${ids.dias_semana}-ajuda`;
  const diasError = `${ids.dias_semana}-erro`;
  const saving = create.isPending;

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-6">
          <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
            <legend className="mb-3 text-base font-semibold text-slate-900">Destino</legend>
            <SelectField
              id={ids.condominio_id}
              label="Condomínio"
              required
              error={errors.condominio_id?.message}
              control={control}
              name="condominio_id"
              placeholder="Selecione o condomínio"
              options={options.map((c) => ({ value: c.id, label: c.nome }))}
            />
            <SelectField
              id={ids.unidade_id}
              label="Unidade"
              required
              error={errors.unidade_id?.message}
              hint={condominioId ? undefined : "Escolha antes o condomínio."}
              control={control}
              name="unidade_id"
              placeholder={unidades.isFetching ? "Carregando unidades..." : "Selecione a unidade"}
              options={(unidades.data ?? []).map((u) => ({ value: u.id, label: unidadeLabel(u) }))}
              disabled={!condominioId}
            />
            <SelectField
              id={ids.morador_id}
              label="Morador que autoriza"
              required
              error={errors.morador_id?.message}
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
              id={ids.nome_visitante}
              label="Nome do visitante"
              required
              error={errors.nome_visitante?.message}
              className="sm:col-span-2"
              registration={register("nome_visitante")}
              autoComplete="off"
              maxLength={200}
            />
            <SelectField
              id={ids.documento_tipo}
              label="Tipo de documento"
              error={errors.documento_tipo?.message}
              control={control}
              name="documento_tipo"
              options={DOCUMENTO_OPTIONS}
              emptyOption={SEM_DOCUMENTO}
            />
            {documentoTipo === "cpf" ? (
              <MaskedField
                key="cpf"
                id={ids.documento_numero}
                label="Número do documento"
                error={errors.documento_numero?.message}
                control={control}
                name="documento_numero"
                mask="cpf"
                inputMode="numeric"
                autoComplete="off"
                maxLength={14}
                placeholder="000.000.000-00"
              />
            ) : (
              <InputField
                key="documento"
                id={ids.documento_numero}
                label="Número do documento"
                error={errors.documento_numero?.message}
                registration={register("documento_numero")}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={30}
              />
            )}
            <MaskedField
              id={ids.telefone}
              label="Telefone"
              error={errors.telefone?.message}
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
              id={ids.email}
              label="Email"
              error={errors.email?.message}
              hint="Para enviar o convite com o código e o QR Code."
              registration={register("email")}
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
            />
            <PlacaField id={ids.placa} label="Placa" error={errors.placa?.message} control={control} name="placa" />
          </fieldset>

          <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
            <legend className="mb-3 text-base font-semibold text-slate-900">Validade</legend>
            <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={errors.tipo ? `${ids.tipo}-erro` : undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-900">
                Tipo
                <span className="ml-0.5 text-red-700" aria-hidden>
                  *
                </span>
              </legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {TIPOS_AUTORIZACAO.map((t) => (
                  <label
                    key={t}
                    className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
                  >
                    <input type="radio" value={t} {...register("tipo")} className="mt-1 accent-brand-600" />
                    <span className="grid">
                      <span className="text-sm font-medium text-slate-900">{TIPO_AUTORIZACAO_LABEL[t]}</span>
                      <span className="text-xs text-slate-600">{TIPO_HINT[t]}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.tipo?.message && (
                <p id={`${ids.tipo}-erro`} className="text-sm text-red-700">
                  {errors.tipo.message}
                </p>
              )}
            </fieldset>

            <DateField
              id={ids.valido_de}
              label={tipo === "unica" ? "Data da visita" : "Válida de"}
              required
              error={errors.valido_de?.message}
              control={control}
              name="valido_de"
            />
            {tipo !== "unica" && (
              <DateField
                id={ids.valido_ate}
                label={tipo === "recorrente" ? "Válida até" : "Até"}
                required
                error={errors.valido_ate?.message}
                hint="Último dia da autorização."
                control={control}
                name="valido_ate"
              />
            )}

            {tipo === "recorrente" && (
              <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={[diasHint, errors.dias_semana ? diasError : null].filter(Boolean).join(" ")}>
                <legend className="mb-2 text-sm font-medium text-slate-900">
                  Dias da semana
                  <span className="ml-0.5 text-red-700" aria-hidden>
                    *
                  </span>
                </legend>
                <Controller
                  control={control}
                  name="dias_semana"
                  render={({ field }) => (
                    <div className="flex flex-wrap gap-x-5 gap-y-2">
                      {SEMANA.map((dia) => {
                        const id = `${ids.dias_semana}-${dia}`;
                        const checked = field.value.includes(dia);
                        return (
                          <div key={dia} className="flex items-center gap-2">
                            <Checkbox
                              id={id}
                              ref={dia === SEMANA[0] ? field.ref : undefined}
                              checked={checked}
                              onCheckedChange={(next) => field.onChange(next ? [...field.value, dia] : field.value.filter((d) => d !== dia))}
                              onBlur={field.onBlur}
                              aria-invalid={errors.dias_semana ? true : undefined}
                            />
                            <Label htmlFor={id} className="capitalize">
                              {DIAS_SEMANA_NOMES[dia]}
                            </Label>
                          </div>
                        );
                      })}
                    </div>
                  )}
                />
                <p id={diasHint} className="text-xs text-slate-600">
                  Ex.: uma diarista às segundas e quintas.
                </p>
                {errors.dias_semana?.message && (
                  <p id={diasError} className="text-sm text-red-700">
                    {errors.dias_semana.message}
                  </p>
                )}
              </fieldset>
            )}

            <TimeField
              id={ids.hora_inicio}
              label="Hora início"
              required={tipo === "recorrente"}
              error={errors.hora_inicio?.message}
              hint={tipo === "recorrente" ? undefined : "Opcional: uma janela de horário, todos os dias."}
              control={control}
              name="hora_inicio"
            />
            <TimeField id={ids.hora_fim} label="Hora fim" required={tipo === "recorrente"} error={errors.hora_fim?.message} control={control} name="hora_fim" />

            {tipo !== "unica" && (
              <InputField
                id={ids.max_entradas}
                label="Número máximo de entradas"
                error={errors.max_entradas?.message}
                hint="Em branco: sem limite."
                registration={register("max_entradas")}
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                step={1}
              />
            )}
          </fieldset>

          <TextareaField
            id={ids.observacoes}
            label="Observações"
            error={errors.observacoes?.message}
            registration={register("observacoes")}
            rows={3}
            maxLength={1000}
          />

          <FormActions
            className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center"
            cancelTo={PATHS.visitantes}
            cancelLabel="Cancelar"
            submitLabel={saving ? "Salvando..." : "Criar autorização"}
            saving={saving}
          />
        </form>
      </CardContent>
    </Card>
  );
}
