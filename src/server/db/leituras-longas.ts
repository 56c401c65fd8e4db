import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MSG } from "@shared/messages";
import { AppError } from "../errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A long read (an export, an integrity check): bounded and paged by leiturasLongas. */
    leituraLonga?: boolean;
  }
}

/**
 * Long reads (the CSV export, 'Verificar integridade') on a database that may be PGlite.
 *
 * PGlite is one connection that runs inside this process: while it runs a query, nothing else
 * runs, not even /healthz, and a long read made of queries chained by promises never lets the
 * event loop turn. So on PGlite a long read is read a page at a time and, between two pages,
 * gives the event loop back and lets the requests in flight (a gate entry's queries) go first;
 * and only `maximo` long reads run at once, `fila` more wait, the next ones are answered 503.
 * PostgreSQL has a pool of connections and COPY: nothing of this applies there (no bound, no
 * pause, the pages as before).
 */
export interface LeiturasLongas {
  /** Rows per page of a long read on this database. */
  readonly pagina: number;
  /** Waits for a slot; throws the 503 when too many long reads wait already. Returns the release (idempotent). */
  entrar(): Promise<() => void>;
  /** Between two pages: the event loop and the connection go to other requests first. */
  pausa(): Promise<void>;
}

export interface OpcoesLeituras {
  maximo?: number;
  fila?: number;
  /** How long a page waits at most for other requests to finish (the long read must end too). */
  esperaMaximaMs?: number;
}

export const ocupado = () => AppError.from(503, "BUSY", MSG.leiturasLongasOcupadas);

/** Long reads for the app's database, with hooks on `app` that count the other requests in flight. */
export function leiturasLongas(app: FastifyInstance, kind: "pglite" | "postgres", opcoes: OpcoesLeituras = {}): LeiturasLongas {
  if (kind === "postgres") return { pagina: 2_000, entrar: async () => () => undefined, pausa: async () => undefined };
  const maximo = opcoes.maximo ?? 2;
  const fila = opcoes.fila ?? 8;
  const esperaMaximaMs = opcoes.esperaMaximaMs ?? 250;

  // Requests in flight that are not long reads: the gate's, the lists', /healthz.
  let emAndamento = 0;
  const contadas = new WeakSet<FastifyRequest>();
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.leituraLonga) return;
    contadas.add(request);
    emAndamento++;
  });
  const fim = async (request: FastifyRequest) => {
    if (contadas.delete(request)) emAndamento--;
  };
  app.addHook("onResponse", fim);
  app.addHook("onRequestAbort", fim);

  let ativas = 0;
  const esperando: (() => void)[] = [];
  return {
    pagina: 500,
    async entrar() {
      if (ativas >= maximo) {
        if (esperando.length >= fila) throw ocupado();
        await new Promise<void>((resolve) => esperando.push(resolve));
      } else ativas++;
      let liberada = false;
      return () => {
        if (liberada) return;
        liberada = true;
        // The slot passes straight to the next one waiting, or is freed.
        const proxima = esperando.shift();
        if (proxima) proxima();
        else ativas--;
      };
    },
    async pausa() {
      await nextTurn();
      const limite = performance.now() + esperaMaximaMs;
      while (emAndamento > 0 && performance.now() < limite) await sleep(2);
    },
  };
}
