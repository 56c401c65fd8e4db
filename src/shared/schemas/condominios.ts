import { z } from "zod";
import { UFS } from "../br/cep";
import { MSG } from "../messages";
import {
  booleanDefaultTrue,
  instante,
  emptyToNull,
  listPaging,
  optionalCep,
  optionalCnpj,
  optionalEmail,
  optionalPhone,
  optionalText,
  paginaSchema,
  requiredText,
  searchText,
} from "./common";
import { afterOrOffset, cursorId, cursorText, sortKey } from "./cursor";
import { isValidPhone } from "../br/phone";

const optionalUf = z.preprocess(
  (v) => (typeof v === "string" ? emptyToNull(v.trim().toUpperCase()) : emptyToNull(v)),
  z
    .string()
    .max(2, "Use a sigla do estado, com 2 letras.")
    .pipe(z.enum(UFS, { error: "Estado inválido. Use a sigla (ex.: SP)." }))
    .nullable(),
);

/** Síndico's contact: a phone or an e-mail (§2). */
const optionalContato = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(254, "Use no máximo 254 caracteres.")
    .refine((v) => isValidPhone(v) || z.email().safeParse(v).success, "Informe um telefone com DDD ou um email.")
    .nullable(),
);

export const RETENCAO_PADRAO_ANOS = 5;
const RETENCAO_INVALIDA = "Informe de 1 a 50 anos.";

/** How long the gate's records keep names and documents (gatehouse-spec §5): 1 to 50 years, 5 by default. */
const retencaoAnos = z
  .preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z.number({ error: RETENCAO_INVALIDA }).int(RETENCAO_INVALIDA).min(1, RETENCAO_INVALIDA).max(50, RETENCAO_INVALIDA).optional(),
  )
  .transform((v) => v ?? RETENCAO_PADRAO_ANOS);

export const HORAS_SAIDA_NAO_REGISTRADA_PADRAO = 12;
const HORAS_SAIDA_INVALIDAS = "Informe de 1 a 72 horas.";

/** After how many hours inside a visitor, provider or delivery reads 'Saída não registrada' (gatehouse-spec §3, §10): 1 to 72, 12 by default. */
const horasSaidaNaoRegistrada = z
  .preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z.number({ error: HORAS_SAIDA_INVALIDAS }).int(HORAS_SAIDA_INVALIDAS).min(1, HORAS_SAIDA_INVALIDAS).max(72, HORAS_SAIDA_INVALIDAS).optional(),
  )
  .transform((v) => v ?? HORAS_SAIDA_NAO_REGISTRADA_PADRAO);

export const condominioInputSchema = z.object({
  nome: requiredText(MSG.condominioNameRequired.message),
  cnpj: optionalCnpj.optional().default(null),
  endereco: optionalText(300).optional().default(null),
  cidade: optionalText(120).optional().default(null),
  estado: optionalUf.optional().default(null),
  cep: optionalCep.optional().default(null),
  telefone: optionalPhone.optional().default(null),
  email: optionalEmail.optional().default(null),
  sindico_nome: optionalText(200).optional().default(null),
  sindico_contato: optionalContato.optional().default(null),
  ativo: booleanDefaultTrue,
  retencao_anos: retencaoAnos,
  horas_saida_nao_registrada: horasSaidaNaoRegistrada,
});

/** The list's order: by name, then id (the `portaria_web_condominios_nome_id_idx` index). */
export const condominioOrdem = sortKey(["nome", cursorText()], ["id", cursorId]);

export const condominioListQuerySchema = z
  .object({
    q: searchText,
    ...listPaging,
    // Sort key of the list (nome, id), see the repository's ORDER BY.
    after: condominioOrdem.after,
  })
  .superRefine(afterOrOffset);

export type CondominioInput = z.input<typeof condominioInputSchema>;

export const condominioListItemSchema = z.object({
  id: z.string(),
  nome: z.string(),
  cnpj: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  ativo: z.boolean(),
});
export type CondominioListItem = z.input<typeof condominioListItemSchema>;

export const condominioSchema = condominioListItemSchema.extend({
  endereco: z.string().nullable(),
  cep: z.string().nullable(),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  sindico_nome: z.string().nullable(),
  sindico_contato: z.string().nullable(),
  /** Years the gate's records keep names and documents before the retention job removes them. */
  retencao_anos: z.number().int(),
  /** Hours inside before 'Saída não registrada' at the gate. */
  horas_saida_nao_registrada: z.number().int(),
  created_at: instante,
  updated_at: instante,
});
export type Condominio = z.input<typeof condominioSchema>;

export const condominioPageSchema = paginaSchema(condominioListItemSchema);
