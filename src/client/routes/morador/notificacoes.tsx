import { PreferenciasDaUnidade } from "~/features/morador/notificacoes";
import { useMoradorContexto } from "~/features/morador/contexto";
import type { Route } from "./+types/notificacoes";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Notificações | Área do Morador" }, { name: "robots", content: "noindex" }];
}

/**
 * 'Notificações' (gate-operation-spec §3.2): the channels, quiet hours and the standing rule of
 * the unit chosen in the header (each unit its own).
 */
export default function Notificacoes() {
  const { unidade } = useMoradorContexto();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Notificações</h1>
        <p className="text-slate-700 [overflow-wrap:anywhere]">
          <span className="font-semibold text-slate-900">{unidade.rotulo}</span> · {unidade.condominio}
        </p>
      </div>
      <PreferenciasDaUnidade unidadeId={unidade.unidade_id} />
    </div>
  );
}
