import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { changePasswordSchema } from "@shared/schemas/auth";
import { api } from "~/lib/api";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

export const sessoesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.minhasSessoes,
    queryFn: ({ signal }) => api.GET("/api/me/sessoes", { signal }),
    staleTime: 0,
  });

/** Minha conta: a new password (the current one too). The account's other sessions end. */
export function useChangePassword() {
  const invalidate = useInvalidate("minhasSessoes");
  return useMutation({
    mutationFn: (values: ChangePasswordValues) => api.POST("/api/me/senha", { body: values }),
    onSuccess: () => invalidate(),
  });
}

export function useEndOtherSessions() {
  const invalidate = useInvalidate("minhasSessoes");
  return useMutation({
    mutationFn: () => api.POST("/api/me/sessoes/encerrar-outras"),
    onSuccess: () => invalidate(),
  });
}

/** Minha conta: whether the síndico receives the shift book's daily summary by e-mail (his own choice). */
const resumoDiarioKey = ["minha-conta", "resumo-diario"] as const;

export const resumoDiarioQueryOptions = () =>
  queryOptions({
    queryKey: resumoDiarioKey,
    queryFn: ({ signal }) => api.GET("/api/livro/resumo-diario", { signal }),
  });

export function useSalvarResumoDiario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ativo: boolean) => api.PUT("/api/livro/resumo-diario", { body: { ativo } }),
    onSuccess: (saved) => queryClient.setQueryData(resumoDiarioKey, saved),
  });
}
