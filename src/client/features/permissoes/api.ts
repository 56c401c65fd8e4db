import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Permissao, permissaoInputSchema } from "@shared/schemas/permissoes";
import { api } from "~/lib/api";
import { reloadSession } from "~/lib/auth";

export type PermissaoValues = z.output<typeof permissaoInputSchema>;

export const permissoesKey = ["permissoes"] as const;

export const permissoesQueryOptions = () =>
  queryOptions({
    queryKey: [...permissoesKey, "list"],
    queryFn: ({ signal }) => api<{ rows: Permissao[]; total: number }>("/api/permissoes", { signal }),
  });

/**
 * A change to the catalogue also touches the groups (Administrador holds every permission; a
 * group's checklist lists them) and possibly the signed-in user's own permission names.
 */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: permissoesKey }),
      queryClient.invalidateQueries({ queryKey: ["grupos"] }),
      reloadSession(),
    ]);
}

export function useCreatePermissao() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (values: PermissaoValues) => api<Permissao>("/api/permissoes", { method: "POST", json: values }),
    onSuccess: invalidate,
  });
}

export function useUpdatePermissao() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: PermissaoValues }) =>
      api<Permissao>(`/api/permissoes/${id}`, { method: "PUT", json: values }),
    onSuccess: invalidate,
  });
}

export function useDeletePermissao() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/permissoes/${id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
