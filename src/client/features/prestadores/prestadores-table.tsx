import { Eye, Pencil } from "lucide-react";
import { Link } from "react-router";
import type { Prestador } from "@shared/schemas/prestadores";
import { AtivoBadge } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { useAuth } from "~/lib/auth";
import { formatCpfOuCnpj, formatPeriodo } from "./format";
import { SituacaoBadge } from "./situacao-badge";
import { PATHS } from "~/lib/paths";

/**
 * §2 Providers: name/company, CNPJ/CPF, service, condominium, authorization period, status, edit link;
 * and beside the status the authorisation's situation today (issue 14).
 */
export function PrestadoresTable({ rows, total }: { rows: Prestador[]; total?: number }) {
  const { can } = useAuth();
  // Without edit permission the same link opens the provider read-only.
  const canEdit = can("editar_prestadores_servico");
  const columns: DataColumn<Prestador>[] = [
    { header: "Nome/Empresa", card: "title", className: "font-medium text-slate-900", cell: (p) => p.nome_empresa_profissional },
    { header: "CNPJ/CPF", className: "whitespace-nowrap tabular-nums", cell: (p) => (p.cnpj_cpf ? formatCpfOuCnpj(p.cnpj_cpf) : "—") },
    { header: "Tipo de Serviço", cell: (p) => p.tipo_servico },
    { header: "Condomínio", cell: (p) => p.condominio?.nome ?? <span className="text-slate-600">Geral/N/A</span> },
    { header: "Período de Autorização", className: "tabular-nums", cell: (p) => formatPeriodo(p.data_inicio_autorizacao, p.data_fim_autorizacao) },
    { header: "Status", card: "status", cell: (p) => <AtivoBadge ativo={p.ativo} /> },
    { header: "Situação", cell: (p) => <SituacaoBadge situacao={p.situacao} /> },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (p) => (
        <div className="flex justify-end">
          <Button asChild variant="ghost" size="sm" className="w-9 px-0">
            <Link to={PATHS.prestador(p.id)} aria-label={`${canEdit ? "Editar" : "Ver"} ${p.nome_empresa_profissional}`} title={canEdit ? "Editar" : "Ver"}>
              {canEdit ? <Pencil aria-hidden /> : <Eye aria-hidden />}
            </Link>
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label="Prestadores de serviço cadastrados"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(p) => p.id}
      className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4"
      empty="Nenhum prestador encontrado"
    />
  );
}
