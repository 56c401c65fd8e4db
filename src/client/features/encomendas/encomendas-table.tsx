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

function Acoes({ e, acoes, compactas = false }: { e: Encomenda; acoes: EncomendaAcoes; compactas?: boolean }) {
  const quem = `${e.destinatario_nome} (${unidadeDaEncomenda(e)})`;
  const aguardando = e.status === "aguardando";
  const botoes = [
    { icone: Eye, texto: "Detalhes", rotulo: `Detalhes da encomenda de ${quem}`, acao: acoes.onDetalhe, mostrar: true },
    { icone: PackageCheck, texto: "Entregar", rotulo: `Entregar encomenda de ${quem}`, acao: acoes.onEntregar, mostrar: aguardando },
    { icone: Printer, texto: "Etiqueta", rotulo: `Imprimir etiqueta da encomenda de ${quem}`, acao: acoes.onEtiqueta, mostrar: aguardando },
    { icone: Undo2, texto: "Devolver", rotulo: `Devolver ao remetente a encomenda de ${quem}`, acao: acoes.onDevolver, mostrar: aguardando, perigo: true },
  ];
  return (
    <div className={compactas ? "flex flex-nowrap justify-end gap-0.5" : "flex flex-wrap justify-end gap-1"}>
      {botoes.map(
        ({ icone: Icone, texto, rotulo, acao, mostrar, perigo }) =>
          mostrar &&
          acao && (
            <Button
              key={texto}
              variant="ghost"
              size={compactas ? "icon" : "sm"}
              className={perigo ? "text-red-700 hover:bg-red-50 hover:text-red-800" : undefined}
              onClick={() => acao(e)}
              aria-label={rotulo}
              title={compactas ? rotulo : undefined}
            >
              <Icone aria-hidden /> {!compactas && texto}
            </Button>
          ),
      )}
    </div>
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
      className: "min-w-36 font-medium text-slate-900",
      cell: (e) => (
        <span className="grid">
          <span>{unidadeDaEncomenda(e)}</span>
          <span className="text-xs font-normal text-slate-600">{e.condominio.nome}</span>
        </span>
      ),
    },
    // The table keeps the carrier under the addressee (six columns fit beside the sidebar); a card lists both.
    {
      header: "Destinatário",
      className: "min-w-36",
      cell: (e) => (
        <span className="grid">
          <span>{e.destinatario_nome}</span>
          <span className="text-xs text-slate-600">
            {TRANSPORTADORA_LABEL[e.transportadora]} · {TIPO_ENCOMENDA_LABEL[e.tipo]}
          </span>
        </span>
      ),
      cardCell: (e) => e.destinatario_nome,
    },
    {
      header: "Transportadora",
      only: "cards",
      cell: (e) => (
        <span className="grid">
          <span>{TRANSPORTADORA_LABEL[e.transportadora]}</span>
          <span className="text-xs text-slate-600">{TIPO_ENCOMENDA_LABEL[e.tipo]}</span>
        </span>
      ),
    },
    { header: "Local", className: "min-w-28", cell: (e) => e.local_armazenamento ?? dash, cardCell: (e) => e.local_armazenamento },
    {
      header: "Recebida",
      className: "tabular-nums",
      cell: (e) => (
        <span className="grid">
          <span className="whitespace-nowrap">{formatDateTime(e.recebida_em)}</span>
          <span className="text-xs text-slate-600">por {e.recebida_por_nome}</span>
        </span>
      ),
    },
    // The table says the state and its end in one column (room for the actions); a card heads with the badge.
    {
      header: "Situação",
      cell: (e) => (
        <span className="grid min-w-32 justify-items-start gap-1">
          <SituacaoBadge encomenda={e} />
          <Desfecho e={e} />
        </span>
      ),
      only: "table",
    },
    { header: "Situação", card: "status", cell: (e) => <SituacaoBadge encomenda={e} />, only: "cards" },
    { header: "Retirada", cell: (e) => <Desfecho e={e} />, only: "cards" },
    {
      header: "Ações",
      card: "actions",
      className: "w-px",
      headClassName: "text-right",
      // The wide table has room for icons only (each named for screen readers and on hover); a card spells them out.
      cell: (e) => <Acoes e={e} acoes={acoes} compactas />,
      cardCell: (e) => <Acoes e={e} acoes={acoes} />,
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
