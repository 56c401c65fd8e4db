import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Morador, MoradorResumo, moradorInputSchema } from "@shared/schemas/moradores";
import { retryServerErrors, useInvalidateUnidadeLists } from "~/features/unidades/api";
import { api } from "~/lib/api";

export type MoradorValues = z.output<typeof moradorInputSchema>;

export const moradoresKey = (unidadeId: string) => ["moradores", unidadeId] as const;

/**
 * The unit's residents by name, each with their vehicles (§7 Residents, Vehicles). Who manages
 * only vehicles receives each resident's name and id (MoradorResumo), not their personal data.
 */
export const moradoresQueryOptions = (unidadeId: string) =>
  queryOptions({
    queryKey: moradoresKey(unidadeId),
    queryFn: ({ signal }) => api<{ rows: (Morador | MoradorResumo)[]; total: number }>(`/api/unidades/${encodeURIComponent(unidadeId)}/moradores`, { signal }),
    select: (data) => data.rows,
    retry: retryServerErrors,
    staleTime: 0,
  });

/**
 * A resident or vehicle change refreshes the unit's residents, the unit lists (resident count),
 * the vehicle list and the painel's numbers.
 */
export function useInvalidateMoradores(unidadeId: string) {
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateUnidadeLists();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: moradoresKey(unidadeId) }), invalidateLists()]);
}

export function useSaveMorador(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: MoradorValues }) =>
      id
        ? api<Morador>(`/api/moradores/${encodeURIComponent(id)}`, { method: "PUT", json: values })
        : api<Morador>(`/api/unidades/${encodeURIComponent(unidadeId)}/moradores`, { method: "POST", json: values }),
    onSuccess: invalidate,
  });
}

/** The server deletes the resident's vehicles with them. */
export function useDeleteMorador(unidadeId: string) {
  const invalidate = useInvalidateMoradores(unidadeId);
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/moradores/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
