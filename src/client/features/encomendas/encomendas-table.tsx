import { Eye, PackageCheck, Printer, Undo2 } from "lucide-react";
import { ENCOMENDAS_TEXTOS, FORMA_RETIRADA_LABEL, TIPO_ENCOMENDA_LABEL, TRANSPORTADORA_LABEL, type Encomenda } from "@shared/schemas/encomendas";
import { formatDateTime } from "@shared/time";
import { Button } from "~/components/ui/button";
import { DataTable, FilteredEmpty, type DataColumn } from "~/components/ui/data-table";
import { XL_UP } from "~/lib/use-media-query";
import { aguardandoTexto, unidadeDaEncomenda } from "./format";
import { SituacaoBadge } from "./situacao";

const dash = <span className="text-slate-600">—</span>;

/** What happened to a parcel after it came: how long it waits, who took it, or why it went back. */
function Desfecho({ e }: { e: Encomenda }) {
  if (e.status === "aguardando") return <span className="font-medium text-amber-900">{aguardandoTexto(e.recebida_em)}</span>;
  if (e.status === "retirada")
    return (
      <span className="grid text-sm">
        <span>
          Retirada por <span className="font-medium">{e.retirada_por_nome}</span>
        </span>
        <span className="text-xs text-slate-600">
          {[
            e.retirada_forma && FORMA_RETIRADA_LABEL[e.retirada_forma],
            e.retirada_em && formatDateTime(e.retirada_em),
            e.entregue_por_nome && `por ${e.entregue_por_nome}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </span>
    );
  return (
    <span className="grid text-sm">
      <span>Devolvida{e.motivo_devolucao ? `: ${e.motivo_devolucao}` : ""}</span>
      <span className="text-xs text-slate-600">
        {[e.devolvida_em && formatDateTime(e.devolvida_em), e.devolvida_por_nome && `por ${e.devolvida_por_nome}`].filter(Boolean).join(" · ")}
      </span>
    </span>
  );
}

export interface EncomendaAcoes {
  onDetalhe: (e: Encomenda) => void;
  /** Present for who manages parcels: a waiting parcel can be handed out, sent back, labelled. */
  onEntregar?: (e: Encomenda) => void;
  onDevolver?: (e: Encomenda) => void;
  onEtiqueta?: (e: Encomenda) => void;
}

/** The parcels (gate-operation-spec §4), newest first; cards below 1280 px. */
export function EncomendasTable({
  rows,
  total,
  situacao,
  acoes,
  onClearFilters,
}: {
  rows: Encomenda[];
  total?: number;
  situacao: string;
  acoes: EncomendaAcoes;
  onClearFilters?: () => void;
}) {
  const columns: DataColumn<Encomenda>[] = [
    {
      header: "Unidade",
      card: "title",
      className: "font-medium text-slate-900",
      cell: (e) => (
        <span className="grid">
          <span>{unidadeDaEncomenda(e)}</span>
          <span className="text-xs font-normal text-slate-600">{e.condominio.nome}</span>
        </span>
      ),
    },
    { header: "Destinatário", cell: (e) => e.destinatario_nome },
    {
      header: "Transportadora",
      cell: (e) => (
        <span className="grid">
          <span>{TRANSPORTADORA_LABEL[e.transportadora]}</span>
          <span className="text-xs text-slate-600">{TIPO_ENCOMENDA_LABEL[e.tipo]}</span>
        </span>
      ),
    },
    { header: "Local", cell: (e) => e.local_armazenamento ?? dash, cardCell: (e) => e.local_armazenamento },
    {
      header: "Recebida",
      className: "whitespace-nowrap tabular-nums",
      cell: (e) => (
        <span className="grid">
          <span>{formatDateTime(e.recebida_em)}</span>
          <span className="text-xs text-slate-600">por {e.recebida_por_nome}</span>
        </span>
      ),
    },
    { header: "Situação", card: "status", cell: (e) => <SituacaoBadge encomenda={e} /> },
    { header: "Retirada", cell: (e) => <Desfecho e={e} /> },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (e) => {
        const quem = `${e.destinatario_nome} (${unidadeDaEncomenda(e)})`;
        const aguardando = e.status === "aguardando";
        return (
          <div className="flex flex-wrap justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={() => acoes.onDetalhe(e)} aria-label={`Detalhes da encomenda de ${quem}`}>
              <Eye aria-hidden /> Detalhes
            </Button>
            {aguardando && acoes.onEntregar && (
              <Button variant="ghost" size="sm" onClick={() => acoes.onEntregar!(e)} aria-label={`Entregar encomenda de ${quem}`}>
                <PackageCheck aria-hidden /> Entregar
              </Button>
            )}
            {aguardando && acoes.onEtiqueta && (
              <Button variant="ghost" size="sm" onClick={() => acoes.onEtiqueta!(e)} aria-label={`Imprimir etiqueta da encomenda de ${quem}`}>
                <Printer aria-hidden /> Etiqueta
              </Button>
            )}
            {aguardando && acoes.onDevolver && (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => acoes.onDevolver!(e)}
                aria-label={`Devolver ao remetente a encomenda de ${quem}`}
              >
                <Undo2 aria-hidden /> Devolver
              </Button>
            )}
          </div>
        );
      },
    },
  ];
  return (
    <DataTable
      label="Encomendas"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(e) => e.id}
      rowTestId={(e) => `encomenda-${e.id}`}
      wideFrom={XL_UP}
      empty={<FilteredEmpty text={situacao === "aguardando" ? ENCOMENDAS_TEXTOS.nenhuma : "Nenhuma encomenda encontrada"} onClearFilters={onClearFilters} />}
    />
  );
}
