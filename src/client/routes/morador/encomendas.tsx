import { useMoradorContexto } from "~/features/morador/contexto";
import { EncomendasDaUnidade } from "~/features/morador/encomendas";
import type { Route } from "./+types/encomendas";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Encomendas | Área do Morador" }, { name: "robots", content: "noindex" }];
}

/** 'Encomendas' (gate-operation-spec §3.2): the chosen unit's parcels waiting, with code and QR, and picked up. */
export default function Encomendas() {
  const { unidade } = useMoradorContexto();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Encomendas</h1>
        <p className="text-slate-700 [overflow-wrap:anywhere]" data-testid="unidade-atual">
          <span className="font-semibold text-slate-900">{unidade.rotulo}</span> · {unidade.condominio}
        </p>
      </div>
      <EncomendasDaUnidade key={unidade.unidade_id} unidadeId={unidade.unidade_id} />
    </div>
  );
}
