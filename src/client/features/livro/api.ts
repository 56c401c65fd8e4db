import { queryOptions, useMutation } from "@tanstack/react-query";
import type {
  ComplementoInput,
  EncerrarTurnoInput,
  OcorrenciaData,
  PrioridadeOcorrencia,
  ReferenciaOcorrencia,
  SituacaoOcorrencia,
  TipoOcorrencia,
} from "@shared/schemas/livro";
import { api, downloadApi, retryServerErrors, type Body } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";

// The shift book (gate-operation-spec §5; decision 0280): every call is the server's scope-checked route.

/** The list's filters, as its query string (and the CSV's: exactly the same). */
export interface OcorrenciaFilters {
  q: string;
  condominio_id: string;
  tipo: "todos" | TipoOcorrencia;
  prioridade: "todas" | PrioridadeOcorrencia;
  situacao: "todas" | SituacaoOcorrencia;
  de: string;
  ate: string;
}

export type AbrirTurnoValues = Body<"post", "/api/livro/turnos">;
export type ResolucaoValues = Body<"post", "/api/livro/ocorrencias/{id}/resolucao">;

/** A post in the handover's query: a condominium's id, or 'central'. */
export const CENTRAL = "central";

/** The signed-in operator's open shift (null: none). */
export const turnoAtualQuery = () =>
  queryOptions({
    queryKey: queryKeys.livroTurnoAtual,
    queryFn: ({ signal }) => api.GET("/api/livro/turno-atual", { signal }),
    select: (data) => data.turno,
  });

/** What the post's next operator reads: always fresh, since 'Li e assumo' confirms exactly this. */
export const passagemQuery = (posto: string) =>
  queryOptions({
    queryKey: queryKeys.livroPassagem(posto),
    queryFn: ({ signal }) => api.GET("/api/livro/passagem", { params: { query: { posto } }, signal }),
    enabled: Boolean(posto),
    staleTime: 0,
    retry: retryServerErrors,
  });

/** The entries, open items first (the server's order). */
export const ocorrenciasInfiniteQueryOptions = (filters: OcorrenciaFilters) => pagedQueryOptions(queryKeys.livroList, "/api/livro/ocorrencias", { ...filters });

/** One entry with its complements and resolution. */
export const ocorrenciaQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.livroOcorrencia(id),
    queryFn: ({ signal }) => api.GET("/api/livro/ocorrencias/{id}", { params: { path: { id } }, signal }),
    enabled: Boolean(id),
    retry: retryServerErrors,
  });

/** What an entry may point at: recent access records, alarms or parcels of the condominium. */
export const referenciasQuery = (condominioId: string, tipo: ReferenciaOcorrencia | "", q: string) =>
  queryOptions({
    queryKey: queryKeys.livroReferencias(condominioId, tipo, q),
    queryFn: ({ signal }) =>
      api.GET("/api/livro/referencias", { params: { query: { condominio_id: condominioId, tipo: tipo as ReferenciaOcorrencia, q } }, signal }),
    select: (data) => data.rows,
    enabled: Boolean(condominioId && tipo),
  });

/** 'Li e assumo o turno': opens the shift on the handover read. */
export function useAbrirTurno() {
  const invalidate = useInvalidate("livro");
  return useMutation({
    mutationFn: (values: AbrirTurnoValues) => api.POST("/api/livro/turnos", { body: values }),
    // A refusal may mean the handover changed meanwhile: it is read again either way.
    onSettled: () => invalidate(),
  });
}

/** 'Encerrar turno', with the handover notes. */
export function useEncerrarTurno() {
  const invalidate = useInvalidate("livro");
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: EncerrarTurnoInput }) =>
      api.POST("/api/livro/turnos/{id}/encerrar", { params: { path: { id } }, body: values }),
    onSettled: () => invalidate(),
  });
}

/** 'Registrar ocorrência' in the open shift. */
export function useRegistrarOcorrencia() {
  const invalidate = useInvalidate("livro");
  return useMutation({
    mutationFn: (values: OcorrenciaData) => api.POST("/api/livro/ocorrencias", { body: values }),
    onSuccess: () => invalidate(),
  });
}

/** 'Complementar' an open item. */
export function useComplementar() {
  const invalidate = useInvalidate("livro");
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ComplementoInput }) =>
      api.POST("/api/livro/ocorrencias/{id}/complementos", { params: { path: { id } }, body: values }),
    onSettled: () => invalidate(),
  });
}

/** 'Resolver' an open item (what was done, optional). */
export function useResolver() {
  const invalidate = useInvalidate("livro");
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ResolucaoValues }) =>
      api.POST("/api/livro/ocorrencias/{id}/resolucao", { params: { path: { id } }, body: values }),
    onSettled: () => invalidate(),
  });
}

/** The CSV of the list's filters, with the server's file name. */
export async function baixarOcorrenciasCsv(filters: OcorrenciaFilters) {
  const response = await downloadApi("/api/livro/ocorrencias.csv", { params: { query: { ...filters } } });
  const disposition = response.headers.get("content-disposition") ?? "";
  const nome = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "livro-da-portaria.csv";
  return { blob: await response.blob(), nome };
}
