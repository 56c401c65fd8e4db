import type { Readable } from "node:stream";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { formatPlaca } from "@shared/br/placa";
import { BLOCO_PALAVRA, unidadeLabel } from "@shared/schemas/unidades";
import {
  correcaoTexto,
  CSV_HEADER,
  METODO_LABEL,
  RESULTADO_LABEL,
  resultadoLabel,
  SENTIDO_LABEL,
  TIPO_PESSOA_LABEL,
  type RegistroListItem,
} from "@shared/schemas/registros";
import { formatDateTime, TIME_ZONE } from "@shared/time";

// The CSV of 'Exportar CSV' (gatehouse-spec §5): UTF-8 with BOM, ';' between fields, CRLF line
// ends, times "dd/MM/yyyy HH:mm" in São Paulo: what a Brazilian Excel opens as it is.

export const CSV_BOM = "\uFEFF";
const EOL = "\r\n";

/**
 * One field: quoted when it holds the separator, a quote or a line break. A text a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe: a name typed at the gate
 * must never become a formula in the síndico's Excel.
 */
export function csvField(value: string | null | undefined): string {
  if (value == null || value === "") return "";
  // A line break inside a field is written CRLF, like the lines themselves (and as COPY's are, below).
  const text = value.includes("\n") ? value.replace(/\r?\n/g, "\r\n") : value;
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of fields, each as csvField writes it. */
export const csvLine = (fields: (string | null | undefined)[]) => fields.map(csvField).join(";") + EOL;

export const csvHeader = () => CSV_BOM + csvLine([...CSV_HEADER]);

export const csvRow = (row: RegistroListItem) =>
  csvLine([
    formatDateTime(row.registrado_em),
    row.condominio.nome,
    row.nome_pessoa,
    row.documento,
    TIPO_PESSOA_LABEL[row.tipo_pessoa],
    row.unidade ? unidadeLabel(row.unidade) : null,
    row.placa ? formatPlaca(row.placa) : null,
    SENTIDO_LABEL[row.sentido],
    resultadoLabel(row),
    row.motivo,
    METODO_LABEL[row.metodo],
    row.autorizado_por,
    row.operador_nome,
    row.correcao ? correcaoTexto(row.correcao) : null,
  ]);

// ——— The same lines written by PostgreSQL (COPY ... TO STDOUT, FORMAT csv): an export of
// millions of rows then costs the server a byte copy per chunk instead of parsing and formatting
// every row in JavaScript. Each expression below is csvRow's field, in SQL; the API tests run
// the same expected CSV against PGlite (csvRow) and PostgreSQL (these), so the two stay equal.

const q = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * A text field as csvField writes it: empty for null or '', an apostrophe before a formula's first
 * character (a line break counts: csvField sees it as CR once written CRLF); CRLF inside it becomes
 * LF here, and every LF becomes CRLF in crlf(). The field is replaced once per row: in an export
 * of millions, the text functions are most of the database's time (issue 33).
 */
const safe = (field: SQLWrapper) =>
  sql`nullif(case when left(${field}, 1) in ('=', '+', '-', '@', chr(9), chr(13), chr(10)) then '''' else '' end || replace(${field}, chr(13) || chr(10), chr(10)), '')`;

/** `case column when 'key' then 'Label' ... end` from a label map (the one list of labels). */
const labelOf = (column: SQLWrapper, labels: Record<string, string>) =>
  sql`case ${column} ${sql.raw(
    Object.entries(labels)
      .map(([key, label]) => `when ${q(key)} then ${q(label)}`)
      .join(" "),
  )} end`;

export interface CsvColumns {
  registrado_em: SQLWrapper;
  condominio_nome: SQLWrapper;
  nome_pessoa: SQLWrapper;
  documento: SQLWrapper;
  tipo_pessoa: SQLWrapper;
  bloco: SQLWrapper;
  numero_unidade: SQLWrapper;
  placa: SQLWrapper;
  sentido: SQLWrapper;
  resultado: SQLWrapper;
  liberado_manualmente: SQLWrapper;
  motivo: SQLWrapper;
  metodo: SQLWrapper;
  autorizado_por: SQLWrapper;
  operador_nome: SQLWrapper;
  /** A correction: the record it corrects (joined) and its texts (JSON in observacao). */
  corrige_registro_id: SQLWrapper;
  corrigido_em: SQLWrapper;
  corrigido_nome: SQLWrapper;
  observacao: SQLWrapper;
}

/** csvRow's fourteen fields as SQL expressions, in CSV_HEADER's order. */
export function csvFieldsSql(c: CsvColumns): SQL[] {
  const bloco = sql`nullif(btrim(${c.bloco}), '')`;
  const unidade = sql`case when ${c.numero_unidade} is null then null when ${bloco} is null then ${c.numero_unidade}
    when ${bloco} ~* ${sql.raw(q(`^(${BLOCO_PALAVRA})\\y`))} then ${bloco} || ' - ' || ${c.numero_unidade}
    else 'Bloco ' || ${bloco} || ' - ' || ${c.numero_unidade} end`;
  // formatPlaca: letters and digits only, so never a formula nor a line break (no safe()).
  const placa = sql`left(upper(regexp_replace(${c.placa}, '[^0-9A-Za-z]', '', 'g')), 7)`;
  const placaFormatada = sql`nullif(regexp_replace(${placa}, '^([A-Z]{3})([0-9]{4})$', '\\1-\\2'), '')`;
  return [
    sql`to_char(${c.registrado_em} at time zone ${sql.raw(q(TIME_ZONE))}, 'DD/MM/YYYY HH24:MI')`,
    safe(c.condominio_nome),
    safe(c.nome_pessoa),
    safe(c.documento),
    labelOf(c.tipo_pessoa, TIPO_PESSOA_LABEL),
    safe(unidade),
    placaFormatada,
    labelOf(c.sentido, SENTIDO_LABEL),
    sql`case when ${c.liberado_manualmente} and ${c.resultado} = 'liberado' then ${sql.raw(q(resultadoLabel({ resultado: "liberado", liberado_manualmente: true })))} else ${labelOf(c.resultado, RESULTADO_LABEL)} end`,
    safe(c.motivo),
    labelOf(c.metodo, METODO_LABEL),
    safe(c.autorizado_por),
    safe(c.operador_nome),
    // correcaoTexto: the texts only when both are there (not anonymised).
    safe(sql`case when ${c.corrige_registro_id} is not null then
      'Corrige o registro de ' || to_char(${c.corrigido_em} at time zone ${sql.raw(q(TIME_ZONE))}, 'DD/MM/YYYY HH24:MI') || ' (' || ${c.corrigido_nome} || ')'
      || coalesce(' — Estava errado: ' || (${c.observacao}::json ->> 'errado') || ' — Correto: ' || (${c.observacao}::json ->> 'certo'), '') end`),
  ];
}

/**
 * COPY writes LF line ends; the portal's CSV has CRLF (csvLine). Bytewise: a 0x0A byte is never
 * part of a multi-byte UTF-8 character, so a chunk may end anywhere.
 */
export function crlf(chunk: Buffer): Buffer {
  let lf = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lf++;
  if (!lf) return chunk;
  const out = Buffer.allocUnsafe(chunk.length + lf);
  let from = 0;
  let to = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
    to += chunk.copy(out, to, from, i);
    out[to++] = 13;
    out[to++] = 10;
    from = i + 1;
  }
  chunk.copy(out, to, from);
  return out;
}

/**
 * The export's body: text in OpenAPI. The handler sends a stream, which Fastify writes as it is
 * (a stream never goes through the serializer), hence a type that admits one.
 */
export const csvBody = z.string() as z.ZodType<string | Readable>;

/** Sends an export as a download named `nome`, never kept by a cache. */
export const enviarCsv = (reply: FastifyReply, nome: string, linhas: Readable) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${nome}"`)
    .header("cache-control", "no-store")
    .send(linhas);
