import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { passeInputSchema } from "@shared/schemas/morador-visitantes";
import { api, retryServerErrors } from "~/lib/api";

// The Área do Morador's Visitantes and Histórico (gate-operation-spec §3.2): the chosen unit's
// passes (create, cancel, e-mail) and its last 90 days of records.

const chaves = {
  visitantes: (unidadeId: string) => ["morador", "visitantes", unidadeId] as const,
  historico: (unidadeId: string) => ["morador", "historico", unidadeId] as const,
  presentes: (unidadeId: string) => ["morador", "presentes", unidadeId] as const,
};

const daUnidade = (unidadeId: string) => ({ params: { path: { unidadeId } } });
const doPasse = (unidadeId: string, id: string) => ({ params: { path: { unidadeId, id } } });

/** My unit's passes, those in force first, each with its code and QR. */
export const passesQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: chaves.visitantes(unidadeId),
    queryFn: ({ signal }) => api.GET("/api/morador/unidades/{unidadeId}/visitantes", { ...daUnidade(unidadeId), signal }),
    retry: retryServerErrors,
  });

function useRecarregar(unidadeId: string) {
  const client = useQueryClient();
  // An entry by the new pass's code shows in Histórico too.
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: chaves.visitantes(unidadeId) }), client.invalidateQueries({ queryKey: chaves.historico(unidadeId) })]);
}

export function useCriarPasse(unidadeId: string) {
  const recarregar = useRecarregar(unidadeId);
  return useMutation({
    mutationFn: (body: z.output<typeof passeInputSchema>) => api.POST("/api/morador/unidades/{unidadeId}/visitantes", { ...daUnidade(unidadeId), body }),
    onSuccess: () => recarregar(),
  });
}

export function useCancelarPasse(unidadeId: string) {
  const recarregar = useRecarregar(unidadeId);
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/morador/unidades/{unidadeId}/visitantes/{id}/cancelar", doPasse(unidadeId, id)),
    onSuccess: () => recarregar(),
  });
}

export function useEnviarPasse(unidadeId: string) {
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/morador/unidades/{unidadeId}/visitantes/{id}/enviar-email", doPasse(unidadeId, id)),
  });
}

/** My unit's records of the last 90 days, newest first, a page at a time ('Carregar mais'). */
export const historicoQuery = (unidadeId: string) =>
  infiniteQueryOptions({
    queryKey: chaves.historico(unidadeId),
    queryFn: ({ pageParam, signal }) =>
      api.GET("/api/morador/unidades/{unidadeId}/historico", {
        params: { path: { unidadeId }, query: { limit: 30, ...(pageParam ? { after: pageParam } : {}) } },
        signal,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next ?? undefined,
    retry: retryServerErrors,
  });

/** Who came to my unit and is inside now (Início): read on each visit and again every 15 s. */
export const presentesQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: chaves.presentes(unidadeId),
    queryFn: ({ signal }) => api.GET("/api/morador/unidades/{unidadeId}/presentes", { ...daUnidade(unidadeId), signal }),
    retry: retryServerErrors,
    staleTime: 0,
    refetchInterval: 15_000,
  });
