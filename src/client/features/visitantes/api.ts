import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AutorizacaoData, SituacaoAutorizacao } from "@shared/schemas/visitantes";
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

const byId = (id: string) => ({ params: { path: { id } } });

/** The list, newest first, keyset-paged. Empty period bounds are not sent. */
export const autorizacoesInfiniteQueryOptions = ({ de, ate, ...filters }: AutorizacaoFilters) =>
  pagedQueryOptions(queryKeys.visitantesList, "/api/visitantes", { ...filters, ...(de ? { de } : {}), ...(ate ? { ate } : {}) });

export const autorizacaoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.visitante(id),
    queryFn: ({ signal }) => api.GET("/api/visitantes/{id}", { ...byId(id), signal }),
    retry: retryServerErrors,
    staleTime: 0,
  });

/** The QR image as SVG markup, drawn by the server from the signed payload. */
export const qrCodeQueryOptions = (id: string, payload: string | undefined) =>
  queryOptions({
    // The payload is part of the key: the image follows the authorisation's signed content.
    queryKey: [...queryKeys.visitanteQrCode(id), payload],
    queryFn: ({ signal }) => api.GET("/api/visitantes/{id}/qrcode", { ...byId(id), signal }),
    enabled: Boolean(payload),
    retry: retryServerErrors,
    staleTime: Infinity,
  });

export function useCreateAutorizacao() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("visitantes");
  return useMutation({
    mutationFn: (values: AutorizacaoData) => api.POST("/api/visitantes", { body: values }),
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
    mutationFn: (id: string) => api.POST("/api/visitantes/{id}/cancelar", byId(id)),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.visitante(saved.id), saved);
      return invalidate({ leaving: queryKeys.visitante(saved.id) });
    },
  });
}

export function useEnviarEmail() {
  return useMutation({
    mutationFn: (id: string) => api.POST("/api/visitantes/{id}/enviar-email", byId(id)),
  });
}
