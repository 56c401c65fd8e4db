import { PencilLine } from "lucide-react";
import { useState } from "react";
import { formatPlaca } from "@shared/br/placa";
import {
  METODO_LABEL,
  resultadoLabel,
  SENTIDO_LABEL,
  TIPO_PESSOA_LABEL,
  type CorrecaoDoRegistro,
  type CorrecaoFeita,
  type RegistroListItem,
} from "@shared/schemas/registros";
import { unidadeLabel } from "@shared/schemas/unidades";
import { formatDateTime } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { useAuth } from "~/lib/auth";
import { XL_UP } from "~/lib/use-media-query";
import { CorrigirRegistroDialog, PERMISSOES_CORRECAO } from "./corrigir-registro";

const dash = <span className="text-slate-600">—</span>;
/**
 * Words wrap between them, not inside ('Visit ante'): the table's cells break anywhere, which lets
 * the layout squeeze a column to one letter. With this the ten columns fit 1280 px.
 */
const WORDS = "![overflow-wrap:break-word]";

/** What was wrong and what is right (removed with the personal data by the retention job). */
function Textos({ errado, certo }: { errado: string | null; certo: string | null }) {
  if (errado === null || certo === null) return <span className="block text-slate-600">Texto anonimizado.</span>;
  return (
    <>
      <span className="block whitespace-pre-line">Estava errado: {errado}</span>
      <span className="block whitespace-pre-line">Correto: {certo}</span>
    </>
  );
}

/** A correction row: which record it corrects. */
function CorrigeOutro({ correcao }: { correcao: CorrecaoDoRegistro }) {
  return (
    <span className="mt-1 grid gap-0.5 text-xs font-normal text-slate-700" data-testid="correcao">
      <span>
        <Badge variant="yellow">Correção</Badge> do registro de {formatDateTime(correcao.corrige.registrado_em)} ({correcao.corrige.nome_pessoa})
      </span>
      <Textos errado={correcao.errado} certo={correcao.certo} />
    </span>
  );
}

/** The corrections of a record, next to it. */
function Correcoes({ correcoes }: { correcoes: readonly CorrecaoFeita[] }) {
  return (
    <span className="mt-1 grid gap-1.5 text-xs font-normal text-slate-700" data-testid="correcoes">
      {correcoes.map((c) => (
        <span key={c.id} className="grid gap-0.5 border-l-2 border-amber-400 pl-2">
          <span className="font-medium text-slate-900">
            Corrigido em {formatDateTime(c.registrado_em)}
            {c.operador_nome ? ` por ${c.operador_nome}` : ""}
          </span>
          <Textos errado={c.errado} certo={c.certo} />
        </span>
      ))}
    </span>
  );
}

const correcaoDe = (r: RegistroListItem) =>
  r.correcao ? <CorrigeOutro correcao={r.correcao} /> : r.correcoes.length > 0 ? <Correcoes correcoes={r.correcoes} /> : null;

const pessoa = (r: RegistroListItem) => (
  <>
    {r.nome_pessoa}
    {r.documento && <span className="block text-xs font-normal text-slate-600">{r.documento}</span>}
  </>
);

const resultado = (r: RegistroListItem) => <Badge variant={r.resultado === "negado" ? "red" : "green"}>{resultadoLabel(r)}</Badge>;

/** Who authorised it: the resident of a walk-in, or who let in someone refused ('Liberar mesmo assim'). */
const autorizadoPor = (r: RegistroListItem) => r.autorizado_por;

const baseColumns: DataColumn<RegistroListItem>[] = [
  { header: "Data e hora", className: "whitespace-nowrap tabular-nums", cell: (r) => formatDateTime(r.registrado_em) },
  {
    header: "Pessoa",
    card: "title",
    className: `font-medium text-slate-900 ${WORDS}`,
    cell: (r) => (
      <>
        {pessoa(r)}
        {correcaoDe(r)}
      </>
    ),
    cardCell: pessoa,
  },
  { header: "Tipo", className: WORDS, cell: (r) => TIPO_PESSOA_LABEL[r.tipo_pessoa] },
  {
    header: "Unidade",
    className: "whitespace-nowrap",
    cell: (r) => (r.unidade ? unidadeLabel(r.unidade) : dash),
  },
  { header: "Placa", className: "whitespace-nowrap font-mono", cell: (r) => (r.placa ? formatPlaca(r.placa) : dash) },
  { header: "Sentido", className: WORDS, cell: (r) => SENTIDO_LABEL[r.sentido] },
  {
    header: "Resultado",
    card: "status",
    className: WORDS,
    cell: (r) => (
      <>
        {resultado(r)}
        {r.motivo && <span className="mt-1 block text-xs text-slate-700">{r.motivo}</span>}
        {r.autorizado_por && <span className="mt-1 block text-xs text-slate-700">Autorizado por: {r.autorizado_por}</span>}
      </>
    ),
    // On a phone the reason gets the card's width (below), not half of it.
    cardCell: resultado,
  },
  // A phone's card: the reason, who authorised and the correction as their own lines, full width.
  { header: "Motivo", only: "cards", cell: (r) => r.motivo },
  { header: "Autorizado por", only: "cards", cell: autorizadoPor },
  { header: "Método", className: WORDS, cell: (r) => METODO_LABEL[r.metodo] },
  { header: "Operador", className: WORDS, cell: (r) => r.operador_nome || dash },
  { header: "Correção", only: "cards", cell: correcaoDe },
];

/** The access records (gatehouse-spec §5), newest first; virtualized by DataTable. */
export function RegistrosTable({ rows, total, onClearFilters }: { rows: RegistroListItem[]; total?: number; onClearFilters?: () => void }) {
  const { can } = useAuth();
  const [corrigindo, setCorrigindo] = useState<RegistroListItem | null>(null);
  const podeCorrigir = PERMISSOES_CORRECAO.every((permission) => can(permission));
  // A correction is corrected by correcting its original again (docs/decisions/0004).
  const corrigir = (r: RegistroListItem, icone: boolean) => {
    if (r.corrige_registro_id) return null;
    const label = `Corrigir registro de ${r.nome_pessoa}, ${formatDateTime(r.registrado_em)}`;
    return (
      <div className="flex justify-end">
        <Button variant="ghost" size={icone ? "icon" : "sm"} onClick={() => setCorrigindo(r)} aria-label={label} title={icone ? label : undefined}>
          <PencilLine aria-hidden />
          {!icone && "Corrigir"}
        </Button>
      </div>
    );
  };
  const columns: DataColumn<RegistroListItem>[] = podeCorrigir
    ? [
        ...baseColumns,
        {
          header: "Ações",
          card: "actions",
          headClassName: "text-right",
          // The table's is the icon alone (named for the screen reader and on hover): room for the ten columns.
          cell: (r) => corrigir(r, true),
          cardCell: (r) => corrigir(r, false),
        },
      ]
    : baseColumns;
  return (
    <>
      <DataTable
        label="Registros de acesso"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(r) => r.id}
        rowTestId={(r) => `registro-${r.id}`}
        // Ten columns do not fit a tablet: cards below 1280 px (the sidebar takes its part), every action in reach.
        wideFrom={XL_UP}
        className="[&_td]:px-2 [&_td:first-child]:pl-4 [&_th]:px-2 [&_th:first-child]:pl-4"
        empty={
          <>
            <p>Nenhum registro encontrado</p>
            {onClearFilters && (
              <Button variant="link" className="mt-1 h-auto p-0" onClick={onClearFilters}>
                Limpar filtros
              </Button>
            )}
          </>
        }
      />
      <CorrigirRegistroDialog registro={corrigindo} onClose={() => setCorrigindo(null)} />
    </>
  );
}
