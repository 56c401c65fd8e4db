import { PlugZap } from "lucide-react";
import { DISPOSITIVOS_TEXTOS, type Dispositivo } from "@shared/schemas/dispositivos";
import { formatDateTime } from "@shared/time";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { toastApiError } from "~/lib/toast";
import { useTestarConexao } from "./api";

/** "adiantado 10 min", "atrasado 45 s", "certo": how far the device's clock is from the portal's. */
export function diferencaDoRelogio(segundos: number): string {
  const s = Math.abs(segundos);
  if (s < 5) return "certo";
  const quanto = s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
  return `${segundos > 0 ? "adiantado" : "atrasado"} ${quanto}`;
}

/**
 * 'Testar conexão' (gate-operation-spec §2.1): the portal signs in to the device and reads who it
 * is and what its clock says; a refusal shows the vendor's reason in pt-BR. The outcome is the
 * device's state, so the badge above changes with it.
 */
export function TesteConexaoCard({ dispositivo }: { dispositivo: Pick<Dispositivo, "id" | "conexao"> }) {
  const testar = useTestarConexao();
  const resultado = testar.data;
  const direta = dispositivo.conexao === "direta";
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="text-base font-semibold text-slate-900">Conexão</h2>
        {direta ? (
          <p className="text-sm text-slate-600">
            O portal entra no dispositivo com o usuário e a senha cadastrados e lê o modelo, a série, o firmware e o relógio.
          </p>
        ) : (
          <p className="text-sm text-slate-600">Este dispositivo chama o portal (conexão de saída): o portal não o chama pelo endereço.</p>
        )}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={!direta || testar.isPending}
          onClick={() => testar.mutate(dispositivo.id, { onError: (error) => toastApiError(DISPOSITIVOS_TEXTOS.testar, error) })}
        >
          <PlugZap aria-hidden /> {testar.isPending ? "Testando..." : "Testar conexão"}
        </Button>
        <div role="status" aria-live="polite">
          {resultado && !testar.isPending && resultado.conectado && (
            <div className="grid gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-950" data-testid="resultado-conexao">
              <p className="font-medium">Conectado em {resultado.tempo_resposta_ms} ms.</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt>Modelo</dt>
                <dd>{resultado.modelo ?? "—"}</dd>
                <dt>Série</dt>
                <dd>{resultado.serie ?? "—"}</dd>
                <dt>Firmware</dt>
                <dd>{resultado.firmware ?? "—"}</dd>
                <dt>Relógio</dt>
                <dd>
                  {resultado.relogio && resultado.diferenca_relogio_s !== null
                    ? `${formatDateTime(resultado.relogio)} (${diferencaDoRelogio(resultado.diferenca_relogio_s)})`
                    : "não informado"}
                </dd>
              </dl>
            </div>
          )}
          {resultado && !testar.isPending && !resultado.conectado && (
            <p className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-900" data-testid="resultado-conexao">
              Não conectou: {resultado.erro}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
