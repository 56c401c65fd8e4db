import { queryOptions } from "@tanstack/react-query";
import type { CondominioOption, PainelStats } from "@shared/schemas/painel";
import { api } from "~/lib/api";

/** The filter value meaning every condominium (§9: the painel's default). */
export const TODOS = "todos";

// Everything under ["painel"] is the painel's: invalidating that prefix (after a condominium,
// unit, resident, vehicle or provider changes) refreshes the numbers and the filter options.
export const painelKeys = {
  all: ["painel"] as const,
  stats: (condominioId: string) => ["painel", condominioId] as const,
  condominios: () => ["painel", "condominios"] as const,
};

/** The five numbers of §7 "Dashboard counts", for every condominium or one. */
export function painelStatsQuery(condominioId: string = TODOS) {
  return queryOptions({
    queryKey: painelKeys.stats(condominioId),
    queryFn: () => api<PainelStats>(`/api/painel?condominio_id=${encodeURIComponent(condominioId)}`),
  });
}

/** The filter's options: active condominiums, by name. */
export function painelCondominiosQuery() {
  return queryOptions({
    queryKey: painelKeys.condominios(),
    queryFn: () => api<{ rows: CondominioOption[]; total: number }>("/api/painel/condominios"),
    select: (data) => data.rows,
  });
}
