import { nomeComparavel } from "@shared/br/documento";
import { BLOCO_PALAVRA, unidadeDigitada, unidadeLabel } from "@shared/schemas/unidades";

// The unit typed as at the console, for every screen that picks one (parcels, the shift book).

/** A unit of a pick-list, as the gate's routes answer it. */
export interface UnidadeOpcao {
  id: string;
  bloco: string | null;
  numero_unidade: string;
}

const PALAVRA_DO_BLOCO = new RegExp(`^(${BLOCO_PALAVRA})\\s+`, "i");

/** A block as unidadeDigitada reads it: lower case, without its leading word ("Bloco A" → "a"). */
const blocoComparavel = (bloco: string | null) => (bloco ?? "").trim().replace(PALAVRA_DO_BLOCO, "").toLowerCase();

/**
 * The units matching what the operator typed, as the console reads a unit ("101", "A 101",
 * "Bloco A - 101"): the exact number first (of that block, when one was typed), then numbers
 * starting with it, then any unit whose label contains the text. Empty text: every unit.
 */
export function filtrarUnidades<U extends UnidadeOpcao>(unidades: readonly U[], texto: string): U[] {
  const q = texto.trim();
  if (!q) return [...unidades];
  const digitada = unidadeDigitada(q);
  const ranked: { unidade: U; rank: number }[] = [];
  for (const unidade of unidades) {
    const numero = unidade.numero_unidade.trim().toLowerCase();
    let rank = -1;
    if (digitada) {
      const mesmoBloco = digitada.bloco === null || blocoComparavel(unidade.bloco) === digitada.bloco.toLowerCase();
      const alvo = digitada.numero.toLowerCase();
      if (mesmoBloco && numero === alvo) rank = 0;
      else if (mesmoBloco && numero.startsWith(alvo)) rank = 1;
    }
    if (rank < 0 && nomeComparavel(unidadeLabel(unidade)).includes(nomeComparavel(q))) rank = 2;
    if (rank >= 0) ranked.push({ unidade, rank });
  }
  // A stable sort: within a rank, the pick-list's own order (by block and number).
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.unidade);
}
