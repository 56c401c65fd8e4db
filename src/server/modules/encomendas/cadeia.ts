import { sql } from "drizzle-orm";
import { ENCOMENDAS_TEXTOS, idCurto, TIPO_EVENTO_ENCOMENDA_LABEL, type TipoEventoEncomenda } from "@shared/schemas/encomendas";
import { formatDateTime } from "@shared/time";
import { queryRows, type Db } from "../../db/client";

// The parcels' custody chain (gate-operation-spec §4 Custody), verified as the access records'
// chain is (registros/cadeia.ts): each event of a condominium, in order, must carry the hash of
// the one before it, have the next number and hash to what it says, recomputed by the database
// with the function its chaining trigger uses (migration 0031); the last one must be the head
// the trigger keeps, so events removed from the end are noticed too.

export type VerificacaoCustodia = { integra: true; verificados: number } | { integra: false; verificados: number; mensagem: string };

interface Row extends Record<string, unknown> {
  id: string;
  seq: string | number;
  encomenda_id: string;
  tipo: string;
  registrado_em: string | Date;
  hash: string;
  hash_anterior: string;
  hash_ok: boolean;
}

const PAGINA = 5_000;

/** How a long walk is paged (db/leituras-longas.ts), as the access records' walk. */
export interface PaginasCustodia {
  pagina?: number;
  pausa?(): Promise<void>;
}

const alterado = (row: Row, verificados: number): VerificacaoCustodia => ({
  integra: false,
  verificados,
  mensagem: ENCOMENDAS_TEXTOS.eventoAlterado(
    formatDateTime(row.registrado_em instanceof Date ? row.registrado_em : new Date(row.registrado_em)),
    TIPO_EVENTO_ENCOMENDA_LABEL[row.tipo as TipoEventoEncomenda] ?? row.tipo,
    idCurto(row.encomenda_id),
  ),
});

/**
 * Walks a condominium's custody events from the first to the chain's head. The head is read
 * first: events chained during the walk are not taken for tampering, and those missing up to it
 * (removed from the end) are.
 */
export async function verificarCustodia(db: Db, condominioId: string, paginas: PaginasCustodia = {}): Promise<VerificacaoCustodia> {
  const [head] = await queryRows<{ ultimo_seq: string | number; ultimo_hash: string }>(
    db,
    sql`select ultimo_seq, ultimo_hash from portaria_web_encomendas_cadeia where condominio_id = ${condominioId}`,
  );
  const ultimoSeq = Number(head?.ultimo_seq ?? 0);
  const pagina = paginas.pagina ?? PAGINA;
  let previous = { seq: 0, hash: "" };
  let verificados = 0;
  for (;;) {
    const rows = await queryRows<Row>(
      db,
      sql`select e.id, e.seq, e.encomenda_id, e.tipo, e.registrado_em, e.hash, e.hash_anterior,
            portaria_web_encomenda_evento_hash(e) = e.hash as hash_ok
          from portaria_web_encomenda_eventos e
          where e.condominio_id = ${condominioId} and e.seq > ${previous.seq} and e.seq <= ${ultimoSeq}
          order by e.seq
          limit ${pagina}`,
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== previous.seq + 1 || row.hash_anterior !== previous.hash || !row.hash_ok) return alterado(row, verificados);
      verificados++;
      previous = { seq, hash: row.hash };
    }
    if (rows.length < pagina) break;
    await paginas.pausa?.();
  }
  // Events gone from the end, or a head that is not the last event's hash.
  if (previous.seq < ultimoSeq) return { integra: false, verificados, mensagem: ENCOMENDAS_TEXTOS.eventosAusentes(previous.seq + 1, ultimoSeq) };
  if (head && previous.hash !== head.ultimo_hash) return { integra: false, verificados, mensagem: ENCOMENDAS_TEXTOS.eventosAusentes(ultimoSeq, ultimoSeq) };
  return { integra: true, verificados };
}
