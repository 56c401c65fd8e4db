import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { permissaoInputSchema } from "@shared/schemas/permissoes";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { api } from "~/lib/api";
import { queryKeys, useInvalidate } from "~/lib/query-keys";
import { ERROR_TITLE } from "@shared/messages";

export type PermissaoValues = z.output<typeof permissaoInputSchema>;

export const permissoesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.permissoesList,
    queryFn: ({ signal }) => api.GET("/api/permissoes", { signal }),
  });

/** The catalogue for a page (the group form's checklist), with the load-error toast. */
export function usePermissoesCatalogo() {
  const query = useQuery(permissoesQueryOptions());
  useQueryErrorToast(query.error, ERROR_TITLE.buscarPermissoes);
  return query;
}

/**
 * A change to the catalogue also touches the groups (Administrador holds every permission; a
 * group's checklist lists them) and possibly the signed-in user's own permission names.
 */
function useInvalidateCatalogue() {
  const invalidate = useInvalidate("permissoes");
  return () => invalidate();
}

export function useCreatePermissao() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (values: PermissaoValues) => api.POST("/api/permissoes", { body: values }),
    onSuccess: invalidate,
  });
}

export function useUpdatePermissao() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: PermissaoValues }) => api.PUT("/api/permissoes/{id}", { params: { path: { id } }, body: values }),
    onSuccess: invalidate,
  });
}

export function useDeletePermissao() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => api.DELETE("/api/permissoes/{id}", { params: { path: { id } } }),
    onSuccess: invalidate,
  });
}
