import { Pencil, Users } from "lucide-react";
import { Link } from "react-router";
import { formatInteiro } from "@shared/br/numero";
import type { UnidadeListItem } from "@shared/schemas/unidades";
import { Button } from "~/components/ui/button";
import { DataTable, FilteredEmpty, type DataColumn } from "~/components/ui/data-table";
import { useAuth } from "~/lib/auth";
import { unidadeLabel } from "@shared/schemas/unidades";
import { AtivoBadge } from "~/components/ui/status-badge";
import { PATHS } from "~/lib/paths";

const dash = <span className="text-slate-600">—</span>;

/**
 * §2 'Gerenciar Unidades': the edit link shows only with editar_unidades. Someone who manages
 * residents or their vehicles without it gets a 'Moradores' link to the same page instead.
 */
export function UnidadesTable({ rows, total, onClearFilters }: { rows: UnidadeListItem[]; total?: number; onClearFilters?: () => void }) {
  const { can } = useAuth();
  const canEdit = can("editar_unidades");
  const canManageResidents = can(["gerenciar_moradores_unidade", "gerenciar_veiculos_morador"]);

  const columns: DataColumn<UnidadeListItem>[] = [
    { header: "Condomínio", className: "min-w-32 text-slate-900", cell: (u) => u.condominio.nome },
    { header: "Bloco/Torre", cell: (u) => u.bloco || dash },
    { header: "Unidade", card: "title", className: "font-medium text-slate-900", cell: (u) => u.numero_unidade },
    { header: "Andar", cell: (u) => u.andar || dash },
    { header: "Tipo", cell: (u) => u.tipo_unidade || dash },
    { header: "Moradores", headClassName: "text-right", className: "text-right tabular-nums", cell: (u) => formatInteiro(u.moradores_count) },
    { header: "Status", card: "status", cell: (u) => <AtivoBadge ativo={u.ativo} feminine /> },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (u) => {
        const label = unidadeLabel(u);
        return (
          <div className="flex items-center justify-end gap-1">
            {canEdit ? (
              <Button asChild variant="ghost" size="sm" className="w-9 px-0">
                <Link to={PATHS.unidade(u.id)} aria-label={`Editar unidade ${label} (${u.condominio.nome})`} title="Editar">
                  <Pencil aria-hidden />
                </Link>
              </Button>
            ) : (
              canManageResidents && (
                <Button asChild variant="ghost" size="sm">
                  <Link to={PATHS.unidade(u.id)} aria-label={`Moradores da unidade ${label} (${u.condominio.nome})`}>
                    <Users aria-hidden /> Moradores
                  </Link>
                </Button>
              )
            )}
          </div>
        );
      },
    },
  ];

  return (
    <DataTable
      label="Unidades cadastradas"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(u) => u.id}
      rowTestId={(u) => `unidade-${u.id}`}
      className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4"
      empty={<FilteredEmpty text="Nenhuma unidade encontrada" onClearFilters={onClearFilters} />}
    />
  );
}
