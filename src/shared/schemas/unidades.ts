import { z } from "zod";
import { MSG } from "../messages";
import { booleanDefaultTrue, condominioFilter, listPaging, optionalText, requiredText, searchText } from "./common";
import { afterOrOffset, cursorId, cursorParam, cursorText } from "./cursor";

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

export const unidadeListQuerySchema = z
  .object({
    q: searchText,
    condominio_id: condominioFilter,
    ...listPaging,
    // Sort key of the list: coalesce(bloco, ''), numero_unidade (its natural-order prefix is
    // computed from it), id; see the repository's ORDER BY.
    after: cursorParam(z.tuple([cursorText(), cursorText(), cursorId])),
  })
  .superRefine(afterOrOffset);

export type UnidadeCreate = z.input<typeof unidadeCreateSchema>;
export type UnidadeUpdate = z.input<typeof unidadeUpdateSchema>;

export interface UnidadeListItem {
  id: string;
  bloco: string | null;
  numero_unidade: string;
  andar: string | null;
  tipo_unidade: string | null;
  ativo: boolean;
  condominio: { id: string; nome: string };
  moradores_count: number;
}

export interface Unidade extends UnidadeListItem {
  condominio_id: string;
  observacoes: string | null;
  created_at: string;
  updated_at: string;
}

/** The words a block's name may start with ("Bloco A", "Torre 2"), as a regular expression's source. */
export const BLOCO_PALAVRA = "bloco|torre|quadra|ala|edif[íi]cio|pr[ée]dio";

const BLOCO_NOMEADO = new RegExp(`^(${BLOCO_PALAVRA})\\b`, "i");

/** "Bloco A - 101" (a block already named "Torre 2" or "Bloco B" keeps its name); just "101" without a block. */
export function unidadeLabel({ bloco, numero_unidade }: { bloco: string | null; numero_unidade: string }) {
  const block = bloco?.trim();
  if (!block) return numero_unidade;
  const named = BLOCO_NOMEADO.test(block);
  return `${named ? block : `Bloco ${block}`} - ${numero_unidade}`;
}
