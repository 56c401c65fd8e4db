import { useQuery } from "@tanstack/react-query";
import { FileBarChart } from "lucide-react";
import type { PainelAcessos } from "@shared/schemas/painel";
import { PATHS } from "~/lib/paths";
import { formatCount } from "./format";
import { SecaoCard } from "./secao-card";
import { painelAcessosQuery } from "./queries";

/**
 * The painel's 'Relatórios' card for who may read the access records (issue 15): today's entries,
 * refusals and the people inside now for the chosen condominium, a small chart of entries per hour
 * of São Paulo, and the way to Registros.
 */
export function AcessosCard({ condominioId }: { condominioId: string }) {
  const query = useQuery(painelAcessosQuery(condominioId));
  return (
    <SecaoCard
      id="painel-relatorios"
      icone={FileBarChart}
      titulo="Relatórios — hoje na portaria"
      link={{ to: PATHS.registros, rotulo: "Ver registros" }}
      query={query}
    >
      {(dados) => <Resumo dados={dados} />}
    </SecaoCard>
  );
}

function Resumo({ dados }: { dados: PainelAcessos }) {
  const numbers = [
    { label: "Entradas hoje", value: dados.entradas_hoje },
    { label: "Acessos negados hoje", value: dados.recusas_hoje },
    { label: "No condomínio agora", value: dados.dentro_agora },
  ];
  const max = Math.max(1, ...dados.entradas_por_hora);
  const busiest = dados.entradas_por_hora.indexOf(Math.max(...dados.entradas_por_hora));
  const summary =
    dados.entradas_hoje === 0
      ? "Nenhuma entrada hoje."
      : `Entradas por hora hoje; o maior movimento foi às ${String(busiest).padStart(2, "0")}h, com ${formatCount(dados.entradas_por_hora[busiest]!)}.`;
  return (
    <div className="grid gap-6 lg:grid-cols-[auto_1fr] lg:items-end">
      <dl className="grid grid-cols-3 gap-4 lg:gap-8">
        {numbers.map((n) => (
          <div key={n.label} className="grid gap-1">
            <dt className="text-sm text-slate-600">{n.label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{formatCount(n.value)}</dd>
          </div>
        ))}
      </dl>
      <figure className="grid gap-1">
        <div className="flex h-20 items-end gap-0.5" role="img" aria-label={summary}>
          {dados.entradas_por_hora.map((n, hour) => (
            <div
              key={hour}
              className="flex-1 rounded-t bg-brand-600"
              style={{ height: `${Math.max(n ? 6 : 2, Math.round((n / max) * 100))}%`, opacity: n ? 1 : 0.25 }}
              title={`${String(hour).padStart(2, "0")}h: ${formatCount(n)}`}
            />
          ))}
        </div>
        <figcaption className="flex justify-between text-xs text-slate-600">
          <span>0h</span>
          <span>Entradas por hora</span>
          <span>23h</span>
        </figcaption>
      </figure>
    </div>
  );
}
