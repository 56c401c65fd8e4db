import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  BuscaPortaria,
  entradaSchema,
  MoradorResumo,
  PresentesQuery,
  PresentesResposta,
  ResultadoAcesso,
  UnidadeResumo,
  visitanteSemAutorizacaoSchema,
} from "@shared/schemas/controle-acesso";
import { pareceCodigo, pareceQrCode } from "@shared/schemas/visitantes";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { api, retryServerErrors } from "~/lib/api";
import { queryKeys, useInvalidate } from "~/lib/query-keys";
import { ERROR_TITLE } from "@shared/messages";

// The gate console's calls (gatehouse-spec §3): every one names the gate's condominium.

export type EntradaValues = z.input<typeof entradaSchema>;
export type PessoaPortaria = EntradaValues["pessoa"];
export type VisitanteValues = z.input<typeof visitanteSemAutorizacaoSchema>;
export type LiberarMesmoAssim = { autorizado_por: string };

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The one search box: nothing is asked for an empty text. */
export function useBuscaPortaria(condominioId: string, q: string) {
  const query = useQuery({
    queryKey: pareceCodigo(q) || pareceQrCode(q) ? queryKeys.controleAcessoCodigo(condominioId, q) : queryKeys.controleAcessoBusca(condominioId, q),
    queryFn: ({ signal }) => api<BuscaPortaria>(`/api/controle-acesso/busca?${qs({ condominio_id: condominioId, q })}`, { signal }),
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
    queryFn: ({ signal }) => api<PresentesResposta>(`/api/controle-acesso/presentes?${qs({ condominio_id: condominioId, q, tipo_pessoa: tipo })}`, { signal }),
    enabled: Boolean(condominioId),
    // While a new search answers, the last list stays: of this gate's condominium only, never another's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === condominioId ? previous : undefined),
    refetchInterval: 60_000,
  });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarQuemEsta);
  return query;
}

/** The visitor form's destination units. */
export const unidadesPortariaQuery = (condominioId: string) =>
  queryOptions({
    queryKey: queryKeys.controleAcessoUnidades(condominioId),
    queryFn: ({ signal }) => api<{ rows: UnidadeResumo[] }>(`/api/controle-acesso/unidades?${qs({ condominio_id: condominioId })}`, { signal }),
    select: (data) => data.rows,
    enabled: Boolean(condominioId),
  });

/** 'Autorizado por': the active residents of the destination unit. */
export const moradoresPortariaQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: queryKeys.controleAcessoMoradores(unidadeId),
    queryFn: ({ signal }) => api<{ rows: MoradorResumo[] }>(`/api/controle-acesso/unidades/${encodeURIComponent(unidadeId)}/moradores`, { signal }),
    select: (data) => data.rows,
    enabled: Boolean(unidadeId),
  });

function usePortariaMutation<V>(path: string) {
  const invalidate = useInvalidate("acessos");
  return useMutation({
    mutationFn: (values: V) => api<ResultadoAcesso>(path, { method: "POST", json: values }),
    // A refusal is recorded too, and a 409 means someone is inside: refresh either way.
    onSettled: () => invalidate(),
  });
}

export const useRegistrarEntrada = () => usePortariaMutation<EntradaValues>("/api/controle-acesso/entrada");
export const useRegistrarSaida = () => usePortariaMutation<{ condominio_id: string; pessoa: PessoaPortaria }>("/api/controle-acesso/saida");
export const useRegistrarVisitante = () => usePortariaMutation<VisitanteValues>("/api/controle-acesso/visitante");
