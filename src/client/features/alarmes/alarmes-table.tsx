import { type Alarme, type TipoAlarme } from "@shared/schemas/alarmes";
import { formatDateTime } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { CienteButton } from "~/components/portaria/ciente-button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { useCienteDoAlarme } from "./api";

/** An alarm's kind in a word, for the badge (the message says the rest). */
const ROTULO: Record<TipoAlarme, string> = {
  dispositivo_offline: "Offline",
  porta_forcada: "Porta forçada",
  porta_aberta_demais: "Porta aberta",
  liberacao_indevida: "Liberação indevida",
  eventos_perdidos: "Eventos perdidos",
};

/** When, where, what, and who acknowledged it — or the 'Ciente' button. */
export function AlarmesTable({ rows }: { rows: Alarme[] }) {
  const ciente = useCienteDoAlarme();
  const columns: DataColumn<Alarme>[] = [
    { header: "Alarme", card: "title", className: "font-medium text-slate-900", cell: (a) => a.mensagem },
    { header: "Tipo", card: "status", cell: (a) => <Badge variant={a.ciente_em ? "grey" : "red"}>{ROTULO[a.tipo]}</Badge> },
    { header: "Condomínio", cell: (a) => a.condominio.nome },
    { header: "Dispositivo", cell: (a) => a.dispositivo?.nome ?? "—" },
    {
      header: "Quando",
      className: "whitespace-nowrap tabular-nums",
      cell: (a) => `${formatDateTime(a.criado_em)}${a.encerrado_em ? ` (encerrado ${formatDateTime(a.encerrado_em)})` : ""}`,
    },
    {
      header: "Ciente",
      card: "actions",
      cell: (a) =>
        a.ciente_em ? (
          <span className="text-sm text-slate-700">
            {a.ciente_por_nome} em {formatDateTime(a.ciente_em)}
          </span>
        ) : (
          <CienteButton mensagem={a.mensagem} pending={ciente.isPending} onCiente={(callbacks) => ciente.mutate(a.id, callbacks)} />
        ),
    },
  ];
  return <DataTable label="Alarmes" columns={columns} rows={rows} total={rows.length} rowKey={(a) => a.id} empty="Nenhum alarme" />;
}
