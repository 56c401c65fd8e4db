import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { formatPlaca } from "@shared/br/placa";
import { TIPO_VEICULO_LABEL, type VeiculoListItem } from "@shared/schemas/veiculos";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { unidadeLabel } from "@shared/schemas/unidades";
import { AtivoBadge } from "~/components/ui/status-badge";
import { useAuth } from "~/lib/auth";
import { PATHS } from "~/lib/paths";

const COLUMNS = 9;

/** §2 Vehicles (read-only): the edit link opens the owning unit's page (gerenciar_veiculos_morador). */
export function VeiculosTable({ rows, onClearFilters }: { rows: VeiculoListItem[]; onClearFilters?: () => void }) {
  const { can } = useAuth();
  const canManage = can("gerenciar_veiculos_morador");

  return (
    <Table aria-label="Veículos cadastrados" className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4">
      <TableHeader>
        <TableRow>
          <TableHead>Placa</TableHead>
          <TableHead>Marca/Modelo</TableHead>
          <TableHead>Cor</TableHead>
          <TableHead>Tipo</TableHead>
          <TableHead>Morador</TableHead>
          <TableHead>Unidade</TableHead>
          <TableHead>Condomínio</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right print:hidden">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={COLUMNS} className="py-10 text-center text-slate-600">
              <p>Nenhum veículo encontrado</p>
              {onClearFilters && (
                <Button variant="link" className="mt-1 h-auto p-0" onClick={onClearFilters}>
                  Limpar filtros
                </Button>
              )}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((v) => {
            const placa = formatPlaca(v.placa);
            const modelo = [v.marca, v.modelo].filter(Boolean).join(" ");
            const unidade = unidadeLabel(v.unidade);
            return (
              <TableRow key={v.id} data-testid={`veiculo-${v.id}`}>
                <TableCell className="whitespace-nowrap font-mono font-semibold tracking-wider text-slate-900">{placa}</TableCell>
                <TableCell>{modelo || <span className="text-slate-600">—</span>}</TableCell>
                <TableCell>{v.cor || <span className="text-slate-600">—</span>}</TableCell>
                <TableCell>{TIPO_VEICULO_LABEL[v.tipo_veiculo]}</TableCell>
                <TableCell className="min-w-36">{v.morador.nome_completo}</TableCell>
                <TableCell className="whitespace-nowrap">{unidade}</TableCell>
                <TableCell className="min-w-36">{v.condominio.nome}</TableCell>
                <TableCell>
                  <AtivoBadge ativo={v.ativo} />
                </TableCell>
                <TableCell className="print:hidden">
                  <div className="flex items-center justify-end">
                    {canManage && (
                      <Button asChild variant="ghost" size="sm" className="w-9 px-0">
                        <Link
                          to={PATHS.unidade(v.unidade.id)}
                          aria-label={`Editar veículo ${placa} na unidade ${unidade} (${v.condominio.nome})`}
                          title="Editar na unidade"
                        >
                          <Pencil aria-hidden />
                        </Link>
                      </Button>
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
