import { Link } from "react-router";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import type { MoradorListItem } from "@shared/schemas/moradores";
import { unidadeLabel } from "@shared/schemas/unidades";
import { DataTable, FilteredEmpty, type DataColumn } from "~/components/ui/data-table";
import { AtivoBadge } from "~/components/ui/status-badge";
import { PATHS } from "~/lib/paths";

const dash = <span className="text-slate-600">—</span>;

/** The residents list (issue 14): each resident's name opens their unit's page, where they are edited. */
export function MoradoresTable({ rows, total, onClearFilters }: { rows: MoradorListItem[]; total?: number; onClearFilters?: () => void }) {
  const columns: DataColumn<MoradorListItem>[] = [
    {
      header: "Nome",
      card: "title",
      className: "font-medium text-slate-900",
      cell: (m) => (
        <Link
          to={PATHS.unidade(m.unidade.id)}
          title={`Abrir a unidade ${unidadeLabel(m.unidade)} (${m.condominio.nome})`}
          className="text-brand-700 underline-offset-4 hover:underline"
        >
          {m.nome_completo}
        </Link>
      ),
    },
    { header: "CPF", className: "whitespace-nowrap tabular-nums", cell: (m) => (m.cpf ? formatCpf(m.cpf) : dash) },
    { header: "Telefone", className: "whitespace-nowrap tabular-nums", cell: (m) => (m.telefone_celular ? formatPhone(m.telefone_celular) : dash) },
    { header: "Unidade", className: "whitespace-nowrap", cell: (m) => unidadeLabel(m.unidade) },
    { header: "Condomínio", cell: (m) => m.condominio.nome },
    { header: "Status", card: "status", cell: (m) => <AtivoBadge ativo={m.ativo} /> },
  ];

  return (
    <DataTable
      label="Moradores cadastrados"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(m) => m.id}
      rowTestId={(m) => `morador-${m.id}`}
      className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4"
      empty={<FilteredEmpty text="Nenhum morador encontrado" onClearFilters={onClearFilters} />}
    />
  );
}
