import { useMoradorContexto } from "~/features/morador/contexto";
import { HistoricoDaUnidade } from "~/features/morador/historico";
import type { Route } from "./+types/historico";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Histórico | Área do Morador" }, { name: "robots", content: "noindex" }];
}

/** 'Histórico' (gate-operation-spec §3.2): the chosen unit's entries, exits and refusals of the last 90 days. */
export default function Historico() {
  const { unidade } = useMoradorContexto();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Histórico</h1>
        <p className="text-slate-700 [overflow-wrap:anywhere]" data-testid="unidade-atual">
          <span className="font-semibold text-slate-900">{unidade.rotulo}</span> · {unidade.condominio} · últimos 90 dias
        </p>
      </div>
      <HistoricoDaUnidade key={unidade.unidade_id} unidadeId={unidade.unidade_id} />
    </div>
  );
}
