import { useMoradorContexto } from "~/features/morador/contexto";
import { PassesDoMorador } from "~/features/morador/visitantes";
import type { Route } from "./+types/visitantes";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Visitantes | Área do Morador" }, { name: "robots", content: "noindex" }];
}

/** 'Visitantes' (gate-operation-spec §3.2): my passes of the unit chosen in the layout. */
export default function Visitantes() {
  const { unidade } = useMoradorContexto();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Visitantes</h1>
        <p className="text-slate-700 [overflow-wrap:anywhere]" data-testid="unidade-atual">
          <span className="font-semibold text-slate-900">{unidade.rotulo}</span> · {unidade.condominio}
        </p>
      </div>
      {/* A unit switched in the layout starts its own list and form. */}
      <PassesDoMorador key={unidade.unidade_id} unidadeId={unidade.unidade_id} />
    </div>
  );
}
