import { LogOut } from "lucide-react";
import { formatPlaca } from "@shared/br/placa";
import type { Presenca } from "@shared/schemas/controle-acesso";
import { unidadeLabel } from "@shared/schemas/unidades";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ListError, Loading } from "~/components/ui/query-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { formatDuracao, formatEntrada, TIPO_PESSOA_LABEL, useNow } from "./format";

/**
 * 'Quem está no condomínio' (§3): everyone inside now, with the time inside (renewed every
 * minute) and 'Registrar saída'; someone inside past the limit is flagged 'Saída não registrada'.
 */
export function PresentesPanel({
  rows,
  loading,
  error,
  pending,
  onSaida,
}: {
  rows: readonly Presenca[] | undefined;
  loading: boolean;
  error: unknown;
  pending: boolean;
  onSaida: (presenca: Presenca) => void;
}) {
  const now = useNow();
  return (
    <Card role="region" aria-labelledby="quem-esta-titulo">
      <CardHeader className="flex-row items-baseline justify-between gap-3">
        <h2 id="quem-esta-titulo" className="text-lg font-semibold leading-tight">
          Quem está no condomínio
        </h2>
        {rows && (
          <span className="text-sm text-slate-600">
            {rows.length} {rows.length === 1 ? "pessoa" : "pessoas"}
          </span>
        )}
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {error ? (
          <ListError error={error} />
        ) : loading || !rows ? (
          <Loading />
        ) : rows.length === 0 ? (
          <p className="px-6 py-8 text-center text-sm text-slate-600">Ninguém no condomínio agora</p>
        ) : (
          <Table aria-labelledby="quem-esta-titulo">
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead>Tipo</TableHead>
                <TableHead>Unidade</TableHead>
                <TableHead>Placa</TableHead>
                <TableHead>Entrada</TableHead>
                <TableHead>Tempo no condomínio</TableHead>
                <TableHead>
                  <span className="sr-only">Ações</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((p) => (
                <TableRow key={p.id} data-saida-nao-registrada={p.saida_nao_registrada || undefined} className={cn(p.saida_nao_registrada && "bg-amber-50")}>
                  <TableCell className="font-medium text-slate-900">
                    <span id={`presenca-${p.id}`}>{p.nome_pessoa}</span>
                    {p.saida_nao_registrada && (
                      <Badge variant="red" className="ml-2">
                        Saída não registrada
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>{TIPO_PESSOA_LABEL[p.tipo_pessoa] ?? p.tipo_pessoa}</TableCell>
                  <TableCell>{p.unidade ? unidadeLabel(p.unidade) : "—"}</TableCell>
                  <TableCell className="font-mono">{p.placa ? formatPlaca(p.placa) : "—"}</TableCell>
                  <TableCell>{formatEntrada(p.entrou_em, now)}</TableCell>
                  <TableCell>{formatDuracao(now - new Date(p.entrou_em).getTime())}</TableCell>
                  <TableCell className="text-right">
                    <Button size="sm" variant="outline" disabled={pending} aria-describedby={`presenca-${p.id}`} onClick={() => onSaida(p)}>
                      <LogOut aria-hidden />
                      Registrar saída
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
