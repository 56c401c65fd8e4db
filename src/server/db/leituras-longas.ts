import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { MSG } from "@shared/messages";
import { AppError } from "../errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A long read (an export, an integrity check): bounded and paged by leiturasLongas. */
    leituraLonga?: boolean;
    /** A stream that stays open (the realtime feed): long reads do not wait for it to end. */
    fluxoAberto?: boolean;
  }
}

/**
 * Long reads (the CSV export, 'Verificar integridade') and heavy reads (a windowed Registros
 * filter over more than a day, registros/repository.ts), bounded so that none delays the gate.
 *
 * PGlite is one connection that runs inside this process: while it runs a query, nothing else
 * runs, not even /healthz, and a long read made of queries chained by promises never lets the
 * event loop turn. So on PGlite a long read is read a page at a time and, between two pages,
 * gives the event loop back and lets the requests in flight (a gate entry's queries) go first.
 * PostgreSQL has a pool of connections and COPY: pages and pauses do not apply there, but a long
 * read holds a connection for seconds, so there too only a quarter of the pool may hold them.
 *
 * On both: only `maximo` long reads run at once, `fila` more wait, the next ones are answered 503;
 * and heavy reads have a slot of their own (`pesada`), paced, so ten síndicos reading a year of
 * records wait their turn instead of taking the connections and the CPU the porteiros' searches need.
 */
export interface LeiturasLongas {
  /** Rows per page of a long read on this database. */
  readonly pagina: number;
  /** Waits for a long read's slot; throws the 503 when too many wait already. Returns the release (idempotent). */
  entrar(): Promise<() => void>;
  /** Waits for a heavy read's slot (paced: see `vagas`); the same, with its own bound. */
  pesada(): Promise<() => void>;
  /** Between two pages: the event loop and the connection go to other requests first. */
  pausa(): Promise<void>;
  /** The other requests in flight now (what a page waits for). */
  readonly emAndamento: number;
}

export interface OpcoesLeituras {
  maximo?: number;
  fila?: number;
  /** Heavy reads at once, waiting, and how long a slot rests after each (times the read's own). */
  pesadas?: number;
  filaPesadas?: number;
  descansoPesadas?: number;
  /** PostgreSQL: the pool's size (a quarter of it, at least one, for each kind of read). */
  conexoes?: number;
  /** How long a page waits at most for other requests to finish (the long read must end too). */
  esperaMaximaMs?: number;
}

export const ocupado = () => AppError.from(503, "BUSY", MSG.leiturasLongasOcupadas);
export const ocupadoPesadas = () => AppError.from(503, "BUSY", MSG.leiturasPesadasOcupadas);

/**
 * `maximo` at once, `fila` more waiting their turn in order, the next ones refused with `recusa()`.
 * With `descanso` k, a slot rests k times as long as its read took before the next one waiting
 * gets it: back-to-back reads then use at most 1/(1+k) of that slot's time (a lone read never waits).
 */
function vagas(maximo: number, fila: number, recusa: () => AppError, descanso = 0) {
  let ativas = 0;
  const esperando: (() => void)[] = [];
  // The slot passes straight to the next one waiting, or is freed.
  const passar = () => {
    const proxima = esperando.shift();
    if (proxima) proxima();
    else ativas--;
  };
  return async function entrar(): Promise<() => void> {
    if (ativas >= maximo) {
      if (esperando.length >= fila) throw recusa();
      await new Promise<void>((resolve) => esperando.push(resolve));
    } else ativas++;
    const inicio = performance.now();
    let liberada = false;
    return () => {
      if (liberada) return;
      liberada = true;
      const resto = descanso * (performance.now() - inicio);
      if (resto >= 1 && esperando.length) setTimeout(passar, resto).unref();
      else passar();
    };
  };
}

/** Long and heavy reads for the app's database, with hooks on `app` that count the other requests in flight. */
export function leiturasLongas(app: FastifyInstance, kind: "pglite" | "postgres", opcoes: OpcoesLeituras = {}): LeiturasLongas {
  const quarto = Math.max(1, Math.floor((opcoes.conexoes ?? 10) / 4));
  // Heavy reads, one at a time, resting three times as long as each took when others wait: ten
  // síndicos reading a year at once use a quarter of one connection, not the gate's CPU.
  const pesada = vagas(opcoes.pesadas ?? 1, opcoes.filaPesadas ?? 50, ocupadoPesadas, opcoes.descansoPesadas ?? 3);
  if (kind === "postgres")
    return { pagina: 2_000, entrar: vagas(opcoes.maximo ?? quarto, opcoes.fila ?? 8, ocupado), pesada, pausa: async () => undefined, emAndamento: 0 };
  const esperaMaximaMs = opcoes.esperaMaximaMs ?? 250;

  // Requests in flight that are not long reads: the gate's, the lists', /healthz. A request ends
  // when its response closes: that also happens when the client went away before the answer
  // (neither onResponse nor onRequestAbort run for a GET abandoned mid-work) and for a reply the
  // route took over (hijacked), so none stays counted for ever and slows every page after it.
  let emAndamento = 0;
  app.addHook("onRequest", async (request, reply) => {
    const config = request.routeOptions.config;
    if (config?.leituraLonga || config?.fluxoAberto) return;
    emAndamento++;
    reply.raw.once("close", () => emAndamento--);
  });

  return {
    pagina: 500,
    entrar: vagas(opcoes.maximo ?? 2, opcoes.fila ?? 8, ocupado),
    pesada,
    async pausa() {
      await nextTurn();
      const limite = performance.now() + esperaMaximaMs;
      while (emAndamento > 0 && performance.now() < limite) await sleep(2);
    },
    get emAndamento() {
      return emAndamento;
    },
  };
}
