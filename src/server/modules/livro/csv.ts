import {
  LIVRO_TEXTOS,
  OCORRENCIAS_CSV_HEADER,
  PRIORIDADE_OCORRENCIA_LABEL,
  SITUACAO_OCORRENCIA_LABEL,
  TIPO_OCORRENCIA_LABEL,
  type Ocorrencia,
} from "@shared/schemas/livro";
import { unidadeLabel } from "@shared/schemas/unidades";
import { formatDateTime } from "@shared/time";
import { CSV_BOM, csvLine } from "../registros/csv";
import type { OcorrenciaFiltros } from "./repository";

// The book's 'Exportar CSV' (§5), written as Registros' export is (registros/csv.ts): UTF-8 with
// BOM, ';' between fields, CRLF line ends, São Paulo's times, no text a spreadsheet would run.

const linhaDoItem = (o: Ocorrencia) =>
  csvLine([
    formatDateTime(o.created_at),
    o.condominio.nome,
    o.unidade ? unidadeLabel(o.unidade) : null,
    TIPO_OCORRENCIA_LABEL[o.tipo],
    PRIORIDADE_OCORRENCIA_LABEL[o.prioridade],
    o.titulo,
    o.descricao,
    o.referencia?.descricao,
    o.visivel_sindico ? "Sim" : "Não",
    o.criada_por_nome,
    SITUACAO_OCORRENCIA_LABEL[o.situacao],
    o.resolucao ? LIVRO_TEXTOS.resolvidaPor(o.resolucao.criada_por_nome, o.resolucao.created_at) : null,
    o.resolucao?.descricao,
    String(o.complementos),
  ]);

/** The header, then each batch's lines as one chunk. */
export async function* csvLinhas(lotes: AsyncIterable<Ocorrencia[]>) {
  yield CSV_BOM + csvLine([...OCORRENCIAS_CSV_HEADER]);
  for await (const lote of lotes) yield lote.map(linhaDoItem).join("");
}

/** livro-2026-11-29.csv, livro-2026-11-01-a-2026-11-29.csv, or livro.csv without a period. */
export function nomeDoCsv({ de, ate }: Pick<OcorrenciaFiltros, "de" | "ate">) {
  if (de && ate) return de === ate ? `livro-${de}.csv` : `livro-${de}-a-${ate}.csv`;
  if (de || ate) return `livro-${de ? "desde" : "ate"}-${de ?? ate}.csv`;
  return "livro.csv";
}
