import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { PresentesQuery } from "@shared/schemas/controle-acesso";
import { SOLICITACOES_TEXTOS, type Solicitacao } from "@shared/schemas/solicitacoes";
import { pareceCodigo, pareceQrCode } from "@shared/schemas/visitantes";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { api, eventSourceApi, retryServerErrors, type Body } from "~/lib/api";
import { queryKeys, useInvalidate } from "~/lib/query-keys";
import { ERROR_TITLE } from "@shared/messages";

// The gate console's calls (gatehouse-spec §3): every one names the gate's condominium.

export type EntradaValues = Body<"post", "/api/controle-acesso/entrada">;
export type PessoaPortaria = EntradaValues["pessoa"];
export type VisitanteValues = Body<"post", "/api/controle-acesso/visitante">;
export type LiberarMesmoAssim = { autorizado_por: string };

/** The one search box: nothing is asked for an empty text. */
export function useBuscaPortaria(condominioId: string, q: string) {
  const query = useQuery({
    queryKey: pareceCodigo(q) || pareceQrCode(q) ? queryKeys.controleAcessoCodigo(condominioId, q) : queryKeys.controleAcessoBusca(condominioId, q),
    queryFn: ({ signal }) => api.GET("/api/controle-acesso/busca", { params: { query: { condominio_id: condominioId, q } }, signal }),
    enabled: Boolean(condominioId && q),
    // A code or QR is checked afresh every time (cancelled or used at another gate meanwhile).
    staleTime: pareceCodigo(q) || pareceQrCode(q) ? 0 : undefined,
    placeholderData: keepPreviousData,
    // A 429 (too many invalid codes) or 400 is not asked again.
    retry: retryServerErrors,
  });
  useQueryErrorToast(query.error, ERROR_TITLE.buscar);
  return query;
}

export type TipoPresenca = PresentesQuery["tipo_pessoa"];

/**
 * 'Quem está no condomínio', searched by the server (a document is found there, never sent back):
 * refreshed each minute too, for the entries of the other gates.
 */
export function usePresentes(condominioId: string, q = "", tipo: TipoPresenca = "todos") {
  const query = useQuery({
    queryKey: queryKeys.controleAcessoPresentes(condominioId, q, tipo),
    queryFn: ({ signal }) => api.GET("/api/controle-acesso/presentes", { params: { query: { condominio_id: condominioId, q, tipo_pessoa: tipo } }, signal }),
    enabled: Boolean(condominioId),
    // While a new search answers, the last list stays: of this gate's condominium only, never another's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === condominioId ? previous : undefined),
    refetchInterval: 60_000,
  });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarQuemEsta);
  return query;
}

function usePortariaMutation<V, R>(send: (values: V) => Promise<R>) {
  const invalidate = useInvalidate("acessos");
  return useMutation({
    mutationFn: send,
    // A refusal is recorded too, and a 409 means someone is inside: refresh either way.
    onSettled: () => invalidate(),
  });
}

export const useRegistrarEntrada = () => usePortariaMutation((values: EntradaValues) => api.POST("/api/controle-acesso/entrada", { body: values }));
export const useRegistrarSaida = () =>
  usePortariaMutation((values: { condominio_id: string; pessoa: PessoaPortaria }) => api.POST("/api/controle-acesso/saida", { body: values }));
export const useRegistrarVisitante = () => usePortariaMutation((values: VisitanteValues) => api.POST("/api/controle-acesso/visitante", { body: values }));

export type SolicitacaoValues = Body<"post", "/api/controle-acesso/solicitacoes">;

/** 'Pedir autorização ao morador' (gate-operation-spec §3.3): a 409 says no resident of the unit has an account. */
export function usePedirAutorizacao() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: SolicitacaoValues) => api.POST("/api/controle-acesso/solicitacoes", { body: values }),
    onSuccess: (solicitacao) => client.setQueryData(queryKeys.controleAcessoSolicitacao(solicitacao.id), solicitacao),
  });
}

/** 'Cancelar pedido': the residents can no longer answer it. */
export function useCancelarSolicitacao() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/controle-acesso/solicitacoes/{id}/cancelar", { params: { path: { id } } }),
    onSuccess: (solicitacao) => client.setQueryData(queryKeys.controleAcessoSolicitacao(solicitacao.id), solicitacao),
  });
}

/**
 * A request's state, live: the condominium's realtime stream (`event: solicitacao`) brings every
 * change, and while it waits the request is read again every 5 s in case the stream missed one.
 */
export function useSolicitacao(condominioId: string, id: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.controleAcessoSolicitacao(id ?? ""),
    queryFn: ({ signal }) => api.GET("/api/controle-acesso/solicitacoes/{id}", { params: { path: { id: id ?? "" } }, signal }),
    enabled: Boolean(id),
    retry: retryServerErrors,
    refetchInterval: (q) => (q.state.data?.estado === "aguardando" ? 5_000 : false),
  });
  const aguardando = query.data?.estado === "aguardando";
  useEffect(() => {
    if (!condominioId || !id || !aguardando) return;
    const fonte = eventSourceApi("/api/controle-acesso/tempo-real", { condominio_id: condominioId });
    const reler = () => void client.invalidateQueries({ queryKey: queryKeys.controleAcessoSolicitacao(id) });
    fonte.addEventListener("reler", reler);
    fonte.addEventListener("solicitacao", (event) => {
      try {
        const solicitacao = JSON.parse((event as MessageEvent<string>).data) as Solicitacao;
        if (solicitacao.id === id) client.setQueryData(queryKeys.controleAcessoSolicitacao(id), solicitacao);
      } catch {
        reler();
      }
    });
    return () => fonte.close();
  }, [client, condominioId, id, aguardando]);
  useQueryErrorToast(query.error, SOLICITACOES_TEXTOS.naoEncontrada);
  return query;
}
