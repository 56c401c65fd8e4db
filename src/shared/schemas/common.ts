// First: zod answers in pt-BR wherever a schema is used (server and client alike).
import "./zod-pt-br";
import { z } from "zod";
import { isValidCep } from "../br/cep";
import { isValidCnpj, normalizeCnpj } from "../br/cnpj";
import { isValidCpf } from "../br/cpf";
import { formatInteiro } from "../br/numero";
import { isValidPhone, onlyDigits } from "../br/phone";
import { isCalendarDate } from "../time";

/** Empty strings, null and undefined all mean "not given" and are stored as null. */
export const emptyToNull = (value: unknown) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value);

export const optionalPhone = z.preprocess(
  emptyToNull,
  z.string().trim().refine(isValidPhone, "Informe um telefone válido com DDD.").transform(onlyDigits).nullable(),
);

/** A required text: missing, wrong type and blank all answer with the same catalogue message. */
export const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

/** Optional free text: blank becomes null. */
export const optionalText = (max = 500) => z.preprocess(emptyToNull, z.string().trim().max(max, `Use no máximo ${max} caracteres.`).nullable());

/** The catalogue's answer to a CPF whose check digits do not hold (every form where a CPF is typed). */
export const CPF_INVALIDO = "CPF inválido. Confira os números.";

/** Optional CPF: validated by its check digits, stored as 11 digits, blank becomes null. */
export const optionalCpf = z.preprocess(emptyToNull, z.string().trim().refine(isValidCpf, CPF_INVALIDO).transform(onlyDigits).nullable());

/** The types of a person's document at the gate, in the Visitantes and on the blocklist. */
export const DOCUMENTO_TIPOS = ["cpf", "rg", "cnh", "passaporte", "outro"] as const;
export const optionalDocumentoTipo = z.preprocess(emptyToNull, z.enum(DOCUMENTO_TIPOS, { error: "Tipo de documento inválido." }).nullable());

/**
 * A document whose type says CPF must be one (its check digits): for the schemas that take a
 * document type and number (the walk-in, 'Nova Autorização', 'Novo Bloqueio'). The number is the
 * stored one (letters and digits).
 */
export function cpfDoDocumento(d: { documento_tipo?: string | null; documento_numero?: string | null }, ctx: z.RefinementCtx) {
  if (d.documento_tipo === "cpf" && d.documento_numero && !isValidCpf(d.documento_numero)) {
    ctx.addIssue({ code: "custom", path: ["documento_numero"], message: CPF_INVALIDO });
  }
}

export const uuidSchema = z.uuid("Identificador inválido.");

export const optionalEmail = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(254, "Use no máximo 254 caracteres.")
    .pipe(z.email("Informe um email válido."))
    .transform((e) => e.toLowerCase())
    .nullable(),
);

export const optionalCnpj = z.preprocess(
  emptyToNull,
  z.string().trim().refine(isValidCnpj, "CNPJ inválido. Confira os caracteres.").transform(normalizeCnpj).nullable(),
);

export const optionalCep = z.preprocess(emptyToNull, z.string().trim().refine(isValidCep, "CEP inválido. Use 8 números.").transform(onlyDigits).nullable());

/** CPF (11 digits) or CNPJ (14 characters), whichever the value is. */
export const optionalCpfOuCnpj = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .refine((v) => isValidCpf(v) || isValidCnpj(v), "CPF ou CNPJ inválido. Confira os números.")
    .transform((v) => (isValidCpf(v) && onlyDigits(v).length === 11 ? onlyDigits(v) : normalizeCnpj(v)))
    .nullable(),
);

const MIN_DATE = "1900-01-01";
const MAX_DATE = "2100-12-31";
/** A calendar date as YYYY-MM-DD (a longer ISO string is cut to its date, §5); blank becomes null. */
export const optionalDate = z.preprocess(
  (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : emptyToNull(v)),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida. Use o formato AAAA-MM-DD.")
    .refine((v) => isCalendarDate(v) && v >= MIN_DATE && v <= MAX_DATE, "Data inválida.")
    .nullable(),
);

export const booleanDefaultTrue = z.boolean({ error: "Valor inválido." }).optional().default(true);

/** A whole number of a query string between `min` and `max`; anything else answers `message`. */
const integerParam = (min: number, max: number, message: string) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const limitParam = integerParam(1, 200, "O limite deve ser um número inteiro de 1 a 200.").optional().default(50);
export const offsetParam = (max = 10_000_000) =>
  integerParam(0, max, `O deslocamento (offset) deve ser um número inteiro de 0 a ${formatInteiro(max)}.`)
    .optional()
    .default(0);

export const listPaging = {
  limit: limitParam,
  offset: offsetParam(),
};

export const searchText = z.string().trim().max(100, "Busca muito longa.").optional().default("");
export const ativoFilter = z.enum(["todos", "ativo", "inativo"], { error: "Filtro inválido." }).optional().default("todos");
/** A list's condominium filter: 'todos' or one condominium. */
export const condominioFilter = z
  .union([z.literal("todos"), z.uuid("Condomínio inválido.")])
  .optional()
  .default("todos");

// ——— Answers (response schemas: the API serialises with them and OpenAPI documents them) ———

/**
 * An instant: on the server a Date from the database or a string already in ISO 8601, on the wire
 * always ISO 8601 (UTC). A codec, so an answer's wire type is `z.input` of its schema (what the
 * client receives) and the server's is `z.output`.
 */
export const instante = z
  .codec(z.string(), z.union([z.date(), z.string()]), { decode: (wire) => wire, encode: (value) => (value instanceof Date ? value.toISOString() : value) })
  .meta({ type: "string", format: "date-time", description: "Instante em ISO 8601 (UTC)." });

/** A page of a list endpoint (see `Page`). */
export const paginaSchema = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int(), next: z.string().nullable() });

/** A reference to another record: its id and name. */
export const refSchema = z.object({ id: z.string(), nome: z.string() });

/** A unit as answers name it (its block and number). */
export const unidadeRefSchema = z.object({ id: z.string(), numero_unidade: z.string(), bloco: z.string().nullable() });

/** 204: nothing in the body. */
export const semConteudo = z.undefined().meta({ description: "Sem conteúdo." });

/**
 * One page of a list endpoint: the rows asked for, the total that match, and the cursor to pass
 * as `after` for the next page (null when this page is the last one).
 */
export interface Page<T> {
  rows: T[];
  total: number;
  next: string | null;
}
