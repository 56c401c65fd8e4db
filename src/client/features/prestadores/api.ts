import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { SituacaoPrestador } from "@shared/prestador-situacao";
import type { prestadorInputSchema } from "@shared/schemas/prestadores";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

export type PrestadorValues = z.output<typeof prestadorInputSchema>;

/** 'todos', 'geral' (no condominium) or a condominium id. */
export type CondominioFilter = string;
export type StatusFilter = "todos" | "ativo" | "inativo";
/** The authorisation's situation today (issue 14), or 'todas'. */
export type SituacaoFilter = "todas" | SituacaoPrestador;

/** §7 Providers: by name, with the joined condominium; text, condominium, status and situation filters. 50 at a time. */
export const prestadoresInfiniteQueryOptions = (filters: { q: string; condominio_id: CondominioFilter; status: StatusFilter; situacao: SituacaoFilter }) =>
  pagedQueryOptions(queryKeys.prestadoresList, "/api/prestadores", filters);

export const prestadorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.prestador(id),
    queryFn: ({ signal }) => api.GET("/api/prestadores/{id}", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** Providers change their list and the painel's 'Prestadores Ativos'. */
function useInvalidatePrestadores() {
  const invalidate = useInvalidate("prestadores");
  // The page of a provider just saved or deleted is left at once: its detail is not refetched.
  return (leavingId?: string) => invalidate(leavingId ? { leaving: queryKeys.prestador(leavingId) } : {});
}

export function useCreatePrestador() {
  const invalidate = useInvalidatePrestadores();
  return useMutation({
    mutationFn: (values: PrestadorValues) => api.POST("/api/prestadores", { body: values }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdatePrestador() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePrestadores();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: PrestadorValues }) => api.PUT("/api/prestadores/{id}", { params: { path: { id } }, body: values }),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(queryKeys.prestador(id), saved);
      return invalidate(id);
    },
  });
}

export function useDeletePrestador() {
  const invalidate = useInvalidatePrestadores();
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/prestadores/{id}", { params: { path: { id } } }),
    onSuccess: (_data, id) => invalidate(id),
  });
}
