import { useInfiniteQuery } from "@tanstack/react-query";
import { ArrowDownLeft, ArrowUpRight, Ban } from "lucide-react";
import { useId } from "react";
import { METODO_HISTORICO_ROTULO, MORADOR_VISITANTES_TEXTOS, TIPO_PESSOA_HISTORICO_ROTULO, type HistoricoItem } from "@shared/schemas/morador-visitantes";
import { formatDateSp } from "@shared/schemas/visitantes";
import { formatTime, today } from "@shared/time";
import { Button } from "~/components/ui/button";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { cn } from "~/lib/utils";
import { historicoQuery } from "./visitantes-api";

/** The date header of a day: 'Hoje', 'Ontem' or dd/MM/yyyy (São Paulo). */
function rotuloDoDia(dia: string): string {
  const hoje = formatDateSp(`${today()}T12:00:00Z`);
  const ontem = formatDateSp(new Date(Date.parse(`${today()}T12:00:00Z`) - 86_400_000));
  return dia === hoje ? "Hoje" : dia === ontem ? "Ontem" : dia;
}

/** The records grouped by São Paulo day, in the order given (newest first). */
function porDia(rows: readonly HistoricoItem[]): { dia: string; rows: HistoricoItem[] }[] {
  const grupos: { dia: string; rows: HistoricoItem[] }[] = [];
  for (const row of rows) {
    const dia = formatDateSp(row.registrado_em);
    const ultimo = grupos.at(-1);
    if (ultimo?.dia === dia) ultimo.rows.push(row);
    else grupos.push({ dia, rows: [row] });
  }
  return grupos;
}

/**
 * 'Histórico' (gate-operation-spec §3.2): the unit's entries, exits and refusals of the last 90
 * days, as cards under date headers, newest first; 'Carregar mais' reads the next page.
 */
export function HistoricoDaUnidade({ unidadeId }: { unidadeId: string }) {
  const query = useInfiniteQuery(historicoQuery(unidadeId));
  useQueryErrorToast(query.error, MORADOR_VISITANTES_TEXTOS.carregarHistorico);

  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} />;
  const rows = query.data.pages.flatMap((p) => p.rows);
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
        {MORADOR_VISITANTES_TEXTOS.semHistorico}
      </p>
    );

  return (
    <div className="grid gap-5">
      {porDia(rows).map((grupo) => (
        <Dia key={grupo.dia} dia={grupo.dia} rows={grupo.rows} />
      ))}
      {query.hasNextPage && (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Carregando..." : "Carregar mais"}
        </Button>
      )}
    </div>
  );
}

function Dia({ dia, rows }: { dia: string; rows: HistoricoItem[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {rotuloDoDia(dia)}
      </h2>
      <ul className="grid gap-2">
        {rows.map((r) => (
          <li key={r.id}>
            <Registro registro={r} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Registro({ registro: r }: { registro: HistoricoItem }) {
  const negado = r.resultado === "negado";
  const Icone = negado ? Ban : r.sentido === "entrada" ? ArrowDownLeft : ArrowUpRight;
  const acao = negado ? "Entrada recusada" : r.sentido === "entrada" ? "Entrada" : "Saída";
  return (
    <article data-testid="registro" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <span
        className={cn(
          "mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full",
          negado ? "bg-red-50 text-red-700" : r.sentido === "entrada" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-700",
        )}
      >
        <Icone className="h-5 w-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex items-baseline justify-between gap-2">
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{r.nome_pessoa}</span>
          <time dateTime={r.registrado_em} className="shrink-0 text-sm tabular-nums text-slate-700">
            {formatTime(r.registrado_em)}
          </time>
        </p>
        <p className={cn("text-sm", negado ? "font-medium text-red-700" : "text-slate-700")}>
          {acao} · {TIPO_PESSOA_HISTORICO_ROTULO[r.tipo_pessoa]}
        </p>
        <p className="text-xs text-slate-600">{METODO_HISTORICO_ROTULO[r.metodo]}</p>
      </div>
    </article>
  );
}
