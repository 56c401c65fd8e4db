import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Prestador, prestadorInputSchema } from "@shared/schemas/prestadores";
import { api, ApiError } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { painelKeys } from "~/features/painel/queries";

export type PrestadorValues = z.output<typeof prestadorInputSchema>;

export const PRESTADORES_PATH = "/portaria-web/prestadores";

export const prestadoresKey = ["prestadores"] as const;

/** 'todos', 'geral' (no condominium) or a condominium id. */
export type CondominioFilter = string;
export type StatusFilter = "todos" | "ativo" | "inativo";

/** §7 Providers: by name, with the joined condominium; text, condominium and status filters. 50 at a time. */
export const prestadoresInfiniteQueryOptions = (filters: { q: string; condominio_id: CondominioFilter; status: StatusFilter }) =>
  pagedQueryOptions<Prestador>([...prestadoresKey, "list"], "/api/prestadores", filters);

/** A refusal (4xx) is final: no retry before the load toast and the way back to the list. */
const retryServerErrors = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

const detailKey = (id: string) => [...prestadoresKey, "detail", id] as const;

export const prestadorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => api<Prestador>(`/api/prestadores/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** Providers change their list and the painel's 'Prestadores Ativos'. */
function useInvalidatePrestadores() {
  const queryClient = useQueryClient();
  return (leavingId?: string) =>
    Promise.all(
      [prestadoresKey, painelKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({
          queryKey,
          // The page of a provider just saved or deleted is left at once: its detail is not refetched.
          predicate: (query) => !leavingId || query.queryKey.join("/") !== detailKey(leavingId).join("/"),
        }),
      ),
    );
}

export function useCreatePrestador() {
  const invalidate = useInvalidatePrestadores();
  return useMutation({
    mutationFn: (values: PrestadorValues) => api<Prestador>("/api/prestadores", { method: "POST", json: values }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdatePrestador() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePrestadores();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: PrestadorValues }) =>
      api<Prestador>(`/api/prestadores/${encodeURIComponent(id)}`, { method: "PUT", json: values }),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(detailKey(id), saved);
      return invalidate(id);
    },
  });
}

export function useDeletePrestador() {
  const invalidate = useInvalidatePrestadores();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/prestadores/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => invalidate(id),
  });
}
