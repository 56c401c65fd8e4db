import { useOutletContext } from "react-router";
import type { MoradorEu, UnidadeDoMorador } from "@shared/schemas/morador";

/** What the Área do Morador's layout hands its pages: the signed-in resident and the unit chosen. */
export interface MoradorContexto {
  eu: MoradorEu;
  unidade: UnidadeDoMorador;
}

export const useMoradorContexto = () => useOutletContext<MoradorContexto>();

/** The units to choose from: one per unit (a person with two resident records in one unit sees it once). */
export function unidadesDistintas(unidades: readonly UnidadeDoMorador[]): UnidadeDoMorador[] {
  const vistas = new Set<string>();
  return unidades.filter((u) => !vistas.has(u.unidade_id) && vistas.add(u.unidade_id));
}

/** The person's first name, as the header greets them. */
export const primeiroNome = (nome: string) => nome.trim().split(/\s+/)[0] ?? nome;
