import { queryOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { Grupo, GrupoListItem, grupoInputSchema } from "@shared/schemas/grupos";
import { api, retryServerErrors } from "~/lib/api";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

export type GrupoValues = z.output<typeof grupoInputSchema>;

export const gruposQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.gruposList,
    queryFn: ({ signal }) => api<{ rows: GrupoListItem[]; total: number }>("/api/grupos", { signal }),
    retry: retryServerErrors,
  });

export const grupoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.grupo(id),
    queryFn: ({ signal }) => api<Grupo>(`/api/grupos/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** Groups touch user lists (their group names), the user counts and maybe the signed-in user's own permissions. */
function useInvalidateGroups() {
  const invalidate = useInvalidate("grupos");
  return () => invalidate();
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
    mutationFn: ({ id, values }: { id: string; values: GrupoValues }) => api<Grupo>(`/api/grupos/${encodeURIComponent(id)}`, { method: "PUT", json: values }),
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
