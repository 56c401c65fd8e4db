import { Eye, Pencil } from "lucide-react";
import { Link } from "react-router";
import type { Prestador } from "@shared/schemas/prestadores";
import { AtivoBadge } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { TableEmptyRow } from "~/components/ui/table-empty-row";
import { useAuth } from "~/lib/auth";
import { formatCpfOuCnpj, formatPeriodo } from "./format";
import { PATHS } from "~/lib/paths";

/** §2 Providers: name/company, CNPJ/CPF, service, condominium, authorization period, status, edit link. */
export function PrestadoresTable({ rows }: { rows: Prestador[] }) {
  const { can } = useAuth();
  // Without edit permission the same link opens the provider read-only.
  const canEdit = can("editar_prestadores_servico");
  return (
    <Table aria-label="Prestadores de serviço cadastrados" className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4">
      <TableHeader>
        <TableRow>
          <TableHead>Nome/Empresa</TableHead>
          <TableHead>CNPJ/CPF</TableHead>
          <TableHead>Tipo de Serviço</TableHead>
          <TableHead>Condomínio</TableHead>
          <TableHead>Período de Autorização</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right print:hidden">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableEmptyRow colSpan={7}>Nenhum prestador encontrado</TableEmptyRow>
        ) : (
          rows.map((p) => (
            <TableRow key={p.id}>
              <TableCell className="min-w-40 font-medium text-slate-900 [overflow-wrap:anywhere]">{p.nome_empresa_profissional}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{p.cnpj_cpf ? formatCpfOuCnpj(p.cnpj_cpf) : "—"}</TableCell>
              <TableCell className="min-w-32">{p.tipo_servico}</TableCell>
              <TableCell className="min-w-32">{p.condominio?.nome ?? <span className="text-slate-600">Geral/N/A</span>}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{formatPeriodo(p.data_inicio_autorizacao, p.data_fim_autorizacao)}</TableCell>
              <TableCell>
                <AtivoBadge ativo={p.ativo} />
              </TableCell>
              <TableCell className="print:hidden">
                <div className="flex justify-end">
                  <Button asChild variant="ghost" size="sm" className="w-9 px-0">
                    <Link
                      to={PATHS.prestador(p.id)}
                      aria-label={`${canEdit ? "Editar" : "Ver"} ${p.nome_empresa_profissional}`}
                      title={canEdit ? "Editar" : "Ver"}
                    >
                      {canEdit ? <Pencil aria-hidden /> : <Eye aria-hidden />}
                    </Link>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
