import { queryOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { UserStatus } from "@shared/permissions";
import type { Usuario, usuarioCreateSchema, usuarioUpdateSchema } from "@shared/schemas/usuarios";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";
import type { StatusFilter } from "./status";

export type UsuarioCreateValues = z.output<typeof usuarioCreateSchema>;
export type UsuarioUpdateValues = z.output<typeof usuarioUpdateSchema>;

export const usuariosInfiniteQueryOptions = (filters: { q: string; status: StatusFilter }) =>
  pagedQueryOptions<Usuario>([...queryKeys.usuarios, "list"], "/api/usuarios", filters);

export const usuarioQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.usuario(id),
    queryFn: ({ signal }) => api<Usuario>(`/api/usuarios/${encodeURIComponent(id)}`, { signal }),
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
    mutationFn: (values: UsuarioCreateValues) => api<Usuario>("/api/usuarios", { method: "POST", json: values }),
    onSuccess: invalidate,
  });
}

export function useUpdateUsuario() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: UsuarioUpdateValues }) =>
      api<Usuario>(`/api/usuarios/${encodeURIComponent(id)}`, { method: "PUT", json: values }),
    onSuccess: invalidate,
  });
}

export function useSetUsuarioStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) =>
      api<{ id: string; status: UserStatus }>(`/api/usuarios/${encodeURIComponent(id)}/status`, { method: "PATCH", json: { status } }),
    onSuccess: () => invalidate(),
  });
}

export function useResetSenha() {
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/usuarios/${encodeURIComponent(id)}/reset-senha`, { method: "POST", json: {} }),
  });
}
