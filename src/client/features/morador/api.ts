import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AceitarConvite } from "@shared/schemas/morador";
import type { RespostaSolicitacao } from "@shared/schemas/solicitacoes";
import { api, eventSourceApi, retryServerErrors } from "~/lib/api";
import { queryKeys } from "~/lib/query-keys";

// The Área do Morador (gate-operation-spec §3): who the signed-in resident is, and the public
// invitation that makes their account.

/** The signed-in resident: name, e-mail and their units (403 for a session without the Área do Morador). */
export const moradorEuQuery = () =>
  queryOptions({
    queryKey: queryKeys.moradorEu,
    queryFn: ({ signal }) => api.GET("/api/morador/eu", { signal }),
    retry: retryServerErrors,
  });

/**
 * What the invitation link is for, asked once: the route is limited per address, and the answer
 * does not change while the page is open (an accepted invitation leaves the page).
 */
export const conviteInfoQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.moradorConvite(token),
    queryFn: ({ signal }) => api.GET("/api/morador/convite", { params: { query: { token } }, signal }),
    retry: retryServerErrors,
    staleTime: Infinity,
  });

/** Accepts the invitation with a new password, or with the one the e-mail already signs in with. */
export function useAceitarConvite() {
  return useMutation({ mutationFn: (body: AceitarConvite) => api.POST("/api/morador/convite", { body }) });
}

/**
 * The gate's requests waiting for my answer, in all my units (gate-operation-spec §3.3): read again
 * whenever the resident's stream says one changed (useSolicitacoesAoVivo), and every 15 s in case
 * the stream is down.
 */
export const solicitacoesDoMoradorQuery = () =>
  queryOptions({
    queryKey: queryKeys.moradorSolicitacoes,
    queryFn: ({ signal }) => api.GET("/api/morador/solicitacoes", { signal }),
    retry: retryServerErrors,
    refetchInterval: 15_000,
  });

/** While the app is open, a request to my units (or its end) reaches the list at once, from any instance. */
export function useSolicitacoesAoVivo() {
  const client = useQueryClient();
  useEffect(() => {
    const fonte = eventSourceApi("/api/morador/tempo-real");
    const reler = () => void client.invalidateQueries({ queryKey: queryKeys.moradorSolicitacoes });
    fonte.addEventListener("solicitacao", reler);
    fonte.addEventListener("reler", reler);
    // Back after a drop (the browser reconnects by itself): what changed meanwhile is read again.
    fonte.addEventListener("pronto", reler);
    return () => fonte.close();
  }, [client]);
}

/** 'Liberar' or 'Recusar': the answered request leaves the list at once; a 409 (answered by someone else, or ended) too. */
export function useResponderSolicitacao() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<RespostaSolicitacao, "solicitacao_id" | "resposta"> & { mensagem?: string | null }) =>
      api.POST("/api/morador/solicitacoes/responder", { body }),
    onSettled: (_data, _error, body) => {
      client.setQueryData(queryKeys.moradorSolicitacoes, (old: { rows: { id: string }[] } | undefined) =>
        old ? { ...old, rows: old.rows.filter((r) => r.id !== body.solicitacao_id) } : old,
      );
      void client.invalidateQueries({ queryKey: queryKeys.moradorSolicitacoes });
    },
  });
}
