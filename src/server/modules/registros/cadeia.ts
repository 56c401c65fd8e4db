import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

/** The first record of a chain that does not match: changed, removed, or out of place. */
export interface RegistroQuebrado {
  id: string;
  seq: number;
  registrado_em: string;
  nome_pessoa: string;
}

export type VerificacaoCadeia = { integra: true; verificados: number } | { integra: false; verificados: number; registro: RegistroQuebrado };

interface Row extends Record<string, unknown> {
  id: string;
  seq: string | number;
  registrado_em: string | Date;
  nome_pessoa: string;
  hash: string;
  hash_anterior: string;
  hash_ok: boolean;
  dados_ok: boolean;
}

const CHUNK = 5_000;

/** How a long walk is paged: rows per page and what to do between pages (db/leituras-longas.ts). */
export interface Paginas {
  pagina: number;
  pausa(): Promise<void>;
}

/**
 * Walks a condominium's chain of access records in order (gatehouse-spec §5 'Verificar
 * integridade'), from `desdeSeq` on (1: the whole history), a chunk at a time: each record must
 * carry the hash of the one before it, have the next number, and hash to what it says (its
 * personal data too, unless anonymised). The database recomputes the hashes with the same
 * functions its chaining trigger uses (migration 0014).
 */
export async function verificarCadeia(
  db: Db,
  condominioId: string,
  desdeSeq = 1,
  ateSeq = Number.MAX_SAFE_INTEGER,
  paginas?: Paginas,
): Promise<VerificacaoCadeia> {
  const chunk = paginas?.pagina ?? CHUNK;
  let verificados = 0;
  let previous: { seq: number; hash: string } | null = null;
  if (desdeSeq > 1) {
    const [before] = await queryRows<{ seq: string | number; hash: string }>(
      db,
      sql`select seq, hash from portaria_web_registros_acesso where condominio_id = ${condominioId} and seq = ${desdeSeq - 1}`,
    );
    // The record just before the period is gone: the period's first record cannot be trusted.
    previous = before ? { seq: Number(before.seq), hash: before.hash } : { seq: desdeSeq - 1, hash: "\u0000removido" };
  }
  let from = desdeSeq;
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`select r.id, r.seq, r.registrado_em, r.nome_pessoa, r.hash, r.hash_anterior,
            portaria_web_registro_hash(r) = r.hash as hash_ok,
            (r.anonimizado_em is not null or portaria_web_registro_dados_hash(r) = r.dados_hash) as dados_ok
          from portaria_web_registros_acesso r
          where r.condominio_id = ${condominioId} and r.seq >= ${from} and r.seq <= ${ateSeq}
          order by r.seq
          limit ${chunk}`,
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const expectedSeq = previous ? previous.seq + 1 : 1;
      const expectedPrevious = previous ? previous.hash : "";
      if (seq !== expectedSeq || row.hash_anterior !== expectedPrevious || !row.hash_ok || !row.dados_ok) {
        return {
          integra: false,
          verificados,
          registro: {
            id: row.id,
            seq,
            registrado_em: row.registrado_em instanceof Date ? row.registrado_em.toISOString() : new Date(row.registrado_em).toISOString(),
            nome_pessoa: row.nome_pessoa,
          },
        };
      }
      verificados++;
      previous = { seq, hash: row.hash };
    }
    if (rows.length < chunk) return { integra: true, verificados };
    from = previous!.seq + 1;
    await paginas?.pausa();
  }
}
