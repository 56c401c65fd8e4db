import { Eye } from "lucide-react";
import { LIVRO_TEXTOS, REFERENCIA_OCORRENCIA_LABEL, TIPO_OCORRENCIA_LABEL, type Ocorrencia } from "@shared/schemas/livro";
import { formatDateTime } from "@shared/time";
import { Button } from "~/components/ui/button";
import { DataTable, FilteredEmpty, type DataColumn } from "~/components/ui/data-table";
import { XL_UP } from "~/lib/use-media-query";
import { PrioridadeBadge, SituacaoBadge, ondeTexto, resolvidaTexto } from "./rotulos";

const vinculo = (o: Ocorrencia) => o.referencia && `${REFERENCIA_OCORRENCIA_LABEL[o.referencia.tipo]}: ${o.referencia.descricao}`;

function Abrir({ o, onAbrir, compacta = false }: { o: Ocorrencia; onAbrir: (o: Ocorrencia) => void; compacta?: boolean }) {
  const rotulo = `Abrir ocorrência ${o.titulo}`;
  return (
    <Button variant="ghost" size={compacta ? "icon" : "sm"} onClick={() => onAbrir(o)} aria-label={rotulo} title={compacta ? rotulo : undefined}>
      <Eye aria-hidden /> {!compacta && "Abrir"}
    </Button>
  );
}

/** The book's entries (gate-operation-spec §5), open items first as the server orders them; cards below 1280 px. */
export function OcorrenciasTable({
  rows,
  total,
  onAbrir,
  onClearFilters,
}: {
  rows: Ocorrencia[];
  total?: number;
  onAbrir: (o: Ocorrencia) => void;
  onClearFilters?: () => void;
}) {
  const columns: DataColumn<Ocorrencia>[] = [
    {
      header: "Ocorrência",
      card: "title",
      className: "min-w-48",
      // The table says type and link under the title (six columns fit beside the sidebar); a card lists them.
      cell: (o) => (
        <span className="grid gap-0.5">
          <span className="font-medium text-slate-900">{o.titulo}</span>
          <span className="text-xs text-slate-600">{[TIPO_OCORRENCIA_LABEL[o.tipo], vinculo(o)].filter(Boolean).join(" · ")}</span>
        </span>
      ),
      cardCell: (o) => o.titulo,
    },
    { header: "Prioridade", cell: (o) => <PrioridadeBadge prioridade={o.prioridade} /> },
    { header: "Tipo", only: "cards", cell: (o) => TIPO_OCORRENCIA_LABEL[o.tipo] },
    { header: "Local", className: "min-w-36", cell: (o) => ondeTexto(o) },
    {
      header: "Registrada",
      className: "tabular-nums",
      cell: (o) => (
        <span className="grid">
          <span className="whitespace-nowrap">{formatDateTime(o.created_at)}</span>
          <span className="text-xs text-slate-600">por {o.criada_por_nome}</span>
        </span>
      ),
      cardCell: (o) => `${formatDateTime(o.created_at)} por ${o.criada_por_nome}`,
    },
    { header: "Vínculo", only: "cards", cell: vinculo },
    {
      header: "Situação",
      only: "table",
      cell: (o) => (
        <span className="grid min-w-32 justify-items-start gap-1">
          <SituacaoBadge situacao={o.situacao} />
          {o.resolucao && <span className="text-xs text-slate-700">{resolvidaTexto(o)}</span>}
        </span>
      ),
    },
    { header: "Situação", card: "status", only: "cards", cell: (o) => <SituacaoBadge situacao={o.situacao} /> },
    { header: "Resolução", only: "cards", cell: resolvidaTexto },
    {
      header: "Ações",
      card: "actions",
      className: "w-px",
      headClassName: "text-right",
      cell: (o) => <Abrir o={o} onAbrir={onAbrir} compacta />,
      cardCell: (o) => <Abrir o={o} onAbrir={onAbrir} />,
    },
  ];
  return (
    <DataTable
      label="Ocorrências"
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(o) => o.id}
      rowTestId={(o) => `ocorrencia-${o.id}`}
      wideFrom={XL_UP}
      empty={<FilteredEmpty text={LIVRO_TEXTOS.nenhuma} onClearFilters={onClearFilters} />}
    />
  );
}
