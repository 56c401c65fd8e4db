import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Grupo, GrupoListItem, grupoInputSchema } from "@shared/schemas/grupos";
import { api, ApiError } from "~/lib/api";
import { reloadSession } from "~/lib/auth";

export type GrupoValues = z.output<typeof grupoInputSchema>;

export const gruposKey = ["grupos"] as const;

/** A refusal (4xx) is final: no retry before the 'Erro ao carregar dados do grupo' toast. */
const retryServerErrors = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const gruposQueryOptions = () =>
  queryOptions({
    queryKey: [...gruposKey, "list"],
    queryFn: ({ signal }) => api<{ rows: GrupoListItem[]; total: number }>("/api/grupos", { signal }),
    retry: retryServerErrors,
  });

export const grupoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...gruposKey, "detail", id],
    queryFn: ({ signal }) => api<Grupo>(`/api/grupos/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** Groups touch user lists (their group names), the user counts and maybe the signed-in user's own permissions. */
function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: gruposKey }),
      queryClient.invalidateQueries({ queryKey: ["usuarios"] }),
      reloadSession(),
    ]);
}

export function useCreateGrupo() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (values: GrupoValues) => api<Grupo>("/api/grupos", { method: "POST", json: values }),
    onSuccess: invalidate,
  });
}

export function useUpdateGrupo() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: GrupoValues }) =>
      api<Grupo>(`/api/grupos/${encodeURIComponent(id)}`, { method: "PUT", json: values }),
    onSuccess: invalidate,
  });
}

export function useDeleteGrupo() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/grupos/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
