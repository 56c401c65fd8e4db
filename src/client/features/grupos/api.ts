import { queryOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { grupoInputSchema } from "@shared/schemas/grupos";
import { api, retryServerErrors } from "~/lib/api";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

export type GrupoValues = z.output<typeof grupoInputSchema>;

export const gruposQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.gruposList,
    queryFn: ({ signal }) => api.GET("/api/grupos", { signal }),
    retry: retryServerErrors,
  });

export const grupoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.grupo(id),
    queryFn: ({ signal }) => api.GET("/api/grupos/{id}", { params: { path: { id } }, signal }),
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
    mutationFn: (values: GrupoValues) => api.POST("/api/grupos", { body: values }),
    onSuccess: invalidate,
  });
}

export function useUpdateGrupo() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: GrupoValues }) => api.PUT("/api/grupos/{id}", { params: { path: { id } }, body: values }),
    onSuccess: invalidate,
  });
}

export function useDeleteGrupo() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/grupos/{id}", { params: { path: { id } } }),
    onSuccess: invalidate,
  });
}
