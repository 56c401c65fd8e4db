import type { ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database, Db } from "./db/client";

// What the consoles must see at once (gate-operation-spec §2.2, §2.3, §3.3, §7): a command's new
// state, an alarm, a resident's answer. A change is announced with NOTIFY in the transaction that makes it, so it is heard at
// commit by every instance (each LISTENs on a connection of its own; PGlite, in its one process)
// and never before the change is visible. Nothing is kept in an instance's memory: a console
// that reconnects reads the state again.

export const CANAL_TEMPO_REAL = "portal_tempo_real";

/** What the consoles hear: each is an `event:` of their stream. */
const TIPOS_DE_AVISO = ["comando", "alarme", "solicitacao"] as const;

export interface AvisoEmTempoReal {
  tipo: (typeof TIPOS_DE_AVISO)[number];
  /** Who may hear it: the consoles serving this condominium. */
  condominio_id: string;
  /** The new state, as the API answers it (a NOTIFY payload stops at 8,000 bytes: keep it small). */
  dados: unknown;
}

/** `null`: the connection that listens came back after a drop; what was missed must be read again. */
export type OuvinteDoTempoReal = (aviso: AvisoEmTempoReal | null) => void;

export interface TempoReal {
  /** Announces `aviso` at the commit of `q`'s transaction (or now, outside one). */
  avisar(q: Db, aviso: AvisoEmTempoReal): Promise<void>;
  ouvir(ouvinte: OuvinteDoTempoReal): () => void;
  parar(): Promise<void>;
}

function lerAviso(payload: string | undefined): AvisoEmTempoReal | null {
  if (!payload) return null;
  try {
    const aviso = JSON.parse(payload) as Partial<AvisoEmTempoReal>;
    return (TIPOS_DE_AVISO as readonly unknown[]).includes(aviso.tipo) && typeof aviso.condominio_id === "string" ? (aviso as AvisoEmTempoReal) : null;
  } catch {
    return null;
  }
}

export async function iniciarTempoReal(database: Database): Promise<TempoReal> {
  const ouvintes = new Set<OuvinteDoTempoReal>();
  const parar = await database.listen(CANAL_TEMPO_REAL, (payload) => {
    const aviso = lerAviso(payload);
    // A payload that does not parse is no reason to stay silent: the listeners read again.
    for (const ouvinte of ouvintes) ouvinte(aviso);
  });
  return {
    async avisar(q, aviso) {
      await q.execute(sql`select pg_notify(${CANAL_TEMPO_REAL}, ${JSON.stringify(aviso)})`);
    },
    ouvir(ouvinte) {
      ouvintes.add(ouvinte);
      return () => ouvintes.delete(ouvinte);
    },
    parar,
  };
}

/** A comment line that keeps proxies from closing a quiet stream. */
const PING_MS = 15_000;

/**
 * The realtime streams of one plugin (the consoles', the residents'): `text/event-stream`, each
 * announcement the stream's reader may hear as an `event:`, `reler` when something may have been
 * missed, and an end after `maxMs` (the browser reconnects, and the session is checked again).
 * Every open stream ends when the server closes.
 */
export function fluxosDeEventos(app: FastifyInstance, { tempoReal, maxMs }: { tempoReal: TempoReal; maxMs: number }) {
  const abertos = new Set<ServerResponse>();
  app.addHook("onClose", async () => {
    for (const stream of abertos) stream.end();
  });
  return {
    /** Answers the request with a stream of what `ouve` lets through. */
    abrir(reply: FastifyReply, ouve: (aviso: AvisoEmTempoReal) => boolean) {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        // A proxy must not hold the events back (nginx buffers responses by default).
        "x-accel-buffering": "no",
      });
      raw.write("retry: 1000\n\nevent: pronto\ndata: {}\n\n");
      if (maxMs <= 0) {
        raw.end();
        return;
      }
      abertos.add(raw);
      const parar = tempoReal.ouvir((aviso) => {
        if (aviso === null) raw.write("event: reler\ndata: {}\n\n");
        else if (ouve(aviso)) raw.write(`event: ${aviso.tipo}\ndata: ${JSON.stringify(aviso.dados)}\n\n`);
      });
      const ping = setInterval(() => raw.write(": ping\n\n"), PING_MS);
      const fim = setTimeout(() => raw.end(), maxMs);
      raw.on("close", () => {
        abertos.delete(raw);
        parar();
        clearInterval(ping);
        clearTimeout(fim);
      });
    },
  };
}
