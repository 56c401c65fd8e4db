import { Link } from "react-router";
import { unidadeLabel } from "@shared/schemas/unidades";
import { descreverValidade, TIPO_AUTORIZACAO_LABEL, type Autorizacao } from "@shared/schemas/visitantes";
import { DataTable, FilteredEmpty, type DataColumn } from "~/components/ui/data-table";
import { PATHS } from "~/lib/paths";
import { formatDocumento } from "@shared/br/documento";
import { formatEntradas, SituacaoBadge } from "./format";

/**
 * The pre-authorisations (gatehouse-spec §4): visitor (the row's one link, to the detail page), code,
 * condominium and unit, type and validity, uses, situation. Cards on phones.
 */
export function VisitantesTable({ rows, total, onClearFilters }: { rows: Autorizacao[]; total?: number; onClearFilters?: () => void }) {
  const columns: DataColumn<Autorizacao>[] = [
    {
      header: "Visitante",
      card: "title",
      className: "font-medium text-slate-900",
      cell: (a) => (
        <span className="grid">
          <Link to={PATHS.visitante(a.id)} className="text-brand-700 hover:underline">
            {a.nome_visitante}
          </Link>
          {a.documento_numero && <span className="text-xs font-normal text-slate-600">Doc. {formatDocumento(a.documento_numero)}</span>}
        </span>
      ),
    },
    { header: "Código", className: "whitespace-nowrap font-mono tracking-wider", cell: (a) => a.codigo },
    {
      header: "Condomínio / Unidade",
      cell: (a) => (
        <span className="grid">
          <span>{a.condominio.nome}</span>
          <span className="text-xs text-slate-600">{unidadeLabel(a.unidade)}</span>
        </span>
      ),
    },
    {
      header: "Validade",
      className: "max-w-xs",
      cell: (a) => (
        <span className="grid">
          <span className="text-xs font-medium text-slate-700">{TIPO_AUTORIZACAO_LABEL[a.tipo]}</span>
          <span className="text-sm">{descreverValidade(a)}</span>
        </span>
      ),
    },
    { header: "Entradas", className: "whitespace-nowrap tabular-nums", cell: (a) => formatEntradas(a) },
    { header: "Situação", card: "status", cell: (a) => <SituacaoBadge situacao={a.situacao} /> },
  ];
  return (
    <DataTable
      label="Autorizações de visita"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(a) => a.id}
      rowTestId={(a) => `autorizacao-${a.id}`}
      empty={<FilteredEmpty text="Nenhuma autorização encontrada" onClearFilters={onClearFilters} />}
    />
  );
}
