import { formatPlaca } from "@shared/br/placa";
import { METODO_LABEL, resultadoLabel, SENTIDO_LABEL, TIPO_PESSOA_LABEL, type RegistroListItem } from "@shared/schemas/registros";
import { unidadeLabel } from "@shared/schemas/unidades";
import { formatDateTime } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";

const dash = <span className="text-slate-600">—</span>;

const columns: DataColumn<RegistroListItem>[] = [
  { header: "Data e hora", className: "whitespace-nowrap tabular-nums", cell: (r) => formatDateTime(r.registrado_em) },
  {
    header: "Pessoa",
    card: "title",
    className: "font-medium text-slate-900",
    cell: (r) => (
      <>
        {r.nome_pessoa}
        {r.documento && <span className="block text-xs font-normal text-slate-600">{r.documento}</span>}
      </>
    ),
  },
  { header: "Tipo", cell: (r) => TIPO_PESSOA_LABEL[r.tipo_pessoa] },
  {
    header: "Unidade",
    className: "whitespace-nowrap",
    cell: (r) => (r.unidade ? unidadeLabel(r.unidade) : dash),
  },
  { header: "Placa", className: "whitespace-nowrap font-mono", cell: (r) => (r.placa ? formatPlaca(r.placa) : dash) },
  { header: "Sentido", cell: (r) => SENTIDO_LABEL[r.sentido] },
  {
    header: "Resultado",
    card: "status",
    cell: (r) => (
      <>
        <Badge variant={r.resultado === "negado" ? "red" : "green"}>{resultadoLabel(r)}</Badge>
        {r.motivo && <span className="mt-1 block text-xs text-slate-700">{r.motivo}</span>}
      </>
    ),
  },
  { header: "Método", cell: (r) => METODO_LABEL[r.metodo] },
  { header: "Operador", cell: (r) => r.operador_nome || dash },
];

/** The access records (gatehouse-spec §5), newest first; virtualized by DataTable. */
export function RegistrosTable({ rows, total, onClearFilters }: { rows: RegistroListItem[]; total?: number; onClearFilters?: () => void }) {
  return (
    <DataTable
      label="Registros de acesso"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(r) => r.id}
      rowTestId={(r) => `registro-${r.id}`}
      className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4"
      empty={
        <>
          <p>Nenhum registro encontrado</p>
          {onClearFilters && (
            <Button variant="link" className="mt-1 h-auto p-0" onClick={onClearFilters}>
              Limpar filtros
            </Button>
          )}
        </>
      }
    />
  );
}
