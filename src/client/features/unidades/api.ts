import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Unidade, UnidadeListItem, unidadeCreateSchema } from "@shared/schemas/unidades";
import { painelKeys } from "~/features/painel/queries";
import { api, ApiError } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";

export type UnidadeValues = z.output<typeof unidadeCreateSchema>;

export const UNIDADES_PATH = "/portaria-web/unidades";
export const unidadeEditPath = (id: string) => `${UNIDADES_PATH}/editar/${encodeURIComponent(id)}`;

export const unidadesKey = ["unidades"] as const;
export const unidadesListKey = [...unidadesKey, "list"] as const;
export const unidadeDetailKey = (id: string) => [...unidadesKey, "detail", id] as const;

export const unidadesInfiniteQueryOptions = (filters: { q: string; condominio_id: string }) =>
  pagedQueryOptions<UnidadeListItem>(unidadesListKey, "/api/unidades", filters);

/** A refusal (4xx) is final: no retry before the 'Unidade não encontrada' toast. */
export const retryServerErrors = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const unidadeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: unidadeDetailKey(id),
    queryFn: ({ signal }) => api<Unidade>(`/api/unidades/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/**
 * A unit change touches the unit lists, the painel's numbers and the vehicle list (which shows
 * the unit and its condominium). The open unit's own detail is left alone (see the callers).
 */
export function useInvalidateUnidadeLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: unidadesListKey }),
      queryClient.invalidateQueries({ queryKey: ["veiculos"] }),
      queryClient.invalidateQueries({ queryKey: painelKeys.all }),
    ]);
}

export function useCreateUnidade() {
  const invalidate = useInvalidateUnidadeLists();
  return useMutation({
    mutationFn: (values: UnidadeValues) => api<Unidade>("/api/unidades", { method: "POST", json: values }),
    onSuccess: invalidate,
  });
}

export function useUpdateUnidade() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateUnidadeLists();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UnidadeValues }) =>
      api<Unidade>(`/api/unidades/${encodeURIComponent(id)}`, { method: "PUT", json: values }),
    onSuccess: (unidade) => {
      queryClient.setQueryData(unidadeDetailKey(unidade.id), unidade);
      return invalidate();
    },
  });
}

/** Deleting does not refetch the deleted unit's detail (it would answer 404 while the page leaves). */
export function useDeleteUnidade() {
  const invalidate = useInvalidateUnidadeLists();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/unidades/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
