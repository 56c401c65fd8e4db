import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { FABRICANTE_ROTULO, type Dispositivo } from "@shared/schemas/dispositivos";
import { formatDateTime } from "@shared/time";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { DISPOSITIVOS_PATHS } from "./api";
import { EstadoBadge } from "./estado-badge";

/** gate-operation-spec §2.1: name, condominium, vendor/model, state, last contact; the name opens the device. */
export function DispositivosTable({ rows, total, agora }: { rows: Dispositivo[]; total: number; agora: number }) {
  const columns: DataColumn<Dispositivo>[] = [
    { header: "Nome", card: "title", className: "font-medium text-slate-900", cell: (d) => d.nome },
    { header: "Condomínio", cell: (d) => d.condominio.nome },
    { header: "Fabricante/Modelo", cell: (d) => `${FABRICANTE_ROTULO[d.fabricante]} ${d.modelo}` },
    { header: "Estado", card: "status", cell: (d) => <EstadoBadge dispositivo={d} agora={agora} /> },
    {
      header: "Último contato",
      className: "whitespace-nowrap tabular-nums",
      cell: (d) => (d.ultimo_contato_em ? formatDateTime(d.ultimo_contato_em) : "—"),
    },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (d) => (
        <div className="flex justify-end">
          <Button asChild variant="ghost" size="sm" className="w-9 px-0">
            <Link to={DISPOSITIVOS_PATHS.dispositivo(d.id)} aria-label={`Abrir ${d.nome}`} title="Abrir">
              <Pencil aria-hidden />
            </Link>
          </Button>
        </div>
      ),
    },
  ];
  return <DataTable label="Dispositivos cadastrados" columns={columns} rows={rows} total={total} rowKey={(d) => d.id} empty="Nenhum dispositivo encontrado" />;
}
