import { useQuery } from "@tanstack/react-query";
import { DISPOSITIVOS_TEXTOS, TIPO_EVENTO_ROTULO, type EventoDispositivo } from "@shared/schemas/dispositivos";
import { formatDateTime } from "@shared/time";
import { Card, CardContent } from "~/components/ui/card";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { eventosDoDispositivoQuery } from "./api";

/** One line: what happened, at which door, and for an identification who and with what outcome. */
function descricao(e: EventoDispositivo): string {
  const porta = e.porta ? ` · ${e.porta}` : "";
  if (e.tipo !== "identificacao") return `${TIPO_EVENTO_ROTULO[e.tipo]}${porta}`;
  const como = e.meio ? ` por ${e.meio}` : "";
  const resultado = e.resultado === "liberado" ? "liberado" : e.resultado === "negado" ? `negado${e.motivo ? ` (${e.motivo.replace(/\.$/, "")})` : ""}` : "";
  return `${e.pessoa ?? "Não identificado"}${como}: ${resultado}${porta}`;
}

/**
 * 'Eventos recentes' (gate-operation-spec §2.1): what the device reported lately, the field
 * technician's proof that the integration address works.
 */
export function EventosCard({ dispositivoId }: { dispositivoId: string }) {
  const eventos = useQuery(eventosDoDispositivoQuery(dispositivoId));
  useQueryErrorToast(eventos.error, DISPOSITIVOS_TEXTOS.eventos);
  const lista = eventos.data?.eventos ?? [];
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="text-base font-semibold text-slate-900">Eventos recentes</h2>
        {eventos.isPending ? (
          <Loading label="Carregando eventos..." />
        ) : lista.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum evento recebido deste dispositivo ainda.</p>
        ) : (
          <ol className="grid gap-1 text-sm" aria-label="Eventos recentes do dispositivo">
            {lista.map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-3 border-b border-slate-100 py-1 last:border-0">
                <time dateTime={e.ocorrido_em} className="tabular-nums text-slate-600">
                  {formatDateTime(e.ocorrido_em)}
                </time>
                <span className="text-slate-900">{descricao(e)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
