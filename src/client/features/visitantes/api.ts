import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MoradorResumo, UnidadeResumo } from "@shared/schemas/controle-acesso";
import type { Autorizacao, AutorizacaoData, AutorizacaoDetalhe, SituacaoAutorizacao } from "@shared/schemas/visitantes";
import { api, retryServerErrors } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

// Visitantes (gatehouse-spec §4): pre-authorisations, their code and QR code, the invitation.

export interface AutorizacaoFilters {
  q: string;
  condominio_id: string;
  situacao: "todas" | SituacaoAutorizacao;
  /** A period of São Paulo days ("" = none): authorisations valid on some day of it. */
  de: string;
  ate: string;
}

const path = (id: string) => `/api/visitantes/${encodeURIComponent(id)}`;

/** The list, newest first, keyset-paged. Empty period bounds are not sent. */
export const autorizacoesInfiniteQueryOptions = ({ de, ate, ...filters }: AutorizacaoFilters) =>
  pagedQueryOptions<Autorizacao>(queryKeys.visitantesList, "/api/visitantes", { ...filters, ...(de ? { de } : {}), ...(ate ? { ate } : {}) });

export const autorizacaoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.visitante(id),
    queryFn: ({ signal }) => api<AutorizacaoDetalhe>(path(id), { signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** The QR image as SVG markup, drawn by the server from the signed payload. */
export const qrCodeQueryOptions = (id: string, payload: string | undefined) =>
  queryOptions({
    // The payload is part of the key: the image follows the authorisation's signed content.
    queryKey: [...queryKeys.visitanteQrCode(id), payload],
    queryFn: ({ signal }) => api<{ payload: string; svg: string }>(`${path(id)}/qrcode`, { signal }),
    enabled: Boolean(payload),
    retry: retryServerErrors,
    staleTime: Infinity,
  });

/**
 * The form's pick-lists: the condominium's active units and a unit's active residents, through the
 * gate's routes (they need registrar_acesso_visitante, the screen's own permission, and answer
 * only within the user's condominiums).
 */
export const unidadesDoCondominioQuery = (condominioId: string) =>
  queryOptions({
    queryKey: queryKeys.controleAcessoUnidades(condominioId),
    queryFn: ({ signal }) =>
      api<{ rows: UnidadeResumo[] }>(`/api/controle-acesso/unidades?${new URLSearchParams({ condominio_id: condominioId })}`, { signal }),
    select: (data) => data.rows,
    enabled: Boolean(condominioId),
  });

export const moradoresDaUnidadeQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: queryKeys.controleAcessoMoradores(unidadeId),
    queryFn: ({ signal }) => api<{ rows: MoradorResumo[] }>(`/api/controle-acesso/unidades/${encodeURIComponent(unidadeId)}/moradores`, { signal }),
    select: (data) => data.rows,
    enabled: Boolean(unidadeId),
  });

export function useCreateAutorizacao() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("visitantes");
  return useMutation({
    mutationFn: (values: AutorizacaoData) => api<AutorizacaoDetalhe>("/api/visitantes", { method: "POST", json: values }),
    onSuccess: (created) => {
      queryClient.setQueryData(queryKeys.visitante(created.id), created);
      return invalidate({ leaving: queryKeys.visitante(created.id) });
    },
  });
}

export function useCancelAutorizacao() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("visitantes");
  return useMutation({
    mutationFn: (id: string) => api<AutorizacaoDetalhe>(`${path(id)}/cancelar`, { method: "POST" }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.visitante(saved.id), saved);
      return invalidate({ leaving: queryKeys.visitante(saved.id) });
    },
  });
}

export function useEnviarEmail() {
  return useMutation({
    mutationFn: (id: string) => api<{ enviado_para: string; mensagem: string }>(`${path(id)}/enviar-email`, { method: "POST" }),
  });
}
