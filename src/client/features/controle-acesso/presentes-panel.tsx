import { ChevronRight, LogOut } from "lucide-react";
import { useId, useState } from "react";
import { formatPlaca } from "@shared/br/placa";
import type { Presenca } from "@shared/schemas/controle-acesso";
import { unidadeLabel } from "@shared/schemas/unidades";
import { formatDesde } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FilterSelect, SearchField } from "~/components/ui/list-toolbar";
import { ListError, Loading } from "~/components/ui/query-state";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import { cn } from "~/lib/utils";
import { usePresentes, type TipoPresenca } from "./api";
import { formatDuracao, TIPO_PESSOA_LABEL, useNow } from "./format";
import { formatInteiro } from "@shared/br/numero";

/** The kinds of person the list is filtered by: residents are not among them, they are listed apart. */
const TIPOS: { value: TipoPresenca; label: string }[] = [
  { value: "todos", label: "Todos" },
  { value: "visitante", label: "Visitantes" },
  { value: "prestador", label: "Prestadores" },
  { value: "entregador", label: "Entregadores" },
];

const pessoas = (n: number) => `${formatInteiro(n)} ${n === 1 ? "pessoa" : "pessoas"}`;

/**
 * 'Quem está no condomínio' (§3): the visitors, providers and delivery people inside now, newest
 * first, searched (name, document, plate, unit) and filtered by kind, each with 'Registrar saída';
 * someone inside past the condominium's hours is flagged 'Saída não registrada'. Residents live
 * there: their presence is listed apart, collapsed, and never flagged.
 */
export function PresentesPanel({ condominioId, pending, onSaida }: { condominioId: string; pending: boolean; onSaida: (presenca: Presenca) => void }) {
  const uid = useId();
  const now = useNow();
  const [texto, setTexto] = useState("");
  const [tipo, setTipo] = useState<TipoPresenca>("todos");
  const q = useDebouncedValue(texto.trim(), 300);
  const presentes = usePresentes(condominioId, q, tipo);
  const data = presentes.data;
  const rows = data?.rows;
  const visitantes = rows?.filter((p) => p.tipo_pessoa !== "morador") ?? [];
  const moradores = rows?.filter((p) => p.tipo_pessoa === "morador") ?? [];
  const filtrando = Boolean(q) || tipo !== "todos";
  const titleId = `${uid}-titulo`;
  const moradoresId = `${uid}-moradores`;

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={titleId} className="text-lg font-semibold leading-tight">
          Quem está no condomínio
        </h2>
        {rows && <span className="text-sm text-slate-600">{pessoas(visitantes.length)}</span>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]" role="search" aria-label="Filtrar quem está no condomínio">
          <SearchField
            id={`${uid}-busca`}
            value={texto}
            onChange={setTexto}
            label="Procurar"
            placeholder="Nome, documento, placa ou unidade"
            inputLabel="Procurar quem está no condomínio"
            className="grid min-w-0 gap-2"
          />
          <FilterSelect id={`${uid}-tipo`} label="Tipo" value={tipo} onChange={setTipo} options={TIPOS} className="grid min-w-0 gap-2" />
        </div>

        {presentes.error ? (
          <ListError error={presentes.error} />
        ) : !data ? (
          <Loading />
        ) : (
          <>
            {visitantes.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">
                {filtrando
                  ? "Nenhum registro encontrado"
                  : moradores.length
                    ? "Nenhum visitante, prestador ou entregador agora"
                    : "Ninguém no condomínio agora"}
              </p>
            ) : (
              <PresencaList labelledBy={titleId} rows={visitantes} now={now} horas={data.horas_saida_nao_registrada} pending={pending} onSaida={onSaida} />
            )}
            {tipo === "todos" && moradores.length > 0 && (
              <details className="group rounded-md border border-slate-200">
                <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 [&::-webkit-details-marker]:hidden">
                  <ChevronRight className="h-4 w-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden />
                  <span id={moradoresId}>Moradores no condomínio</span>
                  <span className="text-slate-600">({formatInteiro(moradores.length)})</span>
                </summary>
                <div className="border-t border-slate-200 px-3">
                  <PresencaList labelledBy={moradoresId} rows={moradores} now={now} horas={null} pending={pending} onSaida={onSaida} />
                </div>
              </details>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * One line per person: who (the name wraps, however long), what and since when, and
 * 'Registrar saída', which never leaves the screen (it moves under the text when there is no room).
 */
function PresencaList({
  labelledBy,
  rows,
  now,
  horas,
  pending,
  onSaida,
}: {
  labelledBy: string;
  rows: readonly Presenca[];
  now: number;
  /** The condominium's hours before 'Saída não registrada' (null: residents, never flagged). */
  horas: number | null;
  pending: boolean;
  onSaida: (presenca: Presenca) => void;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-slate-200">
      {rows.map((p) => {
        const flagged = horas !== null && p.saida_nao_registrada;
        const detalhes = [
          TIPO_PESSOA_LABEL[p.tipo_pessoa] ?? p.tipo_pessoa,
          p.unidade ? unidadeLabel(p.unidade) : null,
          p.placa ? formatPlaca(p.placa) : null,
          `desde ${formatDesde(p.entrou_em, now)}`,
          formatDuracao(now - new Date(p.entrou_em).getTime()),
        ].filter(Boolean);
        return (
          <li
            key={p.id}
            data-saida-nao-registrada={flagged || undefined}
            className={cn("flex flex-wrap items-center gap-x-4 gap-y-2 py-3", flagged && "-mx-3 bg-amber-50 px-3")}
          >
            <div className="min-w-0 flex-1 basis-56">
              <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                <span id={`presenca-${p.id}`}>{p.nome_pessoa}</span>
                {flagged && (
                  <Badge variant="red" className="ml-2 align-middle" title={`No condomínio há mais de ${horas} h`}>
                    Saída não registrada
                  </Badge>
                )}
              </p>
              <p className="text-sm text-slate-700">
                {detalhes.map((d, i) => (
                  <span key={i} className={cn(i > 0 && "before:px-1.5 before:text-slate-400 before:content-['·']", "inline-block")}>
                    {d}
                  </span>
                ))}
              </p>
            </div>
            <Button size="sm" variant="outline" className="shrink-0" disabled={pending} aria-describedby={`presenca-${p.id}`} onClick={() => onSaida(p)}>
              <LogOut aria-hidden />
              Registrar saída
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
