import { LIVRO_TEXTOS, TIPO_OCORRENCIA_LABEL, type Passagem } from "@shared/schemas/livro";
import { formatDateTime, formatDesde } from "@shared/time";
import { PrioridadeBadge, ondeTexto, quemQuandoTexto } from "./rotulos";

/**
 * The handover a post's next operator reads before 'Li e assumo o turno': the last shift's notes,
 * who else holds a shift there, and the items still open ('alta' first, then the oldest).
 */
export function PassagemResumo({ passagem }: { passagem: Passagem }) {
  const { ultimo_turno: ultimo, turnos_abertos: abertos, itens_em_aberto: itens, total_em_aberto: total } = passagem;
  return (
    <div className="grid gap-4 text-sm" data-testid="passagem">
      <section aria-labelledby="passagem-ultimo" className="grid gap-1.5">
        <h3 id="passagem-ultimo" className="font-semibold text-slate-900">
          Passagem do turno anterior
        </h3>
        {ultimo ? (
          <>
            <p className="text-slate-700">
              {ultimo.operador_nome}
              {ultimo.encerrado_em && `, encerrado em ${formatDateTime(ultimo.encerrado_em)}`}
            </p>
            <blockquote className="whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-900 [overflow-wrap:anywhere]">
              {ultimo.passagem}
            </blockquote>
          </>
        ) : (
          <p className="text-slate-700">{LIVRO_TEXTOS.semPassagemAnterior}</p>
        )}
      </section>
      {abertos.length > 0 && (
        <section aria-labelledby="passagem-abertos" className="grid gap-1.5">
          <h3 id="passagem-abertos" className="font-semibold text-slate-900">
            Em turno neste posto
          </h3>
          <ul className="grid gap-1 text-slate-700">
            {abertos.map((t) => (
              <li key={t.id}>
                {t.operador_nome}, desde {formatDesde(t.iniciado_em)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="passagem-itens" className="grid gap-1.5">
        <h3 id="passagem-itens" className="font-semibold text-slate-900">
          {LIVRO_TEXTOS.itensEmAberto(total)}
        </h3>
        {itens.length > 0 && (
          <ul className="grid gap-2" aria-label="Itens em aberto">
            {itens.map((o) => (
              <li key={o.id} className="grid gap-1 rounded-md border border-slate-200 p-2.5">
                <span className="flex flex-wrap items-center gap-2">
                  <PrioridadeBadge prioridade={o.prioridade} />
                  <span className="text-xs text-slate-700">{TIPO_OCORRENCIA_LABEL[o.tipo]}</span>
                </span>
                <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{o.titulo}</span>
                <span className="text-xs text-slate-700">{ondeTexto(o)}</span>
                <span className="text-xs text-slate-600">{quemQuandoTexto(o)}</span>
              </li>
            ))}
          </ul>
        )}
        {total > itens.length && <p className="text-xs text-slate-600">Mostrando os {itens.length} primeiros; os demais estão na lista abaixo.</p>}
      </section>
    </div>
  );
}
