import { useMutation } from "@tanstack/react-query";
import type { BloqueioData, SituacaoBloqueioFiltro, TipoBloqueio } from "@shared/schemas/bloqueios";
import { api } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

export interface BloqueioFilters {
  q: string;
  condominio_id: string;
  tipo: "todos" | TipoBloqueio;
  mostrar: SituacaoBloqueioFiltro;
}

/** The blocklist, newest first (gatehouse-spec §6). */
export const bloqueiosInfiniteQueryOptions = (filters: BloqueioFilters) => pagedQueryOptions(queryKeys.bloqueiosList, "/api/bloqueios", { ...filters });

/** One block, or one per condominium of the user's own when they chose all of theirs. */
export function useCreateBloqueio() {
  const invalidate = useInvalidate("bloqueios");
  return useMutation({
    mutationFn: (values: BloqueioData) => api.POST("/api/bloqueios", { body: values }),
    onSuccess: () => invalidate(),
  });
}

/** Removing keeps the block in the history, with who removed it and when. */
export function useRemoveBloqueio() {
  const invalidate = useInvalidate("bloqueios");
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/bloqueios/{id}", { params: { path: { id } } }),
    onSuccess: () => invalidate(),
  });
}
