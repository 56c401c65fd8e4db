import { queryOptions, useMutation } from "@tanstack/react-query";
import type { ConferirCodigoInput, DevolverEncomendaInput, EncomendaData } from "@shared/schemas/encomendas";
import { api, retryServerErrors, type Body } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

// Parcels (gate-operation-spec §4): every call is the server's scope-checked route.

export interface EncomendaFilters {
  q: string;
  condominio_id: string;
  unidade_id: string;
  situacao: "aguardando" | "retirada" | "devolvida" | "todas";
  transportadora: "todas" | EncomendaData["transportadora"];
  de: string;
  ate: string;
}

/** The parcels, newest first ('Aguardando' unless another situation is chosen). */
export const encomendasInfiniteQueryOptions = (filters: EncomendaFilters) => pagedQueryOptions(queryKeys.encomendasList, "/api/encomendas", { ...filters });

/** One parcel with its custody events, in order. */
export const encomendaQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.encomenda(id),
    queryFn: ({ signal }) => api.GET("/api/encomendas/{id}", { params: { path: { id } }, signal }),
    enabled: Boolean(id),
    retry: retryServerErrors,
  });

/** A unit's waiting parcels (the pickup checking a document: no code to look them up by). */
export const aguardandoDaUnidadeQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: [...queryKeys.encomendasList, "unidade", unidadeId],
    queryFn: ({ signal }) => api.GET("/api/encomendas", { params: { query: { unidade_id: unidadeId, situacao: "aguardando", limit: 50 } }, signal }),
    enabled: Boolean(unidadeId),
    staleTime: 0,
    retry: retryServerErrors,
  });

/** 'Receber encomenda': the parcel as saved (never its code: that is the residents'). */
export function useReceberEncomenda() {
  const invalidate = useInvalidate("encomendas");
  return useMutation({
    mutationFn: (values: EncomendaData) => api.POST("/api/encomendas", { body: values }),
    onSuccess: () => invalidate(),
  });
}

/** The pickup's first step: the code (or QR) for a unit → that unit's waiting parcels. */
export function useConferirCodigo() {
  return useMutation({
    mutationFn: (values: ConferirCodigoInput) => api.POST("/api/encomendas/retirada/conferir", { body: values }),
  });
}

export type EntregarValues = Body<"post", "/api/encomendas/retirada">;

/** 'Entregar': the chosen parcels, to whom, recognised how. */
export function useEntregarEncomendas() {
  const invalidate = useInvalidate("encomendas");
  return useMutation({
    mutationFn: (values: EntregarValues) => api.POST("/api/encomendas/retirada", { body: values }),
    // A refusal may mean someone else handed one out meanwhile: the list is read again either way.
    onSettled: () => invalidate(),
  });
}

/** 'Devolver ao remetente', with the reason. */
export function useDevolverEncomenda() {
  const invalidate = useInvalidate("encomendas");
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: DevolverEncomendaInput }) =>
      api.POST("/api/encomendas/{id}/devolver", { params: { path: { id } }, body: values }),
    onSettled: () => invalidate(),
  });
}
