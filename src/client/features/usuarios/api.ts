import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { UserStatus } from "@shared/permissions";
import type { Usuario, usuarioCreateSchema, usuarioUpdateSchema } from "@shared/schemas/usuarios";
import { api, ApiError } from "~/lib/api";
import { reloadSession } from "~/lib/auth";
import { pagedQueryOptions } from "~/lib/paged-list";
import type { StatusFilter } from "./status";

export type UsuarioCreateValues = z.output<typeof usuarioCreateSchema>;
export type UsuarioUpdateValues = z.output<typeof usuarioUpdateSchema>;

export const usuariosKey = ["usuarios"] as const;
export const usuariosInfiniteQueryOptions = (filters: { q: string; status: StatusFilter }) =>
  pagedQueryOptions<Usuario>([...usuariosKey, "list"], "/api/usuarios", filters);

const retryServerErrors = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const usuarioQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...usuariosKey, "detail", id],
    queryFn: ({ signal }) => api<Usuario>(`/api/usuarios/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** Users change the lists, the groups' user counts, and (for one's own account) the header. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usuariosKey }),
      queryClient.invalidateQueries({ queryKey: ["grupos"] }),
      reloadSession(),
    ]);
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) =>
      api<{ id: string; status: UserStatus }>(`/api/usuarios/${encodeURIComponent(id)}/status`, { method: "PATCH", json: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuariosKey }),
  });
}

export function useResetSenha() {
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/usuarios/${encodeURIComponent(id)}/reset-senha`, { method: "POST", json: {} }),
  });
}
