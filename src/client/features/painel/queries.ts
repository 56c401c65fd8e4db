import { queryOptions } from "@tanstack/react-query";
import { TODOS } from "~/components/portaria/condominio-filter";
import { api } from "~/lib/api";
import { queryKeys } from "~/lib/query-keys";

/** The five numbers of §7 "Dashboard counts", for every condominium or one. */
export function painelStatsQuery(condominioId: string = TODOS) {
  return queryOptions({
    queryKey: queryKeys.painelStats(condominioId),
    queryFn: () => api.GET("/api/painel", { params: { query: { condominio_id: condominioId } } }),
  });
}

/** Today at the gate (the 'Relatórios' card), for every condominium of the user or one; refreshed every minute. */
export function painelAcessosQuery(condominioId: string = TODOS) {
  return queryOptions({
    queryKey: queryKeys.painelAcessos(condominioId),
    queryFn: () => api.GET("/api/painel/acessos", { params: { query: { condominio_id: condominioId } } }),
    refetchInterval: 60_000,
  });
}
