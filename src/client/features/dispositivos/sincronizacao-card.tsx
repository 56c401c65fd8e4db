import { useQuery } from "@tanstack/react-query";
import { RefreshCcw } from "lucide-react";
import { DISPOSITIVOS_TEXTOS, ESTADO_SINCRONIZACAO_ROTULO, textoDoResumoSincronizacao, type Dispositivo } from "@shared/schemas/dispositivos";
import { formatDateTime } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { toast, toastApiError } from "~/lib/toast";
import { sincronizacaoQuery, useSincronizarAgora } from "./api";

const TOM = { sincronizado: "green", pendente: "grey", falhou: "red" } as const;

/**
 * 'Sincronizar agora' and who the device holds (gate-operation-spec §2.4): per person,
 * 'Sincronizado', 'Pendente' or 'Falhou: <the vendor's reason>'. A removal shows as pending until
 * the device's own list no longer holds the person.
 */
export function SincronizacaoCard({ dispositivo }: { dispositivo: Pick<Dispositivo, "id" | "conexao" | "ativo"> }) {
  const estado = useQuery({
    ...sincronizacaoQuery(dispositivo.id),
    // A device that calls out is written as it polls: the list follows by itself while someone waits.
    refetchInterval: (q) => (dispositivo.conexao === "saida" && q.state.data?.pessoas.some((p) => p.estado === "pendente" || p.remover) ? 3000 : false),
  });
  useQueryErrorToast(estado.error, DISPOSITIVOS_TEXTOS.sincronizacao);
  const sincronizar = useSincronizarAgora();
  const pessoas = estado.data?.pessoas ?? [];
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="text-base font-semibold text-slate-900">Sincronização</h2>
        <p className="text-sm text-slate-600">
          O portal grava no dispositivo quem pode entrar (moradores ativos; o rosto só com consentimento) e tira quem não pode mais, a cada mudança e toda
          noite.
          {dispositivo.conexao === "saida" ? " Este dispositivo chama o portal: recebe as gravações quando busca os pedidos (modo push)." : ""}
          {estado.data?.sincronizado_em ? ` Última sincronização: ${formatDateTime(estado.data.sincronizado_em)}.` : " Ainda não sincronizado."}
        </p>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={sincronizar.isPending || !dispositivo.ativo}
          onClick={() =>
            sincronizar.mutate(dispositivo.id, {
              onSuccess: (resumo) =>
                toast({
                  title: resumo.em_andamento
                    ? DISPOSITIVOS_TEXTOS.sincronizando
                    : resumo.erro
                      ? DISPOSITIVOS_TEXTOS.sincronizar
                      : DISPOSITIVOS_TEXTOS.sincronizado,
                  description: textoDoResumoSincronizacao(resumo),
                  variant: resumo.erro ? "destructive" : "default",
                }),
              onError: (error) => toastApiError(DISPOSITIVOS_TEXTOS.sincronizar, error),
            })
          }
        >
          <RefreshCcw aria-hidden /> {sincronizar.isPending ? "Sincronizando..." : "Sincronizar agora"}
        </Button>
        {estado.isPending ? (
          <Loading label="Carregando sincronização..." />
        ) : pessoas.length === 0 ? (
          <p className="text-sm text-slate-600">Ninguém gravado neste dispositivo ainda.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Pessoas no dispositivo">
            {pessoas.map((p) => (
              <li key={p.usuario} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 py-1 last:border-0">
                <span className="text-slate-900">
                  {p.nome} <span className="text-slate-600">· nº {p.usuario}</span>
                </span>
                <Badge variant={TOM[p.estado]}>
                  {p.estado === "falhou" ? `Falhou: ${p.motivo ?? ""}` : p.remover ? "Removendo" : ESTADO_SINCRONIZACAO_ROTULO[p.estado]}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
