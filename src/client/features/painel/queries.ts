import { queryOptions } from "@tanstack/react-query";
import type { PainelStats } from "@shared/schemas/painel";
import { TODOS } from "~/components/portaria/condominio-filter";
import { api } from "~/lib/api";
import { queryKeys } from "~/lib/query-keys";

/** The five numbers of §7 "Dashboard counts", for every condominium or one. */
export function painelStatsQuery(condominioId: string = TODOS) {
  return queryOptions({
    queryKey: queryKeys.painelStats(condominioId),
    queryFn: () => api<PainelStats>(`/api/painel?condominio_id=${encodeURIComponent(condominioId)}`),
  });
}
