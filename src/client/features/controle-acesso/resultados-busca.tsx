import { Ban, DoorOpen, LogIn, LogOut } from "lucide-react";
import type { KeyboardEvent, ReactNode, RefObject } from "react";
import { formatPhone } from "@shared/br/phone";
import { formatPlaca } from "@shared/br/placa";
import type { BuscaPortaria, PrestadorEncontrado } from "@shared/schemas/controle-acesso";
import { descreverValidade, SITUACAO_AUTORIZACAO_LABEL, TIPO_AUTORIZACAO_LABEL, type VisitanteEncontrado } from "@shared/schemas/visitantes";
import { TIPO_MORADOR_LABEL } from "@shared/schemas/moradores";
import { unidadeLabel } from "@shared/schemas/unidades";
import { formatDesde } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AtivoBadge } from "~/components/ui/status-badge";
import { cn } from "~/lib/utils";
import type { PessoaPortaria } from "./api";
import { ctrlEnter } from "./teclas";

/** Who a result lets in or out: a resident (from a vehicle, with its plate), a provider or a pre-authorised visitor. */
export interface Alvo {
  nome: string;
  pessoa: PessoaPortaria;
  placa?: string;
}

const ENTRADA = "[data-entrada]";

/**
 * Moves the focus to the 'Registrar entrada' of the result `delta` places from the focused one
 * (from the search box: `delta` 1 is the first). Returns false when there is none.
 */
export function focusResultado(container: HTMLElement | null, delta: number): boolean {
  if (!container) return false;
  const buttons = [...container.querySelectorAll<HTMLButtonElement>(ENTRADA)];
  const current = buttons.findIndex((b) => b.closest("li")?.contains(document.activeElement));
  const next = current < 0 ? (delta > 0 ? 0 : buttons.length - 1) : current + delta;
  const target = buttons[Math.min(Math.max(next, 0), buttons.length - 1)];
  target?.focus();
  return Boolean(target);
}

const SITUACAO_VARIANT = { "Autorizado hoje": "green", "Fora do período autorizado": "red", Inativo: "grey" } as const;

/** How many results a search brought. */
export const totalResultados = (data: BuscaPortaria) =>
  data.moradores.length + data.veiculos.length + data.prestadores.length + data.visitantes.filter((v) => v.id !== data.autorizacao?.id).length;

const SITUACAO_AUTORIZACAO_VARIANT = { ativa: "green", utilizada: "grey", expirada: "red", cancelada: "red" } as const;

/** A pre-authorised visitor's unit, validity and situation, and why the gate would refuse them now. */
export function DadosAutorizacao({ autorizacao: a, semRecusa = false }: { autorizacao: VisitanteEncontrado; semRecusa?: boolean }) {
  return (
    <>
      <span>{unidadeLabel(a.unidade)}</span>
      <span>
        {TIPO_AUTORIZACAO_LABEL[a.tipo]}: {descreverValidade(a)}
        {a.max_entradas !== null && ` · ${a.entradas_usadas} de ${a.max_entradas} ${a.max_entradas === 1 ? "entrada" : "entradas"}`}
      </span>
      <Badge variant={a.recusa && a.situacao === "ativa" ? "yellow" : SITUACAO_AUTORIZACAO_VARIANT[a.situacao]}>{SITUACAO_AUTORIZACAO_LABEL[a.situacao]}</Badge>
      {a.recusa && !semRecusa && <span className="font-medium text-red-800">Não entra agora: {a.recusa}</span>}
    </>
  );
}

/**
 * The search's results under 'Moradores', 'Veículos', 'Prestadores' and 'Visitantes' (§3), each
 * with 'Registrar entrada' and 'Registrar saída'. ArrowUp/ArrowDown go from one result's entry
 * to the next one's; Enter on it registers the entry; Escape goes back to the search box. With
 * `onEntradaEAbrir`, each also has 'Registrar e abrir', and Ctrl+Enter on its entry does that.
 */
export function ResultadosBusca({
  data,
  containerRef,
  pending,
  onEntrada,
  onEntradaEAbrir,
  onSaida,
  onEscape,
}: {
  data: BuscaPortaria;
  containerRef: RefObject<HTMLDivElement | null>;
  pending: boolean;
  onEntrada: (alvo: Alvo) => void;
  /** 'Registrar e abrir' (gate-operation-spec §2.2): only for who may open the gates. */
  onEntradaEAbrir?: (alvo: Alvo) => void;
  onSaida: (alvo: Alvo) => void;
  onEscape: () => void;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusResultado(containerRef.current, event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onEscape();
    }
  }
  // The authorisation a code opened is shown on its own, above (not twice).
  const visitantes = data.visitantes.filter((v) => v.id !== data.autorizacao?.id);
  // `bloqueio` is the server's key in `data.bloqueios` ('morador:<id>'...): the stop this result would meet.
  const item = (key: string, bloqueio: string, alvo: Alvo, dentroDesde: string | null, details: ReactNode) => (
    <Resultado
      key={key}
      id={key}
      alvo={alvo}
      bloqueio={data.bloqueios[bloqueio]}
      dentroDesde={dentroDesde}
      pending={pending}
      onEntrada={onEntrada}
      onEntradaEAbrir={onEntradaEAbrir}
      onSaida={onSaida}
    >
      {details}
    </Resultado>
  );

  return (
    <div ref={containerRef} onKeyDown={onKeyDown} className="grid gap-4">
      <h2 className="sr-only">Resultados da busca</h2>
      <Grupo id="resultados-moradores" title="Moradores" count={data.moradores.length}>
        {data.moradores.map((m) =>
          item(
            `morador-${m.id}`,
            `morador:${m.id}`,
            { nome: m.nome_completo, pessoa: { tipo: "morador", morador_id: m.id } },
            m.dentro_desde,
            <>
              <span>{unidadeLabel(m.unidade)}</span>
              <span>{TIPO_MORADOR_LABEL[m.tipo_morador as keyof typeof TIPO_MORADOR_LABEL] ?? m.tipo_morador}</span>
              <AtivoBadge ativo={m.ativo} />
              {m.telefone_celular && <span>{formatPhone(m.telefone_celular)}</span>}
            </>,
          ),
        )}
      </Grupo>
      <Grupo id="resultados-veiculos" title="Veículos" count={data.veiculos.length}>
        {data.veiculos.map((v) =>
          item(
            `veiculo-${v.id}`,
            `veiculo:${v.id}`,
            { nome: v.morador.nome_completo, pessoa: { tipo: "morador", morador_id: v.morador.id }, placa: v.placa },
            v.morador.dentro_desde,
            <>
              <span className="font-mono font-semibold tracking-wider text-slate-900">{formatPlaca(v.placa)}</span>
              <span>{[v.marca, v.modelo].filter(Boolean).join(" ") || "Modelo não informado"}</span>
              {v.cor && <span>{v.cor}</span>}
              <span>{unidadeLabel(v.unidade)}</span>
              {!v.ativo && <AtivoBadge ativo={false} />}
            </>,
          ),
        )}
      </Grupo>
      <Grupo id="resultados-prestadores" title="Prestadores" count={data.prestadores.length}>
        {data.prestadores.map((p: PrestadorEncontrado) =>
          item(
            `prestador-${p.id}`,
            `prestador:${p.id}`,
            { nome: p.nome_empresa_profissional, pessoa: { tipo: "prestador", prestador_id: p.id } },
            p.dentro_desde,
            <>
              <span>{p.tipo_servico}</span>
              <Badge variant={SITUACAO_VARIANT[p.situacao_hoje]}>{p.situacao_hoje}</Badge>
            </>,
          ),
        )}
      </Grupo>
      <Grupo id="resultados-visitantes" title="Visitantes" count={visitantes.length}>
        {visitantes.map((v) =>
          item(
            `visitante-${v.id}`,
            `autorizacao:${v.id}`,
            { nome: v.nome_visitante, pessoa: { tipo: "autorizacao", autorizacao_id: v.id } },
            v.dentro_desde,
            <DadosAutorizacao autorizacao={v} />,
          ),
        )}
      </Grupo>
    </div>
  );
}

function Grupo({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {title} <span className="font-normal normal-case">({count})</span>
      </h3>
      <ul aria-labelledby={id} className="grid gap-2">
        {children}
      </ul>
    </section>
  );
}

/**
 * A block the entry would meet (§3, §6), shown on the result before 'Registrar entrada' is
 * pressed: 'Bloqueado' and the refusal's text the server would give.
 */
export function MarcaBloqueio({ bloqueio }: { bloqueio: BuscaPortaria["bloqueios"][string] }) {
  return (
    <span data-bloqueio className="inline-flex flex-wrap items-center gap-2 font-medium text-red-800">
      <Badge variant="red">
        <Ban className="mr-1 h-3 w-3" aria-hidden />
        {bloqueio.pode_liberar ? "Confira: nome bloqueado" : "Bloqueado"}
      </Badge>
      <span>{bloqueio.mensagem}</span>
    </span>
  );
}

/** One person found: who, the details, its block, 'No condomínio desde HH:mm' when inside, and the actions. */
function Resultado({
  id,
  alvo,
  bloqueio,
  dentroDesde,
  pending,
  onEntrada,
  onEntradaEAbrir,
  onSaida,
  children,
}: {
  id: string;
  alvo: Alvo;
  bloqueio: BuscaPortaria["bloqueios"][string] | undefined;
  dentroDesde: string | null;
  pending: boolean;
  onEntrada: (alvo: Alvo) => void;
  onEntradaEAbrir?: (alvo: Alvo) => void;
  onSaida: (alvo: Alvo) => void;
  children: ReactNode;
}) {
  const nameId = `${id}-nome`;
  const detailsId = `${id}-detalhes`;
  return (
    <li
      data-resultado
      data-bloqueado={bloqueio ? "" : undefined}
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3 focus-within:border-brand-500 focus-within:bg-brand-50 focus-within:ring-2 focus-within:ring-brand-500",
        bloqueio ? "border-2 border-red-700 bg-red-50" : "border-slate-200 bg-white",
      )}
    >
      <div className="grid min-w-0 gap-1">
        <p id={nameId} className="font-semibold text-slate-900">
          {alvo.nome}
        </p>
        <p id={detailsId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          {children}
          {bloqueio && <MarcaBloqueio bloqueio={bloqueio} />}
          {dentroDesde && <Badge variant="yellow">No condomínio desde {formatDesde(dentroDesde)}</Badge>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          data-entrada
          size="sm"
          disabled={pending}
          aria-describedby={`${nameId} ${detailsId}`}
          onClick={() => onEntrada(alvo)}
          onKeyDown={(event) => {
            // Ctrl+Enter: 'Registrar e abrir' instead (the plain Enter's click is not fired).
            if (!onEntradaEAbrir || !ctrlEnter(event)) return;
            event.preventDefault();
            onEntradaEAbrir(alvo);
          }}
        >
          <LogIn aria-hidden />
          Registrar entrada
        </Button>
        {onEntradaEAbrir && (
          <Button
            size="sm"
            variant="outline"
            className="border-brand-600 text-brand-700"
            disabled={pending}
            aria-label={`Registrar e abrir: ${alvo.nome}`}
            aria-describedby={detailsId}
            onClick={() => onEntradaEAbrir(alvo)}
          >
            <DoorOpen aria-hidden />
            Registrar e abrir
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={pending} aria-describedby={`${nameId} ${detailsId}`} onClick={() => onSaida(alvo)}>
          <LogOut aria-hidden />
          Registrar saída
        </Button>
      </div>
    </li>
  );
}
