import { useQuery } from "@tanstack/react-query";
import { MORADOR_VISITANTES_TEXTOS, TIPO_PESSOA_HISTORICO_ROTULO } from "@shared/schemas/morador-visitantes";
import { formatDesde } from "@shared/time";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { presentesQuery } from "./visitantes-api";

/** 'Visitantes na unidade agora' (gate-operation-spec §3.2, Início): who came to my unit and has not left. */
export function PresentesDaUnidade({ unidadeId }: { unidadeId: string }) {
  const query = useQuery(presentesQuery(unidadeId));
  useQueryErrorToast(query.error, MORADOR_VISITANTES_TEXTOS.carregarPresentes);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} />;
  if (query.data.rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
        {MORADOR_VISITANTES_TEXTOS.semPresentes}
      </p>
    );
  return (
    <ul className="grid gap-2">
      {query.data.rows.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
          <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{p.nome_pessoa}</span>
          <span className="text-sm text-slate-700">
            {TIPO_PESSOA_HISTORICO_ROTULO[p.tipo_pessoa]} · desde {formatDesde(p.entrou_em)}
          </span>
        </li>
      ))}
    </ul>
  );
}
