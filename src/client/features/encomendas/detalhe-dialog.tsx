import { useQuery } from "@tanstack/react-query";
import {
  ENCOMENDAS_TEXTOS,
  FORMA_RETIRADA_LABEL,
  STATUS_ENCOMENDA_LABEL,
  TIPO_ENCOMENDA_LABEL,
  TIPO_EVENTO_ENCOMENDA_LABEL,
  TRANSPORTADORA_LABEL,
  idCurto,
  type EncomendaDetalhe,
} from "@shared/schemas/encomendas";
import { formatDateTime } from "@shared/time";
import { DetailList, type DetailLine } from "~/components/ui/detail-list";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { encomendaQuery } from "./api";
import { SituacaoBadge } from "./situacao";
import { unidadeDaEncomenda } from "./format";

/** A parcel in full and its custody (recebida, notificada, retirada, devolvida), oldest first. */
export function DetalheDialog({ encomendaId, onClose }: { encomendaId: string | null; onClose: () => void }) {
  return (
    <Dialog open={encomendaId !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>Encomenda {encomendaId ? idCurto(encomendaId) : ""}</DialogTitle>
          <DialogDescription>Dados da encomenda e o histórico de custódia.</DialogDescription>
        </div>
        {encomendaId && <Detalhe id={encomendaId} />}
      </DialogContent>
    </Dialog>
  );
}

function Detalhe({ id }: { id: string }) {
  const query = useQuery(encomendaQuery(id));
  useQueryErrorToast(query.error, ENCOMENDAS_TEXTOS.naoEncontrada);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} />;
  return <Dados e={query.data} />;
}

function Dados({ e }: { e: EncomendaDetalhe }) {
  const linhas: DetailLine[] = [
    ["Situação", <SituacaoBadge key="s" encomenda={e} />],
    ["Condomínio", e.condominio.nome],
    ["Unidade", unidadeDaEncomenda(e)],
    ["Destinatário", e.destinatario_nome],
    ["Transportadora", TRANSPORTADORA_LABEL[e.transportadora]],
    ["Tipo", TIPO_ENCOMENDA_LABEL[e.tipo]],
    ["Código de rastreio", e.codigo_rastreio],
    ["Local", e.local_armazenamento],
    ["Observação", e.observacoes],
    ["Recebida", `${formatDateTime(e.recebida_em)} por ${e.recebida_por_nome}`],
  ];
  if (e.retirada_em)
    linhas.push(
      ["Retirada por", [e.retirada_por_nome, e.retirada_por_documento && `doc. ${e.retirada_por_documento}`].filter(Boolean).join(", ")],
      [
        "Entregue",
        `${formatDateTime(e.retirada_em)}${e.entregue_por_nome ? ` por ${e.entregue_por_nome}` : ""}${e.retirada_forma ? ` (${FORMA_RETIRADA_LABEL[e.retirada_forma]})` : ""}`,
      ],
    );
  if (e.devolvida_em)
    linhas.push(
      ["Devolvida", `${formatDateTime(e.devolvida_em)}${e.devolvida_por_nome ? ` por ${e.devolvida_por_nome}` : ""}`],
      ["Motivo", e.motivo_devolucao],
    );
  return (
    <div className="grid gap-6">
      <DetailList lines={linhas} className="text-sm" />
      <section aria-labelledby="custodia-titulo" className="grid gap-2">
        <h3 id="custodia-titulo" className="text-sm font-semibold text-slate-900">
          Custódia ({STATUS_ENCOMENDA_LABEL[e.status]})
        </h3>
        <ol className="grid gap-2 border-l-2 border-slate-200 pl-4" aria-label="Eventos de custódia">
          {e.eventos.map((ev) => (
            <li key={ev.seq} className="grid text-sm">
              <span className="font-medium text-slate-900">
                {TIPO_EVENTO_ENCOMENDA_LABEL[ev.tipo]} · {formatDateTime(ev.registrado_em)}
              </span>
              <span className="text-slate-700">{ev.descricao}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
