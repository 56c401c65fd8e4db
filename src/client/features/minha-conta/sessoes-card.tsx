import { useQuery } from "@tanstack/react-query";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { useId } from "react";
import { formatDateTime } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { saveCallbacks } from "~/lib/save-callbacks";
import { sessoesQueryOptions, useEndOtherSessions } from "./api";
import { ERROR_TITLE, MSG_WITH } from "@shared/messages";
import { toastContent } from "~/lib/toast";

/** Minha conta: the account's open sessions (device, last use) and ending all the others. */
export function SessoesCard() {
  const uid = useId();
  const query = useQuery(sessoesQueryOptions());
  useQueryErrorToast(query.error, ERROR_TITLE.buscarSessoes);
  const endOthers = useEndOtherSessions();
  const rows = query.data?.rows ?? [];
  const others = rows.filter((s) => !s.atual).length;

  function endAll() {
    endOthers.mutate(
      undefined,
      saveCallbacks({
        success: ({ encerradas }) => toastContent(MSG_WITH.sessoesEncerradas(encerradas)),
        error: ERROR_TITLE.encerrarSessoes,
      }),
    );
  }

  return (
    <Card aria-labelledby={`${uid}-titulo`} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <h3 id={`${uid}-titulo`} className="flex items-center gap-2 text-lg font-semibold leading-tight">
            <MonitorSmartphone className="h-5 w-5 text-brand-600" aria-hidden /> Sessões abertas
          </h3>
          <p className="text-sm text-slate-600">
            Onde a sua conta está conectada agora.
            {query.data && ` Uma sessão termina após ${query.data.inatividade_minutos} minutos sem uso.`}
          </p>
        </div>
        <Button variant="outline" onClick={endAll} disabled={others === 0 || endOthers.isPending}>
          <LogOut aria-hidden /> {endOthers.isPending ? "Encerrando..." : "Encerrar outras sessões"}
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Loading label="Carregando sessões..." />
        ) : query.isError ? (
          <ListError error={query.error} />
        ) : (
          <ul className="grid gap-2" aria-label="Sessões abertas">
            {rows.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
                <div className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {s.dispositivo}
                    {s.atual && <Badge variant="green">Esta sessão</Badge>}
                  </span>
                  <span className="text-sm text-slate-600">
                    Último uso: {formatDateTime(s.ultimo_uso)}
                    {s.ip ? ` · IP ${s.ip}` : ""}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
