import { z } from "zod";
import { MSG } from "../messages";
import { booleanDefaultTrue, condominioFilter, instante, listPaging, optionalText, paginaSchema, refSchema, requiredText, searchText } from "./common";
import { afterOrOffset, cursorId, cursorText, sortKey } from "./cursor";

const fields = {
  bloco: optionalText(50).optional().default(null),
  andar: optionalText(20).optional().default(null),
  tipo_unidade: optionalText(50).optional().default(null),
  observacoes: optionalText(1000).optional().default(null),
  ativo: booleanDefaultTrue,
};

export const unidadeCreateSchema = z.object({
  condominio_id: z.uuid({ error: MSG.unidadeCreateRequired.message }),
  numero_unidade: requiredText(MSG.unidadeCreateRequired.message, 20),
  ...fields,
});

export const unidadeUpdateSchema = z.object({
  condominio_id: z.uuid({ error: "Condomínio inválido." }),
  numero_unidade: requiredText(MSG.unidadeNumberRequired.message, 20),
  ...fields,
});

/**
 * The list's order: the block (houses, with none, first), the number in natural order (2 before
 * 10: the server sorts by a term computed from it, then by the text), the id.
 */
export const unidadeOrdem = sortKey(["bloco", cursorText()], ["numero_unidade", cursorText()], ["id", cursorId]);

export const unidadeListQuerySchema = z
  .object({
    q: searchText,
    condominio_id: condominioFilter,
    ...listPaging,
    after: unidadeOrdem.after,
  })
  .superRefine(afterOrOffset);

export type UnidadeCreate = z.input<typeof unidadeCreateSchema>;
export type UnidadeUpdate = z.input<typeof unidadeUpdateSchema>;

export const unidadeListItemSchema = z.object({
  id: z.string(),
  bloco: z.string().nullable(),
  numero_unidade: z.string(),
  andar: z.string().nullable(),
  tipo_unidade: z.string().nullable(),
  ativo: z.boolean(),
  condominio: refSchema,
  moradores_count: z.number().int().describe("Quantos moradores a unidade tem (ativos ou não)."),
});
export type UnidadeListItem = z.input<typeof unidadeListItemSchema>;

export const unidadeSchema = unidadeListItemSchema.extend({
  condominio_id: z.string(),
  observacoes: z.string().nullable(),
  created_at: instante,
  updated_at: instante,
});
export type Unidade = z.input<typeof unidadeSchema>;

export const unidadePageSchema = paginaSchema(unidadeListItemSchema);

/** The words a block's name may start with ("Bloco A", "Torre 2"), as a regular expression's source. */
export const BLOCO_PALAVRA = "bloco|torre|quadra|ala|edif[íi]cio|pr[ée]dio";

const BLOCO_NOMEADO = new RegExp(`^(${BLOCO_PALAVRA})\\b`, "i");

const UNIDADE_DIGITADA = new RegExp(`^(?:(?:${BLOCO_PALAVRA})\\s+)?(?:([a-z0-9]{1,10})[\\s\\-/]+)?(\\d{1,6}[a-z]?)$`, "i");

/**
 * A unit as a porteiro types it or reads it on screen: "101", "A 101", "a-102", "Bloco A - 101",
 * "Torre 2 101". The block comes without its leading word, so "A 101" finds a block stored as "A"
 * or as "Bloco A" (unidadeLabel shows both as "Bloco A - 101"); null when the text is not a unit.
 */
export function unidadeDigitada(q: string): { bloco: string | null; numero: string } | null {
  const m = UNIDADE_DIGITADA.exec(q.trim());
  return m ? { bloco: m[1] ?? null, numero: m[2]! } : null;
}

/**
 * "Bloco A - 101" (a block already named "Torre 2" or "Bloco B" keeps its name); just "101" without
 * a block. `separador`: the Área do Morador's screens write "Bloco A · 101".
 */
export function unidadeLabel({ bloco, numero_unidade }: { bloco: string | null; numero_unidade: string }, separador = " - ") {
  const block = bloco?.trim();
  if (!block) return numero_unidade;
  const named = BLOCO_NOMEADO.test(block);
  return `${named ? block : `Bloco ${block}`}${separador}${numero_unidade}`;
}
