import { queryOptions } from "@tanstack/react-query";
import { api, retryServerErrors } from "~/lib/api";

// The Área do Morador's Encomendas (gate-operation-spec §3.2): the chosen unit's parcels waiting at
// the gate, with their pickup codes, and those picked up or sent back in the last 90 days.

const chave = (unidadeId: string) => ["morador", "encomendas", unidadeId] as const;

/**
 * My unit's parcels. Read again every 30 s and when the app comes back to the front: a parcel
 * received meanwhile is on screen by the time the resident reaches the gate.
 */
export const encomendasDoMoradorQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: chave(unidadeId),
    queryFn: ({ signal }) => api.GET("/api/morador/unidades/{unidadeId}/encomendas", { params: { path: { unidadeId } }, signal }),
    retry: retryServerErrors,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
