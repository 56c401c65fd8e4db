import { z } from "zod";
import { MSG } from "../messages";
import { isValidPlaca, normalizePlaca } from "../br/placa";
import { dateInSaoPaulo, dayStartInSaoPaulo, isCalendarDate, nextDate, today } from "../time";
import { optionalDocumento } from "./bloqueios";
import {
  cpfDoDocumento,
  DOCUMENTO_TIPOS,
  emptyToNull,
  limitParam,
  offsetParam,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalText,
  refSchema,
  requiredText,
  searchText,
  unidadeRefSchema,
} from "./common";
import { afterOrOffset, cursorId, cursorInstant, newestFirst } from "./cursor";

// Visitantes (gatehouse-spec §4): pre-authorisations of visitors, with a short code and a signed
// QR code, checked at the gate. docs/decisions/0229-autorizacoes-de-visita.md to 0237.

/** A visitor's document type (§3, §4); the gate's visitor form uses the same list. */
export { DOCUMENTO_TIPOS };

export const TIPOS_AUTORIZACAO = ["unica", "periodo", "recorrente"] as const;
export type TipoAutorizacao = (typeof TIPOS_AUTORIZACAO)[number];
export const TIPO_AUTORIZACAO_LABEL: Record<TipoAutorizacao, string> = { unica: "Única", periodo: "Período", recorrente: "Recorrente" };

/** What the list shows and filters by: 'expirada' is read from the end of validity, never stored. */
export const SITUACOES_AUTORIZACAO = ["ativa", "utilizada", "expirada", "cancelada"] as const;
export type SituacaoAutorizacao = (typeof SITUACOES_AUTORIZACAO)[number];
export const SITUACAO_AUTORIZACAO_LABEL: Record<SituacaoAutorizacao, string> = {
  ativa: "Ativa",
  utilizada: "Utilizada",
  expirada: "Expirada",
  cancelada: "Cancelada",
};

// ——— The short code ———

/**
 * 8 characters from 30: digits and capital letters without the look-alikes 0/O, 1/I/L and U/V
 * (about 6.6 × 10¹¹ codes). Every code has at least one digit and one letter, so a name typed in
 * the gate's search box ("FERNANDA") is never taken for a code.
 */
export const CODIGO_ALFABETO = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODIGO_TAMANHO = 8;

/** A code as typed: upper case, without spaces, dots and hyphens ("abcd-2345" is "ABCD2345"). */
export const normalizarCodigo = (value: string) => value.toUpperCase().replace(/[\s.\-_]/g, "");

/** Whether typed text is a short code (after `normalizarCodigo`). */
export const pareceCodigo = (value: string): boolean => {
  const code = normalizarCodigo(value);
  return code.length === CODIGO_TAMANHO && [...code].every((c) => CODIGO_ALFABETO.includes(c)) && /\d/.test(code) && /[A-Z]/.test(code);
};

/** The signed QR payload's prefix (a USB reader types the payload into the search box). */
export const QR_PREFIXO = "GV1.";
export const pareceQrCode = (value: string) => value.trim().startsWith(QR_PREFIXO);

// ——— Days and hours (São Paulo) ———

export const DIAS_SEMANA_NOMES = ["domingo", "segunda", "terça", "quarta", "quinta", "sexta", "sábado"] as const;

/**
 * The weekdays of an authorisation as the refusal says them: every day, 'todos os dias'; three or
 * more consecutive days (in week order, Sunday first), 'segunda a sexta'; otherwise the names
 * joined by commas and 'e' ('segunda e quinta', 'segunda, quarta e sexta').
 */
export function formatarDias(dias: readonly number[] | null | undefined): string {
  const sorted = [...new Set(dias ?? [])].sort((a, b) => a - b);
  if (sorted.length === 0 || sorted.length === 7) return "todos os dias";
  const consecutive = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (sorted.length >= 3 && consecutive) return `${DIAS_SEMANA_NOMES[sorted[0]!]} a ${DIAS_SEMANA_NOMES[sorted.at(-1)!]}`;
  const names = sorted.map((d) => DIAS_SEMANA_NOMES[d]!);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/** The weekday (0 = domingo) of `instant` in São Paulo. */
export function weekdayInSaoPaulo(instant: Date | number | string): number {
  const [y, m, d] = dateInSaoPaulo(instant).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
}

/** The last instant of a São Paulo day: 23:59:59.999 (an authorisation's `valido_ate`). */
export const dayEndInSaoPaulo = (date: string): Date => new Date(dayStartInSaoPaulo(nextDate(date)).getTime() - 1);

/** dd/MM/yyyy of an instant's São Paulo date. */
export const formatDateSp = (instant: Date | string | number) => {
  const [y, m, d] = dateInSaoPaulo(instant).split("-");
  return `${d}/${m}/${y}`;
};

/** "HH:mm" of a time column ("08:00:00") or input ("08:00"). */
export const horaCurta = (value: string) => value.slice(0, 5);

export const mensagemForaDoHorario = (dias: readonly number[] | null | undefined, inicio: string, fim: string) =>
  `Fora do horário autorizado (${formatarDias(dias)}, das ${horaCurta(inicio)} às ${horaCurta(fim)}).`;
export const mensagemExpirada = (validoAte: Date | string) => `Autorização expirada em ${formatDateSp(validoAte)}.`;
export const mensagemAntesDoInicio = (validoDe: Date | string, validoAte: Date | string) =>
  `Fora do período autorizado (${formatDateSp(validoDe)} até ${formatDateSp(validoAte)}).`;
/**
 * The validity in words (the invitation e-mail, the detail page): 'dia 10/03/2027',
 * 'de 10/03/2027 até 20/03/2027' or 'segunda e quinta, das 08:00 às 17:00, de 01/03/2027 até
 * 30/06/2027'; a daily window of the other types is added as ', das HH:mm às HH:mm'.
 */
export function descreverValidade(a: {
  tipo: TipoAutorizacao;
  valido_de: Date | string;
  valido_ate: Date | string;
  dias_semana: readonly number[] | null;
  hora_inicio: string | null;
  hora_fim: string | null;
}): string {
  const de = formatDateSp(a.valido_de);
  const ate = formatDateSp(a.valido_ate);
  const horas = a.hora_inicio && a.hora_fim ? `das ${horaCurta(a.hora_inicio)} às ${horaCurta(a.hora_fim)}` : "";
  if (a.tipo === "recorrente") return `${formatarDias(a.dias_semana)}, ${horas}, de ${de} até ${ate}`;
  const dias = a.tipo === "unica" || de === ate ? `dia ${de}` : `de ${de} até ${ate}`;
  return horas ? `${dias}, ${horas}` : dias;
}

export const AUTORIZACAO_CANCELADA = "Autorização cancelada.";
export const AUTORIZACAO_UTILIZADA = "Autorização já utilizada.";
export const CODIGO_INVALIDO = MSG.codigoNotFound.message;

/** What the gate's rules read of an authorisation. */
export interface AutorizacaoRegras {
  status: "ativa" | "utilizada" | "cancelada";
  valido_de: Date | string;
  valido_ate: Date | string;
  dias_semana: readonly number[] | null;
  hora_inicio: string | null;
  hora_fim: string | null;
  max_entradas: number | null;
  entradas_usadas: number;
}

/** The situation at `agora`: what happened to it, or 'expirada' past its end, else 'ativa'. */
export function situacaoAutorizacao(a: Pick<AutorizacaoRegras, "status" | "valido_ate">, agora: Date | number): SituacaoAutorizacao {
  if (a.status !== "ativa") return a.status;
  return new Date(a.valido_ate).getTime() < new Date(agora).getTime() ? "expirada" : "ativa";
}

// Why an authorisation does not let its visitor in now (`recusaAutorizacao`) is the gate's
// decision: server-side, in controle-acesso/decisao.ts (docs/decisions/0075-regras-na-camada-de-servico.md).

// ——— Requests ———

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const HORA_INVALIDA = "Horário inválido. Use HH:mm.";
const optionalHora = z.preprocess(emptyToNull, z.string({ error: HORA_INVALIDA }).trim().regex(HORA, HORA_INVALIDA).nullable());

const optionalPlaca = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(10, "Placa inválida. Use ABC-1234 ou ABC1D23.")
    .refine(isValidPlaca, "Placa inválida. Use ABC-1234 ou ABC1D23.")
    .transform(normalizePlaca)
    .nullable(),
);

const DIAS_INVALIDOS = "Escolha os dias da semana.";
const diasSemana = z.preprocess(
  (v) => (v === undefined || v === null ? null : v),
  z
    .array(z.number({ error: DIAS_INVALIDOS }).int(DIAS_INVALIDOS).min(0, DIAS_INVALIDOS).max(6, DIAS_INVALIDOS), { error: DIAS_INVALIDOS })
    .max(7, DIAS_INVALIDOS)
    .transform((dias) => [...new Set(dias)].sort((a, b) => a - b))
    .nullable(),
);

const MAX_ENTRADAS_INVALIDO = "O número máximo de entradas deve ser um número inteiro de 1 a 1.000.";
const maxEntradas = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : Number(v.trim())) : v === undefined ? null : v),
  z.number({ error: MAX_ENTRADAS_INVALIDO }).int(MAX_ENTRADAS_INVALIDO).min(1, MAX_ENTRADAS_INVALIDO).max(1000, MAX_ENTRADAS_INVALIDO).nullable(),
);

export const DATA_FINAL_NO_PASSADO = "A data final não pode estar no passado.";

/**
 * What a pass says of its visitor and validity (§4), without where it is for and who authorises it:
 * the staff form adds condomínio, unidade and morador; the Área do Morador takes them from the
 * session (gate-operation-spec §3.2). Both check it with `regrasDaAutorizacao`.
 */
export const autorizacaoCampos = z.object({
  nome_visitante: requiredText("Informe o nome do visitante.", 200),
  documento_tipo: z
    .preprocess(emptyToNull, z.enum(DOCUMENTO_TIPOS, { error: "Tipo de documento inválido." }).nullable())
    .optional()
    .default(null),
  documento_numero: optionalDocumento.optional().default(null),
  telefone: optionalPhone.optional().default(null),
  email: optionalEmail.optional().default(null),
  placa: optionalPlaca.optional().default(null),
  tipo: z.enum(TIPOS_AUTORIZACAO, { error: "Escolha o tipo da autorização: única, período ou recorrente." }),
  /** 'Única': the day of the visit; 'Período' and 'Recorrente': the first day. */
  valido_de: optionalDate.refine((v) => v !== null, "Informe a data da visita."),
  /** The last day ('Período', 'Recorrente'); for 'Única', the same day or empty. */
  valido_ate: optionalDate.optional().default(null),
  dias_semana: diasSemana.optional().default(null),
  hora_inicio: optionalHora.optional().default(null),
  hora_fim: optionalHora.optional().default(null),
  /** Empty: no limit ('Única' is one entry). */
  max_entradas: maxEntradas.optional().default(null),
  observacoes: optionalText(1000).optional().default(null),
});

/** The rules of a pass's type, dates, days and hours (§4, §10): the same for staff and residents. */
export function regrasDaAutorizacao(a: z.output<typeof autorizacaoCampos>, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  cpfDoDocumento(a, ctx);
  if (!a.valido_de) return;
  if (a.tipo === "unica") {
    if (a.valido_ate && a.valido_ate !== a.valido_de) issue("valido_ate", "Uma autorização única vale por um dia: deixe a data final vazia.");
    if (a.dias_semana?.length) issue("dias_semana", "Dias da semana só valem para a autorização recorrente.");
    if (a.max_entradas !== null && a.max_entradas !== 1) issue("max_entradas", "Uma autorização única vale por uma entrada.");
  } else if (!a.valido_ate) {
    issue("valido_ate", a.tipo === "periodo" ? "Informe a data final." : "Informe até quando a autorização vale.");
  } else if (a.valido_ate < a.valido_de) {
    issue("valido_ate", "A data final deve ser igual ou posterior à inicial.");
  }
  if (a.tipo === "periodo" && a.dias_semana?.length) issue("dias_semana", "Dias da semana só valem para a autorização recorrente.");
  if (a.tipo === "recorrente") {
    if (!a.dias_semana?.length) issue("dias_semana", DIAS_INVALIDOS);
    if (!a.hora_inicio) issue("hora_inicio", "Informe o horário inicial.");
    if (!a.hora_fim) issue("hora_fim", "Informe o horário final.");
  }
  if ((a.hora_inicio === null) !== (a.hora_fim === null)) issue(a.hora_inicio ? "hora_fim" : "hora_inicio", "Informe os dois horários, ou nenhum.");
  if (a.hora_inicio && a.hora_fim && a.hora_fim <= a.hora_inicio) issue("hora_fim", "O horário final deve ser depois do inicial.");
  const fim = a.valido_ate ?? a.valido_de;
  if (isCalendarDate(fim) && fim < today()) issue(a.valido_ate ? "valido_ate" : "valido_de", DATA_FINAL_NO_PASSADO);
}

/** 'Nova Autorização' (§4). Dates are São Paulo calendar days; hours São Paulo wall clock. */
export const autorizacaoInputSchema = z
  .object({
    condominio_id: z.uuid("Escolha o condomínio."),
    unidade_id: z.uuid("Escolha a unidade."),
    morador_id: z.uuid("Escolha o morador que autoriza a visita."),
    ...autorizacaoCampos.shape,
  })
  .superRefine(regrasDaAutorizacao);

export type AutorizacaoInput = z.input<typeof autorizacaoInputSchema>;
export type AutorizacaoData = z.output<typeof autorizacaoInputSchema>;

const DATA_INVALIDA = "Data inválida. Use o formato AAAA-MM-DD.";
const periodDate = z
  .string({ error: DATA_INVALIDA })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATA_INVALIDA)
  .refine((v) => isCalendarDate(v) && v >= "1900-01-01" && v <= "2100-12-31", "Data inválida.")
  .optional();

/** The list's order: newest first. */
export const autorizacaoOrdem = newestFirst(["created_key", cursorInstant], ["id", cursorId]);

export const autorizacaoListQuerySchema = z
  .object({
    /** Name, document or code. */
    q: searchText,
    condominio_id: z
      .union([z.literal("todos"), z.uuid("Condomínio inválido.")])
      .optional()
      .default("todos"),
    situacao: z
      .enum(["todas", ...SITUACOES_AUTORIZACAO], { error: "Situação inválida." })
      .optional()
      .default("todas"),
    /** A period of São Paulo days: authorisations valid on any day of it. */
    de: periodDate,
    ate: periodDate,
    limit: limitParam,
    offset: offsetParam(),
    after: autorizacaoOrdem.after,
  })
  .superRefine((q, ctx) => {
    afterOrOffset(q, ctx);
    if (q.de && q.ate && q.de > q.ate)
      ctx.addIssue({ code: "custom", path: ["ate"], message: "A data inicial do período deve ser anterior ou igual à final." });
  });
export type AutorizacaoListQuery = z.output<typeof autorizacaoListQuerySchema>;

// ——— Answers ———

export const autorizacaoSchema = z.object({
  id: z.string(),
  condominio: refSchema,
  unidade: unidadeRefSchema,
  morador: z.object({ id: z.string(), nome_completo: z.string() }).nullable(),
  nome_visitante: z.string(),
  documento_tipo: z.enum(DOCUMENTO_TIPOS).nullable(),
  documento_numero: z.string().nullable(),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  placa: z.string().nullable(),
  tipo: z.enum(TIPOS_AUTORIZACAO),
  /** First and last instants of validity (ISO). */
  valido_de: z.string(),
  valido_ate: z.string(),
  dias_semana: z.array(z.number().int()).nullable(),
  /** "HH:mm", São Paulo. */
  hora_inicio: z.string().nullable(),
  hora_fim: z.string().nullable(),
  max_entradas: z.number().int().nullable(),
  entradas_usadas: z.number().int(),
  codigo: z.string(),
  status: z.enum(["ativa", "utilizada", "cancelada"]),
  /** Now: ativa, utilizada, expirada or cancelada. */
  situacao: z.enum(SITUACOES_AUTORIZACAO),
  criado_por: refSchema.nullable(),
  observacoes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Autorizacao = z.infer<typeof autorizacaoSchema>;

/** The detail page: the authorisation with its signed QR payload (what the QR image encodes). */
export const autorizacaoDetalheSchema = autorizacaoSchema.extend({ qr_payload: z.string() });
export type AutorizacaoDetalhe = z.infer<typeof autorizacaoDetalheSchema>;

export const autorizacaoPageSchema = z.object({ rows: z.array(autorizacaoSchema), total: z.number().int(), next: z.string().nullable() });
export type AutorizacaoPage = z.infer<typeof autorizacaoPageSchema>;

/** The QR image: the signed payload and the image as SVG markup (show it as an <img> data URL). */
export const qrCodeResponseSchema = z.object({ payload: z.string(), svg: z.string() });

export const enviarEmailResponseSchema = z.object({ enviado_para: z.string(), mensagem: z.string() });

/** A pre-authorised visitor in the gate's search (§3): name, unit, validity, situation. */
export const visitanteEncontradoSchema = z.object({
  id: z.string(),
  nome_visitante: z.string(),
  documento_numero: z.string().nullable(),
  /** The vehicle the authorisation names: the entry checks it against the blocklist. */
  placa: z.string().nullable(),
  unidade: unidadeRefSchema,
  tipo: z.enum(TIPOS_AUTORIZACAO),
  valido_de: z.string(),
  valido_ate: z.string(),
  dias_semana: z.array(z.number().int()).nullable(),
  hora_inicio: z.string().nullable(),
  hora_fim: z.string().nullable(),
  max_entradas: z.number().int().nullable(),
  entradas_usadas: z.number().int(),
  situacao: z.enum(SITUACOES_AUTORIZACAO),
  /** Why the server would refuse it now (the screen shows it before registering), or null. */
  recusa: z.string().nullable(),
  dentro_desde: z.string().nullable(),
});
export type VisitanteEncontrado = z.infer<typeof visitanteEncontradoSchema>;
