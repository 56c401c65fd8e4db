import { queryOptions, useQuery } from "@tanstack/react-query";
import { Package } from "lucide-react";
import { Link } from "react-router";
import { ENCOMENDAS_TEXTOS, diasAguardando, type EncomendasAguardando } from "@shared/schemas/encomendas";
import { api } from "~/lib/api";
import { PATHS } from "~/lib/paths";
import { queryKeys } from "~/lib/query-keys";
import { formatCount } from "./format";
import { SecaoCard } from "./secao-card";

/** The parcels waiting per condominium of the user; refreshed every minute (other operators receive too). */
const encomendasAguardandoQuery = () =>
  queryOptions({
    queryKey: queryKeys.encomendasAguardando,
    queryFn: ({ signal }) => api.GET("/api/encomendas/aguardando", { signal }),
    refetchInterval: 60_000,
  });

/**
 * The painel's 'Encomendas aguardando' card (gate-operation-spec §4): per condominium, how many
 * parcels wait and for how long the oldest has, each a link to that condominium's waiting list.
 */
export function EncomendasCard() {
  const query = useQuery(encomendasAguardandoQuery());
  return (
    <SecaoCard id="painel-encomendas" icone={Package} titulo="Encomendas aguardando" link={{ to: PATHS.encomendas, rotulo: "Ver encomendas" }} query={query}>
      {(dados) => <PorCondominio dados={dados} />}
    </SecaoCard>
  );
}

function PorCondominio({ dados }: { dados: EncomendasAguardando }) {
  if (dados.rows.length === 0) return <p className="text-sm text-slate-600">{ENCOMENDAS_TEXTOS.nenhuma}.</p>;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        <span className="text-2xl font-bold text-slate-900">{formatCount(dados.total)}</span> {dados.total === 1 ? "encomenda" : "encomendas"} na portaria
      </p>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {dados.rows.map((r) => (
          <li key={r.condominio.id}>
            <Link
              to={PATHS.encomendasDoCondominio(r.condominio.id)}
              className="grid gap-0.5 rounded-md border border-slate-200 p-3 hover:border-brand-500 hover:bg-brand-50"
            >
              <span className="font-medium text-slate-900">{r.condominio.nome}</span>
              <span className="text-sm text-slate-700">
                {formatCount(r.aguardando)} {r.aguardando === 1 ? "encomenda" : "encomendas"}
              </span>
              <span className="text-xs text-slate-600">{ENCOMENDAS_TEXTOS.aguardandoHa(diasAguardando(r.mais_antiga_em))} (a mais antiga)</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
