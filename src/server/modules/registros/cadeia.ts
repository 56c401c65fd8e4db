import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { mesmoSelo, seloDe, type TipoSelo } from "./selos";

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
  selo_tipo: TipoSelo | null;
  selo: string | null;
}

const CHUNK = 5_000;

/** How a long walk is paged: rows per page and what to do between pages (db/leituras-longas.ts). */
export interface Paginas {
  pagina: number;
  pausa(): Promise<void>;
}

export interface OpcoesVerificacao extends Partial<Paginas> {
  /** The chain's key (selos.ts): every record must then be sealed, by its own seal or a later batch seal. */
  chave?: Buffer;
}

const quebrado = (row: Row): RegistroQuebrado => ({
  id: row.id,
  seq: Number(row.seq),
  registrado_em: row.registrado_em instanceof Date ? row.registrado_em.toISOString() : new Date(row.registrado_em).toISOString(),
  nome_pessoa: row.nome_pessoa,
});

/**
 * Walks a condominium's chain of access records in order (gatehouse-spec §5 'Verificar
 * integridade'), from `desdeSeq` on (1: the whole history), a chunk at a time: each record must
 * carry the hash of the one before it, have the next number, and hash to what it says (its
 * personal data too, unless anonymised, and then blank as the retention job leaves it). The database recomputes the hashes with the same
 * functions its chaining trigger uses (migration 0014).
 *
 * With the key (`opcoes.chave`), the seals too (selos.ts): each seal must be the key's, and each
 * record must have its own seal or be followed by a batch seal before any record's own seal. A
 * record still waiting for its seal at the end of the period is followed past it until one comes.
 */
export async function verificarCadeia(
  db: Db,
  condominioId: string,
  desdeSeq = 1,
  ateSeq = Number.MAX_SAFE_INTEGER,
  opcoes: OpcoesVerificacao = {},
): Promise<VerificacaoCadeia> {
  const chunk = opcoes.pagina ?? CHUNK;
  const chave = opcoes.chave;
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
  // The first record not yet vouched for by a seal.
  let pendente: Row | null = null;
  let antesDoPendente = 0;
  let limite = ateSeq;
  let from = desdeSeq;
  const falha = (row: Row, n = verificados): VerificacaoCadeia => ({ integra: false, verificados: n, registro: quebrado(row) });
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`select r.id, r.seq, r.registrado_em, r.nome_pessoa, r.hash, r.hash_anterior,
            portaria_web_registro_hash(r) = r.hash as hash_ok,
            case when r.anonimizado_em is null then portaria_web_registro_dados_hash(r) = r.dados_hash
              -- Anonymised: blank, exactly as the retention job leaves it (never another name).
              else r.nome_pessoa = 'Anonimizado' and r.documento is null and r.placa is null and r.autorizado_por is null and r.observacao is null
            end as dados_ok,
            s.tipo as selo_tipo, s.selo
          from portaria_web_registros_acesso r
          left join portaria_web_registros_selos s on s.condominio_id = r.condominio_id and s.seq = r.seq
          where r.condominio_id = ${condominioId} and r.seq >= ${from} and r.seq <= ${limite}
          order by r.seq
          limit ${chunk}`,
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const expectedSeq = previous ? previous.seq + 1 : 1;
      const expectedPrevious = previous ? previous.hash : "";
      if (seq !== expectedSeq || row.hash_anterior !== expectedPrevious || !row.hash_ok || !row.dados_ok) return falha(row);
      if (chave) {
        if (row.selo_tipo) {
          if (!mesmoSelo(row.selo!, seloDe(chave, row.selo_tipo, condominioId, seq, row.hash))) return falha(row);
          // A record's own seal does not vouch for records before it that have none.
          if (row.selo_tipo === "registro" && pendente) return falha(pendente, antesDoPendente);
          pendente = null;
        } else if (!pendente) {
          pendente = row;
          antesDoPendente = verificados;
        }
      }
      if (seq <= ateSeq) verificados++;
      previous = { seq, hash: row.hash };
      if (seq >= ateSeq && !pendente) return { integra: true, verificados };
    }
    if (rows.length < chunk) {
      if (!pendente) return { integra: true, verificados };
      // The period's last records are gone: that is what the caller reports (integridade.ts).
      if (limite === ateSeq && ateSeq !== Number.MAX_SAFE_INTEGER && (previous?.seq ?? 0) < ateSeq) return { integra: true, verificados };
      // Past the period, up to the seal that vouches for its last records.
      if (limite !== Number.MAX_SAFE_INTEGER && previous) {
        limite = Number.MAX_SAFE_INTEGER;
        from = previous.seq + 1;
        continue;
      }
      return falha(pendente, antesDoPendente);
    }
    from = previous!.seq + 1;
    await opcoes.pausa?.();
  }
}
