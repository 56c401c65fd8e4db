import { DoorOpen, LogIn, LogOut, ShieldAlert, Ticket } from "lucide-react";
import { useId, type KeyboardEvent, type RefObject } from "react";
import type { BuscaPortaria } from "@shared/schemas/controle-acesso";
import { formatDocumento } from "@shared/br/documento";
import { formatDesde } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DadosAutorizacao, MarcaBloqueio, type Alvo } from "./resultados-busca";
import { ctrlEnter } from "./teclas";

/** How a pre-authorisation was opened: its short code typed, or its QR code (USB reader or camera). */
export type MetodoCodigo = "codigo" | "qrcode";

/**
 * The authorisation a typed code or a read QR code opened (§3), on its own above the results:
 * the visitor, unit, validity and situation, 'Acesso negado' with the reason the gate would give
 * now, and 'Registrar entrada' (focused when opened by Enter or the camera: one more Enter
 * registers it) and 'Registrar saída'; with `onEntradaEAbrir`, 'Registrar e abrir' too (Ctrl+Enter
 * on the entry). A code that opens nothing: 'Acesso negado' with 'Código inválido ou inexistente.'.
 */
export function AutorizacaoAberta({
  data,
  texto,
  metodo,
  pending,
  semRecusa = false,
  entradaRef,
  onEntrada,
  onEntradaEAbrir,
  onSaida,
  onEscape,
}: {
  data: Pick<BuscaPortaria, "autorizacao" | "codigo_recusa" | "bloqueios">;
  /** The code or QR payload as searched: the entry sends it again, for the server to check. */
  texto: string;
  metodo: MetodoCodigo;
  pending: boolean;
  /**
   * The outcome of registering from this card is on screen already (the toast, or the console's
   * notice): the card does not add its own refusal.
   */
  semRecusa?: boolean;
  entradaRef: RefObject<HTMLButtonElement | null>;
  onEntrada: (alvo: Alvo) => void;
  /** 'Registrar e abrir' (gate-operation-spec §2.2): only for who may open the gates. */
  onEntradaEAbrir?: (alvo: Alvo) => void;
  onSaida: (alvo: Alvo) => void;
  onEscape: () => void;
}) {
  const id = useId();
  const a = data.autorizacao;
  const titulo = metodo === "qrcode" ? "Autorização do QR Code" : "Autorização do código";
  // A visitor inside is answered by their exit, not by a refusal of a new entry ('Já está...' if tried).
  const recusa = semRecusa || a?.dentro_desde ? null : a ? a.recusa : data.codigo_recusa;
  const bloqueio = a ? data.bloqueios[`autorizacao:${a.id}`] : undefined;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape" || event.key === "ArrowUp") {
      event.preventDefault();
      onEscape();
    }
  }

  const entrada: Alvo | null = a
    ? { nome: a.nome_visitante, pessoa: metodo === "qrcode" ? { tipo: "qrcode", payload: texto } : { tipo: "codigo", codigo: texto } }
    : null;
  const saida: Alvo | null = a ? { nome: a.nome_visitante, pessoa: { tipo: "autorizacao", autorizacao_id: a.id } } : null;
  const describedBy = `${id}-nome ${id}-detalhes${recusa ? ` ${id}-recusa` : ""}`;

  return (
    <section
      aria-labelledby={`${id}-titulo`}
      data-autorizacao-aberta
      onKeyDown={onKeyDown}
      className="grid gap-3 rounded-lg border-2 border-brand-500 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-500"
    >
      <h2 id={`${id}-titulo`} className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-700">
        <Ticket className="h-4 w-4" aria-hidden />
        {titulo}
      </h2>
      {a && (
        <div className="grid min-w-0 gap-1">
          <p id={`${id}-nome`} className="text-lg font-semibold text-slate-900">
            {a.nome_visitante}
          </p>
          <p id={`${id}-detalhes`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <DadosAutorizacao autorizacao={a} semRecusa />
            {a.documento_numero && <span>Documento {formatDocumento(a.documento_numero)}</span>}
            {bloqueio && <MarcaBloqueio bloqueio={bloqueio} />}
            {a.dentro_desde && <Badge variant="yellow">No condomínio desde {formatDesde(a.dentro_desde)}</Badge>}
          </p>
        </div>
      )}
      {recusa && (
        <div role="alert" id={`${id}-recusa`} className="flex items-start gap-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-950">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold">Acesso negado</p>
            <p className="text-sm">{recusa}</p>
          </div>
        </div>
      )}
      {entrada && saida && (
        <div className="flex flex-wrap gap-2">
          <Button
            ref={entradaRef}
            data-entrada-codigo
            disabled={pending}
            aria-describedby={describedBy}
            onClick={() => onEntrada(entrada)}
            onKeyDown={(event) => {
              // Ctrl+Enter: 'Registrar e abrir' instead (the plain Enter's click is not fired).
              if (!onEntradaEAbrir || !ctrlEnter(event)) return;
              event.preventDefault();
              onEntradaEAbrir(entrada);
            }}
          >
            <LogIn aria-hidden />
            Registrar entrada
          </Button>
          {onEntradaEAbrir && (
            <Button
              variant="outline"
              className="border-brand-600 text-brand-700"
              disabled={pending}
              aria-label={`Registrar e abrir: ${entrada.nome}`}
              aria-describedby={`${id}-detalhes${recusa ? ` ${id}-recusa` : ""}`}
              onClick={() => onEntradaEAbrir(entrada)}
            >
              <DoorOpen aria-hidden />
              Registrar e abrir
            </Button>
          )}
          <Button variant="outline" disabled={pending} aria-describedby={describedBy} onClick={() => onSaida(saida)}>
            <LogOut aria-hidden />
            Registrar saída
          </Button>
        </div>
      )}
    </section>
  );
}
