import { Pencil, Users } from "lucide-react";
import { Link } from "react-router";
import type { UnidadeListItem } from "@shared/schemas/unidades";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useAuth } from "~/lib/auth";
import { unidadeLabel } from "@shared/schemas/unidades";
import { AtivoBadge } from "~/components/ui/status-badge";
import { PATHS } from "~/lib/paths";

const COLUMNS = 8;

/**
 * §2 'Gerenciar Unidades': the edit link shows only with editar_unidades. Someone who manages
 * residents or their vehicles without it gets a 'Moradores' link to the same page instead.
 */
export function UnidadesTable({ rows, onClearFilters }: { rows: UnidadeListItem[]; onClearFilters?: () => void }) {
  const { can } = useAuth();
  const canEdit = can("editar_unidades");
  const canManageResidents = can(["gerenciar_moradores_unidade", "gerenciar_veiculos_morador"]);

  return (
    <Table aria-label="Unidades cadastradas" className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4">
      <TableHeader>
        <TableRow>
          <TableHead>Condomínio</TableHead>
          <TableHead>Bloco/Torre</TableHead>
          <TableHead>Unidade</TableHead>
          <TableHead>Andar</TableHead>
          <TableHead>Tipo</TableHead>
          <TableHead className="text-right">Moradores</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right print:hidden">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={COLUMNS} className="py-10 text-center text-slate-600">
              <p>Nenhuma unidade encontrada</p>
              {onClearFilters && (
                <Button variant="link" className="mt-1 h-auto p-0" onClick={onClearFilters}>
                  Limpar filtros
                </Button>
              )}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((u) => {
            const label = unidadeLabel(u);
            return (
              <TableRow key={u.id} data-testid={`unidade-${u.id}`}>
                <TableCell className="min-w-40 text-slate-900">{u.condominio.nome}</TableCell>
                <TableCell>{u.bloco || <span className="text-slate-600">—</span>}</TableCell>
                <TableCell className="font-medium text-slate-900">{u.numero_unidade}</TableCell>
                <TableCell>{u.andar || <span className="text-slate-600">—</span>}</TableCell>
                <TableCell>{u.tipo_unidade || <span className="text-slate-600">—</span>}</TableCell>
                <TableCell className="text-right tabular-nums">{u.moradores_count}</TableCell>
                <TableCell>
                  <AtivoBadge ativo={u.ativo} feminine />
                </TableCell>
                <TableCell className="print:hidden">
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
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
