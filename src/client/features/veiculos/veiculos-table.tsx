import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { formatPlaca } from "@shared/br/placa";
import { TIPO_VEICULO_LABEL, type VeiculoListItem } from "@shared/schemas/veiculos";
import { Button } from "~/components/ui/button";
import { DataTable, FilteredEmpty, type DataColumn } from "~/components/ui/data-table";
import { unidadeLabel } from "@shared/schemas/unidades";
import { AtivoBadge } from "~/components/ui/status-badge";
import { useAuth } from "~/lib/auth";
import { PATHS } from "~/lib/paths";

const dash = <span className="text-slate-600">—</span>;

/** §2 Vehicles (read-only): the edit link opens the owning unit's page (gerenciar_veiculos_morador). */
export function VeiculosTable({ rows, total, onClearFilters }: { rows: VeiculoListItem[]; total?: number; onClearFilters?: () => void }) {
  const { can } = useAuth();
  const canManage = can("gerenciar_veiculos_morador");

  const columns: DataColumn<VeiculoListItem>[] = [
    {
      header: "Placa",
      card: "title",
      className: "whitespace-nowrap font-mono font-semibold tracking-wider text-slate-900",
      cell: (v) => <span className="font-mono tracking-wider">{formatPlaca(v.placa)}</span>,
    },
    { header: "Marca/Modelo", cell: (v) => [v.marca, v.modelo].filter(Boolean).join(" ") || dash },
    { header: "Cor", cell: (v) => v.cor || dash },
    { header: "Tipo", cell: (v) => TIPO_VEICULO_LABEL[v.tipo_veiculo] },
    { header: "Morador", cell: (v) => v.morador.nome_completo },
    { header: "Unidade", className: "whitespace-nowrap", cell: (v) => unidadeLabel(v.unidade) },
    { header: "Condomínio", cell: (v) => v.condominio.nome },
    { header: "Status", card: "status", cell: (v) => <AtivoBadge ativo={v.ativo} /> },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (v) => {
        const placa = formatPlaca(v.placa);
        return (
          <div className="flex items-center justify-end">
            {canManage && (
              <Button asChild variant="ghost" size="sm" className="w-9 px-0">
                <Link
                  to={PATHS.unidade(v.unidade.id)}
                  aria-label={`Editar veículo ${placa} na unidade ${unidadeLabel(v.unidade)} (${v.condominio.nome})`}
                  title="Editar na unidade"
                >
                  <Pencil aria-hidden />
                </Link>
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <DataTable
      label="Veículos cadastrados"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(v) => v.id}
      rowTestId={(v) => `veiculo-${v.id}`}
      className="[&_td]:px-3 [&_td:first-child]:pl-4 [&_th]:px-3 [&_th:first-child]:pl-4"
      empty={<FilteredEmpty text="Nenhum veículo encontrado" onClearFilters={onClearFilters} />}
    />
  );
}
