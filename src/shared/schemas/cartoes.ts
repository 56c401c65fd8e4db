import { z } from "zod";
import { instante } from "./common";

// A resident's cards and tags (gate-operation-spec §2.4): the numbers their readers read, which
// the synchronisation writes to the condominium's devices. A number belongs to one resident of a
// condominium at most (the server and the database both hold it).
// docs/decisions/0267-cartoes-e-qrcodes.md.

export const TIPOS_CARTAO = ["cartao", "tag"] as const;
export type TipoCartao = (typeof TIPOS_CARTAO)[number];
export const TIPO_CARTAO_ROTULO: Record<TipoCartao, string> = { cartao: "Cartão", tag: "Tag" };

/** How many cards and tags one resident may hold (what a device is written per person stays small). */
export const CARTOES_POR_MORADOR = 20;

export const CARTOES_MENSAGENS = {
  numeroObrigatorio: "Informe o número do cartão ou tag.",
  numeroFormato: "Use só os algarismos do número do cartão ou tag (até 20).",
  numeroZero: "O número do cartão ou tag não pode ser zero.",
  tipo: "Escolha se é cartão ou tag.",
  limite: `Um morador pode ter no máximo ${CARTOES_POR_MORADOR} cartões e tags.`,
} as const;

/**
 * The number as printed on the card or read by the reader: digits only (spaces around it are
 * dropped), 1 to 20 of them (an unsigned 64-bit number). Stored without leading zeros: "0012345"
 * and "12345" are the same card to a device, so they are the same card here.
 */
export const numeroCartao = z
  .string({ error: CARTOES_MENSAGENS.numeroObrigatorio })
  .trim()
  .min(1, CARTOES_MENSAGENS.numeroObrigatorio)
  .regex(/^\d{1,20}$/, CARTOES_MENSAGENS.numeroFormato)
  .transform((n) => n.replace(/^0+/, ""))
  .refine((n) => n !== "", CARTOES_MENSAGENS.numeroZero);

export const cartaoInputSchema = z.object({
  tipo: z.enum(TIPOS_CARTAO, { error: CARTOES_MENSAGENS.tipo }),
  numero: numeroCartao,
});
export type CartaoInput = z.input<typeof cartaoInputSchema>;

export const cartaoSchema = z.object({
  id: z.string(),
  morador_id: z.string(),
  tipo: z.enum(TIPOS_CARTAO),
  numero: z.string(),
  criado_em: instante,
});
export type Cartao = z.input<typeof cartaoSchema>;

export const cartaoListSchema = z.object({ rows: z.array(cartaoSchema) });
export type CartaoList = z.input<typeof cartaoListSchema>;

/** The toasts of the 'Cartões e tags' section. */
export const CARTOES_TEXTOS = {
  carregar: "Erro ao carregar os cartões do morador",
  adicionar: "Erro ao adicionar o cartão ou tag",
  adicionado: "Cartão ou tag adicionado",
  remover: "Erro ao remover o cartão ou tag",
  removido: "Cartão ou tag removido",
} as const;
