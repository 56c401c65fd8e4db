// A provider's authorisation situation on a given day (issue 14): beside Ativo/Inativo, whether
// its authorisation period covers today. Dates are calendar dates (YYYY-MM-DD, no zone); "today"
// is São Paulo's (src/shared/time.ts), whatever the zone of the server or the browser.
import { dateInSaoPaulo } from "./time";

export const SITUACOES_PRESTADOR = ["vigente", "vencida", "a_iniciar", "indeterminado"] as const;
export type SituacaoPrestador = (typeof SITUACOES_PRESTADOR)[number];

export const SITUACAO_PRESTADOR_LABEL: Record<SituacaoPrestador, string> = {
  vigente: "Vigente",
  vencida: "Vencida",
  a_iniciar: "A iniciar",
  indeterminado: "Indeterminado",
};

/**
 * The situation of the period [inicio, fim] (both days included) on the day `hoje`:
 * - 'vencida': the end is before today;
 * - 'a_iniciar': the start is after today;
 * - 'vigente': otherwise, when there is an end (with or without a start);
 * - 'indeterminado': otherwise, when there is no end (a start but no end, or no period at all).
 * The list's SQL filter (server prestadores repository) states the same four cases.
 */
export function situacaoNoDia(inicio: string | null, fim: string | null, hoje: string): SituacaoPrestador {
  if (fim && fim < hoje) return "vencida";
  if (inicio && inicio > hoje) return "a_iniciar";
  return fim ? "vigente" : "indeterminado";
}

/** The situation at the instant `now` (default: now), on São Paulo's calendar day. */
export const situacaoPrestador = (inicio: string | null, fim: string | null, now: Date | number = Date.now()): SituacaoPrestador =>
  situacaoNoDia(inicio, fim, dateInSaoPaulo(now));
