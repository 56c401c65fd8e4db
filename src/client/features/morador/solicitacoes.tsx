import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { SUCCESS_TITLE } from "@shared/messages";
import { MORADOR_TEXTOS } from "@shared/schemas/morador";
import { SOLICITACOES_TEXTOS, type Solicitacao } from "@shared/schemas/solicitacoes";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { toast, toastApiError } from "~/lib/toast";
import { solicitacoesDoMoradorQuery, useResponderSolicitacao, useSolicitacoesAoVivo } from "./api";
import { BotoesDeResposta, type Resposta } from "./botoes-resposta";

/**
 * 'Aguardando sua resposta' (gate-operation-spec §3.3): the gate asks whether to let someone in;
 * the first answer of the unit's residents wins. Only the chosen unit's requests are listed.
 */
export function SolicitacoesPendentes({ unidadeId, vazio }: { unidadeId: string; vazio: string }) {
  const query = useQuery(solicitacoesDoMoradorQuery());
  useSolicitacoesAoVivo();
  useQueryErrorToast(query.error, MORADOR_TEXTOS.carregar);
  const rows = (query.data?.rows ?? []).filter((s) => s.unidade_id === unidadeId);
  if (rows.length === 0)
    return <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{vazio}</p>;
  return (
    <ul className="grid gap-3">
      {rows.map((s) => (
        <li key={s.id}>
          <CartaoSolicitacao solicitacao={s} />
        </li>
      ))}
    </ul>
  );
}

function CartaoSolicitacao({ solicitacao }: { solicitacao: Solicitacao }) {
  const titleId = useId();
  const responder = useResponderSolicitacao();

  function enviar(resposta: Resposta, mensagem: string | null) {
    responder.mutate(
      { solicitacao_id: solicitacao.id, resposta, mensagem },
      {
        onSuccess: () => toast({ title: SUCCESS_TITLE.respostaEnviada, variant: "success" }),
        onError: (error) => toastApiError(SOLICITACOES_TEXTOS.responder, error),
      },
    );
  }

  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {solicitacao.tipo_pessoa === "entrega" ? "Entrega na portaria" : "Visitante na portaria"}
      </h3>
      <p className="text-slate-800 [overflow-wrap:anywhere]">
        {solicitacao.nome_visitante} está na portaria para {solicitacao.unidade}. Liberar a entrada?
      </p>
      <BotoesDeResposta pendente={responder.isPending} enviar={enviar} />
    </article>
  );
}
