import { useMutation } from "@tanstack/react-query";
import type { CorrecaoInput, Resultado, Sentido, TipoPessoa } from "@shared/schemas/registros";
import { api, ApiError, downloadApi, type Answer } from "~/lib/api";
import { pagedQueryOptions } from "~/lib/paged-list";
import { queryKeys, useInvalidate } from "~/lib/query-keys";
import { INTERNAL_ERROR } from "@shared/messages-base";

/** The filters of the list, as its query string (and the export's: exactly the same). */
export interface RegistroParams {
  q: string;
  condominio_id: string;
  de: string;
  ate: string;
  tipo_pessoa: "todos" | TipoPessoa;
  sentido: "todos" | Sentido;
  resultado: "todos" | Resultado;
}

export const registrosInfiniteQueryOptions = (params: RegistroParams) => pagedQueryOptions(queryKeys.registrosList, "/api/registros", { ...params });

/** Whether the last page says there are more matches than it counted (RegistrosPage.total_limitado). */
export const totalLimitado = (pages: readonly Answer<"get", "/api/registros">[] | undefined) => Boolean(pages?.at(-1)?.total_limitado);

/** Where the last page's search stopped, in the server's words (RegistrosPage.busca_limitada), or null. */
export const buscaParada = (pages: readonly Answer<"get", "/api/registros">[] | undefined) => pages?.at(-1)?.busca_limitada?.mensagem ?? null;

/** Whether the search went window by window (some page stopped): its total is then what was found so far. */
export const buscaPorJanelas = (pages: readonly Answer<"get", "/api/registros">[] | undefined) => Boolean(pages?.some((page) => page.busca_limitada));

export function useVerificarIntegridade() {
  return useMutation({
    mutationFn: (body: { condominio_id: string; de: string; ate: string }) => api.POST("/api/registros/verificar-integridade", { body }),
  });
}

/** 'Corrigir registro' (§5): a new record pointing at the corrected one; the list shows it next to it. */
export function useCorrigirRegistro() {
  const invalidate = useInvalidate("acessos");
  return useMutation({
    mutationFn: ({ id, ...body }: CorrecaoInput & { id: string }) => api.POST("/api/registros/{id}/correcoes", { params: { path: { id } }, body }),
    onSuccess: () => invalidate({ also: [queryKeys.registrosList] }),
  });
}

export interface ExportProgress {
  linhas: number;
  bytes: number;
}

/**
 * Downloads the CSV of the filter, reading the stream as it comes (`onProgress` with the rows and
 * bytes so far), and hands it back as a Blob with the server's file name.
 */
export async function baixarCsv(params: RegistroParams, onProgress: (progress: ExportProgress) => void, signal?: AbortSignal) {
  const response = await downloadApi("/api/registros/exportar", { params: { query: { ...params } }, signal });
  if (!response.body) throw new ApiError(response.status, "UNKNOWN", INTERNAL_ERROR.title, INTERNAL_ERROR.message);
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const progress: ExportProgress = { linhas: 0, bytes: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.byteLength;
    // Every record ends in CRLF; a CRLF typed inside a field would count as one more (progress only).
    for (let i = 1; i < value.length; i++) if (value[i] === 0x0a && value[i - 1] === 0x0d) progress.linhas++;
    if (value[0] === 0x0a && parts.length > 1 && parts[parts.length - 2]!.at(-1) === 0x0d) progress.linhas++;
    onProgress({ ...progress, linhas: Math.max(0, progress.linhas - 1) });
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const nome = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "registros.csv";
  return { blob: new Blob(parts, { type: "text/csv;charset=utf-8" }), nome, linhas: Math.max(0, progress.linhas - 1) };
}

/** Saves a Blob as a file the browser downloads. */
export function salvarArquivo(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = nome;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
