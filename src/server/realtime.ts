import { sql } from "drizzle-orm";
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
