import { z } from "zod";
import { MSG } from "../messages";
import { today } from "../time";
import { onlyDigits } from "../br/phone";
import {
  ativoFilter,
  booleanDefaultTrue,
  condominioFilter,
  listPaging,
  optionalCpf,
  optionalDate,
  optionalEmail,
  optionalPhone,
  optionalText,
  paginaSchema,
  refSchema,
  requiredText,
  searchText,
  unidadeRefSchema,
} from "./common";
import { veiculoSchema } from "./veiculos";
import { afterOrOffset, cursorId, cursorText, sortKey } from "./cursor";

export const TIPOS_MORADOR = ["proprietario", "inquilino", "dependente", "outro"] as const;
export const TIPO_MORADOR_LABEL: Record<(typeof TIPOS_MORADOR)[number], string> = {
  proprietario: "Proprietário",
  inquilino: "Inquilino",
  dependente: "Dependente",
  outro: "Outro",
};

export const moradorInputSchema = z.object({
  nome_completo: requiredText(MSG.moradorRequired.message),
  tipo_morador: z.enum(TIPOS_MORADOR, { error: MSG.moradorRequired.message }),
  cpf: optionalCpf.optional().default(null),
  rg: optionalText(20).optional().default(null),
  data_nascimento: optionalDate
    // Today in São Paulo: at 22:00 there it is already tomorrow in UTC.
    .refine((v) => v === null || v <= today(), "A data de nascimento não pode estar no futuro.")
    .optional()
    .default(null),
  email: optionalEmail.optional().default(null),
  telefone_celular: optionalPhone.optional().default(null),
  ativo: booleanDefaultTrue,
  observacoes: optionalText(1000).optional().default(null),
});

export type MoradorInput = z.input<typeof moradorInputSchema>;

export const moradorSchema = z.object({
  id: z.string(),
  unidade_id: z.string(),
  nome_completo: z.string(),
  cpf: z.string().nullable().describe("Só os 11 dígitos."),
  rg: z.string().nullable(),
  data_nascimento: z.string().nullable().describe("Data em AAAA-MM-DD."),
  email: z.string().nullable(),
  telefone_celular: z.string().nullable(),
  tipo_morador: z.enum(TIPOS_MORADOR),
  ativo: z.boolean(),
  observacoes: z.string().nullable(),
  veiculos: z.array(veiculoSchema),
});
export type Morador = z.input<typeof moradorSchema>;

/** `PUT /api/moradores/:id` answers the resident's own columns, without their vehicles. */
export const moradorAtualizadoSchema = moradorSchema.omit({ veiculos: true });

/**
 * What a user who manages vehicles but not residents receives of each resident of a unit: only
 * what the vehicle screens show (data minimisation; no CPF, RG, birth date, phone or e-mail).
 */
export const moradorResumoSchema = moradorSchema.pick({ id: true, unidade_id: true, nome_completo: true, veiculos: true });
export type MoradorResumo = z.input<typeof moradorResumoSchema>;

/**
 * How many vehicles the resident has, also for a user who may not see them (then `veiculos` is
 * empty): the count, never the plates, so the screen does not say the resident has none and the
 * deletion warns that they go with the resident.
 */
const veiculosTotal = {
  veiculos_total: z.number().int().describe("Quantos veículos o morador tem, mesmo quando o usuário não pode vê-los (então `veiculos` vem vazio)."),
};

/**
 * `GET /api/unidades/:id/moradores`: every resident of the unit (not paged, so no `next`), each
 * whole or as a summary depending on the user's permissions.
 */
export const moradoresDaUnidadeSchema = z.object({
  // The whole resident first: a union answers with its first option that fits, and the summary
  // fits every resident (it would drop their personal data).
  rows: z.array(z.union([moradorSchema.extend(veiculosTotal), moradorResumoSchema.extend(veiculosTotal)])),
  total: z.number().int(),
});
/** One resident of `GET /api/unidades/:id/moradores`, whole or summary, with their vehicle count. */
export type MoradorDaUnidade = z.input<typeof moradoresDaUnidadeSchema>["rows"][number];

export const isMoradorCompleto = (morador: Morador | MoradorResumo): morador is Morador => "tipo_morador" in morador;

/** `GET /api/moradores` (issue 14): search, condominium and status filters, by name. */
/** The list's order: by name, then id. */
export const moradorOrdem = sortKey(["nome_completo", cursorText()], ["id", cursorId]);

export const moradorListQuerySchema = z
  .object({
    q: searchText,
    condominio_id: condominioFilter,
    status: ativoFilter,
    ...listPaging,
    // Sort key of the list (nome_completo, then id).
    after: moradorOrdem.after,
  })
  .superRefine(afterOrOffset);

/**
 * The digits of a search that can be part of a CPF or phone number: the text holds only digits
 * and the masks' punctuation ("123.456", "(11) 9876-"); null otherwise ("Bloco 2", "Ana").
 */
export function searchDigits(text: string): string | null {
  if (!/^[\d\s.\-()/+]+$/.test(text)) return null;
  const digits = onlyDigits(text);
  return digits === "" ? null : digits;
}

/** One row of the residents list. */
export const moradorListItemSchema = moradorSchema
  .pick({ id: true, unidade_id: true, nome_completo: true, cpf: true, telefone_celular: true, tipo_morador: true, ativo: true })
  .extend({
    unidade: unidadeRefSchema,
    condominio: refSchema,
  });
export type MoradorListItem = z.input<typeof moradorListItemSchema>;

export const moradorPageSchema = paginaSchema(moradorListItemSchema);
