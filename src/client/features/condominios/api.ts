import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { condominioInputSchema } from "@shared/schemas/condominios";
import { TODOS } from "~/components/portaria/condominio-filter";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import { queryKeys, useInvalidate } from "~/lib/query-keys";
import { ERROR_TITLE } from "@shared/messages";

export type CondominioValues = z.output<typeof condominioInputSchema>;

/** §7: id, nome, cnpj, cidade, estado, ativo by nome; `q` matches the name or the CNPJ. 50 at a time. */
export const condominiosInfiniteQueryOptions = (filters: { q: string }) => pagedQueryOptions(queryKeys.condominiosList, "/api/condominios", filters);

export const condominioQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.condominio(id),
    queryFn: ({ signal }) => api.GET("/api/condominios/{id}", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** The active condominiums for a page, with the load-error toast. */
export function useCondominiosAtivos(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...condominiosAtivosQuery(), enabled: options.enabled ?? true });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarCondominios);
  return query;
}

/**
 * The state of a list's condominium filter: 'todos' or one active condominium (§2). A
 * condominium that leaves the options (deactivated meanwhile) falls back to 'todos'.
 */
export function useCondominioFilter() {
  const [selected, setSelected] = useState<string>(TODOS);
  const condominios = useCondominiosAtivos();
  const options = condominios.data ?? [];
  const value = selected !== TODOS && condominios.data && !options.some((c) => c.id === selected) ? TODOS : selected;
  return { value, setValue: setSelected, options, loaded: condominios.data !== undefined };
}

export function useCreateCondominio() {
  const invalidate = useInvalidate("condominios");
  return useMutation({
    mutationFn: (values: CondominioValues) => api.POST("/api/condominios", { body: values }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCondominio() {
  const invalidate = useInvalidate("condominios");
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: CondominioValues }) => api.PUT("/api/condominios/{id}", { params: { path: { id } }, body: values }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCondominio() {
  const invalidate = useInvalidate("condominios");
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/condominios/{id}", { params: { path: { id } } }),
    onSuccess: (_data, id) => invalidate({ leaving: queryKeys.condominio(id) }),
  });
}
