import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Condominio, CondominioListItem, condominioInputSchema } from "@shared/schemas/condominios";
import { api, ApiError } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { painelKeys } from "~/features/painel/queries";

export type CondominioValues = z.output<typeof condominioInputSchema>;

export const CONDOMINIOS_PATH = "/portaria-web/condominios";

export const condominiosKey = ["condominios"] as const;

/** §7: id, nome, cnpj, cidade, estado, ativo by nome; `q` matches the name or the CNPJ. 50 at a time. */
export const condominiosInfiniteQueryOptions = (filters: { q: string }) =>
  pagedQueryOptions<CondominioListItem>([...condominiosKey, "list"], "/api/condominios", filters);

/** A refusal (4xx) is final: no retry before the load toast and the way back to the list. */
const retryServerErrors = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const condominioQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...condominiosKey, "detail", id],
    queryFn: ({ signal }) => api<Condominio>(`/api/condominios/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/**
 * A condominium's name and status show in other screens too: the painel's filter and numbers,
 * the pick-lists and the unit, vehicle and provider lists. All of them are refreshed.
 */
function useInvalidateCondominios() {
  const queryClient = useQueryClient();
  return (deletedId?: string) =>
    Promise.all(
      [condominiosKey, painelKeys.all, ["unidades"], ["veiculos"], ["prestadores"]].map((queryKey) =>
        queryClient.invalidateQueries({
          queryKey,
          // A deleted condominium's detail is not refetched (it would answer 404 while its page leaves).
          predicate: (query) => !deletedId || query.queryKey.join("/") !== [...condominiosKey, "detail", deletedId].join("/"),
        }),
      ),
    );
}

export function useCreateCondominio() {
  const invalidate = useInvalidateCondominios();
  return useMutation({
    mutationFn: (values: CondominioValues) => api<Condominio>("/api/condominios", { method: "POST", json: values }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCondominio() {
  const invalidate = useInvalidateCondominios();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: CondominioValues }) =>
      api<Condominio>(`/api/condominios/${encodeURIComponent(id)}`, { method: "PUT", json: values }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCondominio() {
  const invalidate = useInvalidateCondominios();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/condominios/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => invalidate(id),
  });
}
