import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { changePasswordSchema, SessaoAberta } from "@shared/schemas/auth";
import { api } from "~/lib/api";

export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

const sessoesKey = ["minha-conta", "sessoes"] as const;

export const sessoesQueryOptions = () =>
  queryOptions({
    queryKey: sessoesKey,
    queryFn: ({ signal }) => api<{ rows: SessaoAberta[]; inatividade_minutos: number }>("/api/me/sessoes", { signal }),
    staleTime: 0,
  });

/** Minha conta: a new password (the current one too). The account's other sessions end. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePasswordValues) => api<void>("/api/me/senha", { method: "POST", json: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessoesKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ encerradas: number }>("/api/me/sessoes/encerrar-outras", { method: "POST", json: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessoesKey }),
  });
}
