import { QrCode, ShieldAlert, UserPlus, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { ResultadoAcesso } from "@shared/schemas/controle-acesso";
import type { CondominioOption } from "@shared/schemas/painel";
import { CODIGO_INVALIDO, pareceCodigo, pareceQrCode } from "@shared/schemas/visitantes";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FilterSelect, SearchField } from "~/components/ui/list-toolbar";
import { Loading } from "~/components/ui/query-state";
import { ApiError } from "~/lib/api";
import { saveCallbacks, type SaveCallbacks, type SaveForm } from "~/lib/save-callbacks";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import { useBuscaPortaria, useRegistrarEntrada, useRegistrarSaida, useRegistrarVisitante, type LiberarMesmoAssim, type PessoaPortaria } from "./api";
import { AutorizacaoAberta, type MetodoCodigo } from "./autorizacao-aberta";
import { useCondominioPortaria } from "./condominio-portaria";
import { LerQrCodeDialog } from "./ler-qrcode-dialog";
import { LiberarDialog } from "./liberar-dialog";
import { PresentesPanel } from "./presentes-panel";
import { focusResultado, ResultadosBusca, totalResultados, type Alvo } from "./resultados-busca";
import { VisitanteDialog, type VisitanteDados, type VisitanteFormValues } from "./visitante-dialog";
import { ERROR_TITLE } from "@shared/messages";

/**
 * What the gate answered that needs the porteiro: a refusal (maybe overridable) or someone already
 * inside; `autorizacaoId`: the open authorisation it answers, whose card then says nothing more.
 */
type Aviso =
  | {
      tipo: "negado";
      nome: string;
      mensagem: string;
      liberar?: (values: LiberarMesmoAssim) => void;
      autorizacaoId?: string;
      /** Asked with 'Registrar e abrir': letting them in anyway opens the gate too ('Liberar e abrir'). */
      abrir?: boolean;
    }
  | { tipo: "ja-dentro"; nome: string; titulo: string; mensagem: string; sair?: () => void; autorizacaoId?: string };

/** The answers the console shows as its own notice ('Já está no condomínio', a code that opens nothing): one signal, no toast besides. */
const respostaComAviso = (error: unknown) => error instanceof ApiError && (error.status === 409 || (error.status === 404 && error.message === CODIGO_INVALIDO));

/** `saveCallbacks` whose notice-answers go to `failed` alone (the notice), never to a toast as well. */
function semToastComAviso<T>(callbacks: SaveCallbacks<T>, failed: (error: unknown) => void): SaveCallbacks<T> {
  return { ...callbacks, onError: (error) => (respostaComAviso(error) ? failed(error) : callbacks.onError(error)) };
}

/** A searched text that is a pre-authorisation's short code or QR payload opens it (§3). */
const metodoDoTexto = (text: string): MetodoCodigo | null => (pareceQrCode(text) ? "qrcode" : pareceCodigo(text) ? "codigo" : null);

const SUCCESS = (r: ResultadoAcesso) => (r.resultado === "liberado" ? { title: r.titulo, description: r.mensagem } : null);

/**
 * The gate console (gatehouse-spec §3): the gate's condominium, one search box, the results with
 * 'Registrar entrada' / 'Registrar saída', 'Visitante sem pré-autorização', and who is inside.
 * With `registrarEAbrir`, also 'Registrar e abrir' (gate-operation-spec §2.2; Ctrl+Enter).
 */
export function ControleAcessoConsole({
  condominios,
  portoes,
  registrarEAbrir,
}: {
  condominios: readonly CondominioOption[] | undefined;
  /** The gates of the chosen condominium (another feature's panel, given by the page): shown above the search. */
  portoes?: (condominioId: string) => ReactNode;
  /**
   * Opens the condominium's main entrance for an entry just let in (another feature's, given by the
   * page to who may open gates): with it, every entry can be 'Registrar e abrir'. Called only for a
   * 'liberado' answer, with its `registro_id`; a refusal opens nothing.
   */
  registrarEAbrir?: (condominioId: string, registroId: string) => void;
}) {
  const uid = useId();
  const [condominioId, setCondominioId] = useCondominioPortaria(condominios);
  const searchRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const entradaCodigoRef = useRef<HTMLButtonElement>(null);

  const [texto, setTexto] = useState("");
  const [imediato, setImediato] = useState<string | null>(null);
  const debounced = useDebouncedValue(texto.trim(), 300);
  // Enter searches at once; typing waits for a pause.
  const q = imediato !== null && imediato === texto.trim() ? imediato : debounced;
  const busca = useBuscaPortaria(condominioId, q);

  const entrada = useRegistrarEntrada();
  const saida = useRegistrarSaida();
  const visitante = useRegistrarVisitante();
  const pending = entrada.isPending || saida.isPending || visitante.isPending;

  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [liberando, setLiberando] = useState(false);
  const [visitanteAberto, setVisitanteAberto] = useState(false);
  const [cameraAberta, setCameraAberta] = useState(false);
  /** A code or QR submitted (Enter, USB reader, camera): its 'Registrar entrada' takes the focus when it opens. */
  const [focarCodigo, setFocarCodigo] = useState<string | null>(null);
  /**
   * The open authorisation just let in or out from its card: the toast is the outcome's one
   * signal, so its card does not add a refusal of its own (a used-up single entry would read
   * 'Autorização já utilizada.'); a refusal is the notice's (`Aviso.autorizacaoId`) while it shows.
   */
  const [registrada, setRegistrada] = useState<{ autorizacaoId: string; q: string } | null>(null);

  /** Back to the search box, its text selected: the next name typed replaces it. */
  function focusBusca() {
    searchRef.current?.focus();
    searchRef.current?.select();
  }
  const keepFocusOnSearch = (event: Event) => {
    event.preventDefault();
    focusBusca();
  };

  // Focused on load, and when the gate's condominium changes.
  useEffect(() => {
    if (condominioId) searchRef.current?.focus();
  }, [condominioId]);

  const metodo = metodoDoTexto(q);
  const respostaAtual = q && condominioId && !busca.isPlaceholderData ? busca.data : undefined;
  useEffect(() => {
    if (focarCodigo === null || focarCodigo !== q || !respostaAtual || busca.isFetching) return;
    setFocarCodigo(null);
    if (respostaAtual.autorizacao) entradaCodigoRef.current?.focus();
  }, [focarCodigo, q, respostaAtual, busca.isFetching]);

  /** Searches `text` at once (Enter, or the camera's payload); a code or QR then focuses its entry. */
  function buscarAgora(text: string) {
    setRegistrada(null);
    if (text === q) void busca.refetch();
    setImediato(text);
    setFocarCodigo(metodoDoTexto(text) ? text : null);
  }

  function trocarCondominio(id: string) {
    setCondominioId(id);
    setTexto("");
    setAviso(null);
  }

  /** The authorisation a code opened, read again after a registration (its uses, who is inside). */
  function atualizarCodigo() {
    if (metodo && respostaAtual?.autorizacao) void busca.refetch();
  }

  /**
   * After an answer: a refusal stays on screen; the search box takes the focus again. `abrir`
   * ('Registrar e abrir'): an entry let in opens the main entrance, with its record.
   */
  function answered(
    result: ResultadoAcesso,
    nome: string,
    liberar: ((values: LiberarMesmoAssim) => void) | undefined,
    autorizacaoId: string | undefined,
    abrir: boolean,
  ) {
    setLiberando(false);
    marcarRegistrada(result.resultado === "liberado" ? autorizacaoId : undefined);
    atualizarCodigo();
    setAviso(
      result.resultado === "negado"
        ? { tipo: "negado", nome, mensagem: result.mensagem, liberar: result.pode_liberar ? liberar : undefined, autorizacaoId, abrir }
        : null,
    );
    if (abrir && result.resultado === "liberado" && condominioId) registrarEAbrir?.(condominioId, result.registro_id);
    focusBusca();
  }

  function marcarRegistrada(autorizacaoId: string | undefined) {
    setRegistrada(autorizacaoId ? { autorizacaoId, q } : null);
  }

  /**
   * A 409 'Já está no condomínio desde HH:mm.': the exit is offered instead. A code or QR the
   * server no longer opens (404 'Código inválido ou inexistente.'): refused on screen too.
   */
  function failed(error: unknown, nome: string, sair?: () => void, autorizacaoId?: string) {
    setLiberando(false);
    atualizarCodigo();
    if (error instanceof ApiError && error.status === 409)
      setAviso({ tipo: "ja-dentro", nome, titulo: error.title, mensagem: error.message, sair, autorizacaoId });
    else if (error instanceof ApiError && error.status === 404 && error.message === CODIGO_INVALIDO)
      setAviso({ tipo: "negado", nome, mensagem: error.message, autorizacaoId });
    focusBusca();
  }

  /** `autorizacaoId`: the entry is the open authorisation card's; `abrir`: 'Registrar e abrir'. */
  function registrarEntrada(alvo: Alvo, liberar?: LiberarMesmoAssim, autorizacaoId?: string, abrir = false) {
    if (!condominioId) return;
    const onFailed = (error: unknown) => failed(error, alvo.nome, () => registrarSaida(alvo.nome, alvo.pessoa, autorizacaoId), autorizacaoId);
    entrada.mutate(
      { condominio_id: condominioId, pessoa: alvo.pessoa, placa: alvo.placa ?? null, liberar_mesmo_assim: liberar },
      semToastComAviso(
        saveCallbacks<ResultadoAcesso>({
          success: SUCCESS,
          error: ERROR_TITLE.registrarEntrada,
          done: (result) => answered(result, alvo.nome, (values) => registrarEntrada(alvo, values, autorizacaoId, abrir), autorizacaoId, abrir),
          failed: onFailed,
        }),
        onFailed,
      ),
    );
  }

  function registrarSaida(nome: string, pessoa: PessoaPortaria, autorizacaoId?: string) {
    if (!condominioId) return;
    saida.mutate(
      { condominio_id: condominioId, pessoa },
      saveCallbacks<ResultadoAcesso>({
        success: SUCCESS,
        error: ERROR_TITLE.registrarSaida,
        done: () => {
          setAviso(null);
          marcarRegistrada(autorizacaoId);
          atualizarCodigo();
          focusBusca();
        },
        failed: () => focusBusca(),
      }),
    );
  }

  function registrarVisitante(values: VisitanteDados, form: SaveForm<VisitanteFormValues> | undefined, liberar?: LiberarMesmoAssim, abrir = false) {
    if (!condominioId) return;
    const onFailed = (error: unknown) => {
      // Field messages stay in the open form; someone already inside closes it.
      if (error instanceof ApiError && error.status === 409) {
        setVisitanteAberto(false);
        failed(error, values.nome);
      } else if (!form) failed(error, values.nome);
    };
    visitante.mutate(
      { ...values, condominio_id: condominioId, liberar_mesmo_assim: liberar },
      semToastComAviso(
        saveCallbacks<ResultadoAcesso, VisitanteFormValues>({
          success: SUCCESS,
          error: ERROR_TITLE.registrarVisitante,
          form,
          done: (result) => {
            setVisitanteAberto(false);
            answered(result, values.nome, (again) => registrarVisitante(values, undefined, again, abrir), undefined, abrir);
          },
          failed: onFailed,
        }),
        onFailed,
      ),
    );
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      buscarAgora(texto.trim());
    } else if (event.key === "ArrowDown") {
      if (entradaCodigoRef.current) {
        event.preventDefault();
        entradaCodigoRef.current.focus();
      } else if (focusResultado(resultsRef.current, 1)) event.preventDefault();
    } else if (event.key === "Escape" && texto) {
      event.preventDefault();
      setTexto("");
    }
  }

  const data = q && condominioId ? busca.data : undefined;
  const total = data ? totalResultados(data) : 0;
  const abriuCodigo = Boolean(metodo && respostaAtual && (respostaAtual.autorizacao || respostaAtual.codigo_recusa));
  // Too many invalid codes (429) or another failure of the search: the server's message, on screen.
  const erroBusca = q && condominioId && busca.error instanceof ApiError && busca.error.status === 429 ? busca.error.message : null;
  const status =
    !q || !condominioId
      ? ""
      : erroBusca && !busca.isFetching
        ? ""
        : !data || (metodo && !respostaAtual)
          ? "Buscando..."
          : abriuCodigo
            ? respostaAtual?.autorizacao
              ? `Autorização encontrada: ${respostaAtual.autorizacao.nome_visitante}.`
              : "Nenhuma autorização com este código."
            : total === 0
              ? "Nenhum registro encontrado"
              : `${total} ${total === 1 ? "resultado encontrado" : "resultados encontrados"}.`;
  const searchId = `${uid}-busca`;
  const hintId = `${uid}-teclas`;
  const podeAbrir = Boolean(registrarEAbrir);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        {condominios ? (
          <FilterSelect
            id={`${uid}-condominio`}
            label="Condomínio da portaria"
            value={condominioId}
            onChange={trocarCondominio}
            options={condominios.map((c) => ({ value: c.id, label: c.nome }))}
            placeholder="Escolha o condomínio"
            className="grid gap-2 sm:w-80"
          />
        ) : (
          <Loading label="Carregando condomínios..." className="py-2" />
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={!condominioId} onClick={() => setCameraAberta(true)}>
            <QrCode aria-hidden />
            Ler QR Code
          </Button>
          <Button type="button" variant="outline" disabled={!condominioId} onClick={() => setVisitanteAberto(true)}>
            <UserPlus aria-hidden />
            Visitante sem pré-autorização
          </Button>
        </div>
      </div>
      {condominios && condominios.length === 0 && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Nenhum condomínio ativo disponível para você. Peça ao administrador que libere o condomínio desta portaria.
        </p>
      )}

      {condominioId && portoes?.(condominioId)}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card role="search" aria-label="Buscar pessoas e veículos">
          <CardContent className="grid gap-4 pt-6">
            <div className="grid gap-2">
              <SearchField
                id={searchId}
                value={texto}
                onChange={setTexto}
                placeholder="Buscar por nome, CPF, placa, unidade ou código..."
                className="grid gap-2"
                inputProps={{
                  ref: searchRef,
                  onKeyDown: onSearchKeyDown,
                  disabled: !condominioId,
                  spellCheck: false,
                  "aria-describedby": hintId,
                  className: "h-12 text-base",
                }}
              />
              <p id={hintId} className="text-xs text-slate-600">
                Teclas: <kbd className="font-semibold">Enter</kbd> busca · <kbd className="font-semibold">↓</kbd> <kbd className="font-semibold">↑</kbd>{" "}
                percorrem os resultados · <kbd className="font-semibold">Enter</kbd> no resultado registra a entrada ·{" "}
                {podeAbrir && (
                  <>
                    <kbd className="font-semibold">Ctrl</kbd>+<kbd className="font-semibold">Enter</kbd> registra e abre o portão ·{" "}
                  </>
                )}
                <kbd className="font-semibold">Tab</kbd> chega a {podeAbrir ? <>&apos;Registrar e abrir&apos; e a </> : null}&apos;Registrar saída&apos; ·{" "}
                <kbd className="font-semibold">Esc</kbd> volta à busca
              </p>
            </div>

            <p role="status" className="text-sm text-slate-700">
              {status}
            </p>

            {aviso && (
              <AvisoAcesso
                aviso={aviso}
                pending={pending}
                onLiberar={() => setLiberando(true)}
                onFechar={() => {
                  setAviso(null);
                  focusBusca();
                }}
              />
            )}

            {erroBusca && !busca.isFetching && (
              <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-950">
                {erroBusca}
              </p>
            )}

            {metodo && abriuCodigo && respostaAtual && (
              <AutorizacaoAberta
                data={respostaAtual}
                texto={q}
                metodo={metodo}
                pending={pending}
                semRecusa={
                  Boolean(respostaAtual.autorizacao) &&
                  (aviso?.autorizacaoId === respostaAtual.autorizacao?.id ||
                    (registrada?.q === q && registrada.autorizacaoId === respostaAtual.autorizacao?.id))
                }
                entradaRef={entradaCodigoRef}
                onEntrada={(alvo) => registrarEntrada(alvo, undefined, respostaAtual.autorizacao?.id)}
                onEntradaEAbrir={podeAbrir ? (alvo) => registrarEntrada(alvo, undefined, respostaAtual.autorizacao?.id, true) : undefined}
                onSaida={(alvo) => registrarSaida(alvo.nome, alvo.pessoa, respostaAtual.autorizacao?.id)}
                onEscape={focusBusca}
              />
            )}

            {data && total > 0 && (
              <ResultadosBusca
                data={data}
                containerRef={resultsRef}
                pending={pending}
                onEntrada={(alvo) => registrarEntrada(alvo)}
                onEntradaEAbrir={podeAbrir ? (alvo) => registrarEntrada(alvo, undefined, undefined, true) : undefined}
                onSaida={(alvo) => registrarSaida(alvo.nome, alvo.pessoa)}
                onEscape={focusBusca}
              />
            )}
          </CardContent>
        </Card>

        {condominioId && (
          <PresentesPanel
            key={condominioId}
            condominioId={condominioId}
            pending={pending}
            onSaida={(p) => registrarSaida(p.nome_pessoa, { tipo: "presenca", presenca_id: p.id })}
          />
        )}
      </div>

      <VisitanteDialog
        open={visitanteAberto}
        condominioId={condominioId}
        pending={visitante.isPending}
        podeAbrir={podeAbrir}
        onClose={() => setVisitanteAberto(false)}
        onSubmit={(values, form, abrir) => registrarVisitante(values, form, undefined, abrir)}
        onCloseAutoFocus={keepFocusOnSearch}
      />
      <LerQrCodeDialog
        open={cameraAberta}
        onClose={() => setCameraAberta(false)}
        onLido={(payload) => {
          // The same server check as the search box (and a USB reader): search the payload at once.
          setCameraAberta(false);
          setAviso(null);
          const text = payload.trim();
          setTexto(text);
          buscarAgora(text);
        }}
        onCloseAutoFocus={keepFocusOnSearch}
      />
      <LiberarDialog
        open={liberando && aviso?.tipo === "negado" && Boolean(aviso.liberar)}
        nome={aviso?.nome ?? ""}
        motivo={aviso?.mensagem ?? ""}
        abrir={aviso?.tipo === "negado" && Boolean(aviso.abrir)}
        pending={pending}
        onClose={() => setLiberando(false)}
        onConfirm={(values) => (aviso?.tipo === "negado" ? aviso.liberar?.(values) : undefined)}
        onCloseAutoFocus={keepFocusOnSearch}
      />
    </div>
  );
}

/** 'Acesso negado' with the reason (and 'Liberar mesmo assim' but past the blocklist), or 'Já está no condomínio' with the exit. */
function AvisoAcesso({ aviso, pending, onLiberar, onFechar }: { aviso: Aviso; pending: boolean; onLiberar: () => void; onFechar: () => void }) {
  const negado = aviso.tipo === "negado";
  return (
    <div
      role="alert"
      data-aviso={aviso.tipo}
      className={
        negado
          ? "grid gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-950"
          : "grid gap-3 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-amber-950"
      }
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <div className="grid gap-1">
          <p className="font-semibold">
            {negado ? "Acesso negado" : aviso.titulo}: {aviso.nome}
          </p>
          <p className="text-sm">{aviso.mensagem}</p>
        </div>
        <button type="button" onClick={onFechar} aria-label="Fechar aviso" className="ml-auto rounded p-1 hover:bg-black/5 focus-visible:outline-2">
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
      {negado && aviso.liberar && (
        <div>
          <Button type="button" variant="destructive" size="sm" disabled={pending} onClick={onLiberar}>
            Liberar mesmo assim
          </Button>
        </div>
      )}
      {!negado && aviso.sair && (
        <div>
          <Button type="button" size="sm" disabled={pending} onClick={aviso.sair}>
            Registrar saída
          </Button>
        </div>
      )}
    </div>
  );
}
