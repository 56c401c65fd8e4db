import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { unidadeCreateSchema } from "@shared/schemas/unidades";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

export type UnidadeValues = z.output<typeof unidadeCreateSchema>;

export const unidadesInfiniteQueryOptions = (filters: { q: string; condominio_id: string }) =>
  pagedQueryOptions(queryKeys.unidadesList, "/api/unidades", filters);

export const unidadeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.unidade(id),
    queryFn: ({ signal }) => api.GET("/api/unidades/{id}", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

// A unit change refreshes what shows units (lib/query-keys.ts); the open unit's own detail is
// set from the answer or left alone while its page goes away.
export function useCreateUnidade() {
  const invalidate = useInvalidate("unidades");
  return useMutation({
    mutationFn: (values: UnidadeValues) => api.POST("/api/unidades", { body: values }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateUnidade() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("unidades");
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UnidadeValues }) => api.PUT("/api/unidades/{id}", { params: { path: { id } }, body: values }),
    onSuccess: (unidade) => {
      queryClient.setQueryData(queryKeys.unidade(unidade.id), unidade);
      return invalidate();
    },
  });
}

/** Deleting does not refetch the deleted unit's detail (it would answer 404 while the page leaves). */
export function useDeleteUnidade() {
  const invalidate = useInvalidate("unidades");
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/unidades/{id}", { params: { path: { id } } }),
    onSuccess: () => invalidate(),
  });
}
