import { useId, type ReactNode } from "react";
import { useMoradorContexto } from "~/features/morador/contexto";
import { EncomendasAguardandoResumo } from "~/features/morador/encomendas";
import { PresentesDaUnidade } from "~/features/morador/presentes";
import { SolicitacoesPendentes } from "~/features/morador/solicitacoes";
import type { Route } from "./+types/inicio";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Início | Área do Morador" }, { name: "robots", content: "noindex" }];
}

/**
 * 'Início' (gate-operation-spec §3.2): the chosen unit, then requests waiting for the resident's
 * answer, parcels waiting, and the unit's visitors inside now, in that order.
 */
export default function Inicio() {
  const { unidade } = useMoradorContexto();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Início</h1>
        <p className="text-slate-700 [overflow-wrap:anywhere]" data-testid="unidade-atual">
          <span className="font-semibold text-slate-900">{unidade.rotulo}</span> · {unidade.condominio}
        </p>
      </div>
      <Secao titulo="Aguardando sua resposta">
        <SolicitacoesPendentes unidadeId={unidade.unidade_id} vazio="Nenhum pedido aguardando." />
      </Secao>
      <Secao titulo="Encomendas aguardando">
        <EncomendasAguardandoResumo unidadeId={unidade.unidade_id} />
      </Secao>
      <Secao titulo="Visitantes na unidade agora">
        <PresentesDaUnidade unidadeId={unidade.unidade_id} />
      </Secao>
    </div>
  );
}

function Secao({ titulo, vazio, children }: { titulo: string; vazio?: string; children?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {titulo}
      </h2>
      {children ?? <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{vazio}</p>}
    </section>
  );
}
