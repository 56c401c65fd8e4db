import { formatPlaca } from "../../../shared/br/placa";
import { unidadeLabel } from "../../../shared/schemas/unidades";
import { CSV_HEADER, METODO_LABEL, resultadoLabel, SENTIDO_LABEL, TIPO_PESSOA_LABEL, type RegistroListItem } from "../../../shared/schemas/registros";
import { formatDateTime } from "../../../shared/time";

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
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (fields: (string | null | undefined)[]) => fields.map(csvField).join(";") + EOL;

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
  ]);
