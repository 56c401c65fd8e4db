import { queryOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { UserStatus } from "@shared/permissions";
import type { usuarioCreateSchema, usuarioUpdateSchema } from "@shared/schemas/usuarios";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";
import type { StatusFilter } from "./status";

export type UsuarioCreateValues = z.output<typeof usuarioCreateSchema>;
export type UsuarioUpdateValues = z.output<typeof usuarioUpdateSchema>;

export const usuariosInfiniteQueryOptions = (filters: { q: string; status: StatusFilter }) =>
  pagedQueryOptions([...queryKeys.usuarios, "list"], "/api/usuarios", filters);

export const usuarioQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.usuario(id),
    queryFn: ({ signal }) => api.GET("/api/usuarios/{id}", { params: { path: { id } }, signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** Users change the lists, the groups' user counts, and (for one's own account) the header. */
function useInvalidateUsers() {
  const invalidate = useInvalidate("usuarios");
  return () => invalidate();
}

export function useCreateUsuario() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (values: UsuarioCreateValues) => api.POST("/api/usuarios", { body: values }),
    onSuccess: invalidate,
  });
}

export function useUpdateUsuario() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UsuarioUpdateValues }) => api.PUT("/api/usuarios/{id}", { params: { path: { id } }, body: values }),
    onSuccess: invalidate,
  });
}

export function useSetUsuarioStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => api.PATCH("/api/usuarios/{id}/status", { params: { path: { id } }, body: { status } }),
    onSuccess: () => invalidate(),
  });
}

export function useResetSenha() {
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/usuarios/{id}/reset-senha", { params: { path: { id } } }),
  });
}
