import { and, eq, lt, sql } from "drizzle-orm";
import { registroAlteradoMessage, registrosIntegrosMessage, type VerificacaoIntegridade } from "@shared/schemas/registros";
import { formatDateTime, today } from "@shared/time";
import type { Db } from "../../db/client";
import { condominios, registrosAcesso, registrosCadeia } from "../../db/schema";
import { ENCOMENDAS_TEXTOS } from "@shared/schemas/encomendas";
import { verificarCustodia } from "../encomendas/cadeia";
import { verificarCadeia, type Paginas } from "./cadeia";
import { seqRangeOfPeriod } from "./repository";
import { ultimoCheckpoint, type Cadeia } from "./selos";

const integros = (verificados: number): VerificacaoIntegridade => ({ integra: true, verificados, mensagem: registrosIntegrosMessage(verificados) });

/** Records `primeiro` to `ultimo` are gone: named by the time of the last one left (or `quando`) and the numbers missing. */
async function ausentes(db: Db, condominioId: string, primeiro: number, ultimo: number, verificados: number, quando?: string): Promise<VerificacaoIntegridade> {
  const [last] = await db
    .select({ registrado_em: registrosAcesso.registrado_em })
    .from(registrosAcesso)
    .where(and(eq(registrosAcesso.condominio_id, condominioId), lt(registrosAcesso.seq, primeiro)))
    .orderBy(sql`${registrosAcesso.seq} desc`)
    .limit(1);
  const em = last ? last.registrado_em.toISOString() : (quando ?? null);
  const faltam = primeiro === ultimo ? `registro nº ${ultimo} ausente` : `registros nº ${primeiro} a ${ultimo} ausentes`;
  return {
    integra: false,
    verificados,
    mensagem: registroAlteradoMessage(em ? formatDateTime(em) : "—", faltam),
    registro: { id: null, registrado_em: em, nome_pessoa: null },
  };
}

/**
 * The chain against its latest checkpoint kept outside the database (selos.ts): the record it
 * names must still be there with the same hash, and so every record before it (each hash covers
 * the chain before it). Records removed from the end, or a table emptied, fail here.
 */
async function conferirCheckpoint(db: Db, cadeia: Cadeia, condominioId: string, verificados: number): Promise<VerificacaoIntegridade | null> {
  const checkpoint = await ultimoCheckpoint(cadeia, condominioId);
  if (!checkpoint) return null;
  const [row] = await db
    .select({ id: registrosAcesso.id, hash: registrosAcesso.hash, registrado_em: registrosAcesso.registrado_em, nome_pessoa: registrosAcesso.nome_pessoa })
    .from(registrosAcesso)
    .where(and(eq(registrosAcesso.condominio_id, condominioId), eq(registrosAcesso.seq, checkpoint.ultimo_seq)));
  if (!row) {
    const [ate] = await db
      .select({ seq: sql<string | number | null>`max(${registrosAcesso.seq})` })
      .from(registrosAcesso)
      .where(and(eq(registrosAcesso.condominio_id, condominioId), lt(registrosAcesso.seq, checkpoint.ultimo_seq)));
    return ausentes(db, condominioId, Number(ate?.seq ?? 0) + 1, checkpoint.ultimo_seq, verificados, checkpoint.em);
  }
  if (row.hash === checkpoint.hash && row.id === checkpoint.ultimo_id) return null;
  return {
    integra: false,
    verificados,
    mensagem: registroAlteradoMessage(formatDateTime(row.registrado_em), row.nome_pessoa),
    registro: { id: row.id, registrado_em: row.registrado_em.toISOString(), nome_pessoa: row.nome_pessoa },
  };
}

/**
 * 'Verificar integridade' (gatehouse-spec §5, §9) of one condominium, over a period of São Paulo
 * dates or its whole history: the chain walked by verificarCadeia (with the seals, given the
 * chain's key), then compared with the latest checkpoint, and, when the walk reaches the present,
 * its end compared with the chain head, so that records removed from the end are noticed too.
 * The head is read first: records registered during the walk are not taken for removed ones.
 * The condominium's parcels' custody chain is verified too (encomendas/cadeia.ts): the first
 * altered event fails the check; an intact one adds how many events it checked to the message.
 */
export async function verificarIntegridade(
  db: Db,
  condominioId: string,
  periodo?: { de: string; ate: string },
  paginas?: Paginas,
  cadeia?: Cadeia,
): Promise<VerificacaoIntegridade> {
  const registros = await verificarRegistros(db, condominioId, periodo, paginas, cadeia);
  if (!registros.integra) return registros;
  // The parcels' custody chain of the condominium (gate-operation-spec §4), whole: it is short
  // beside the access records', and a period of it would vouch for nothing before it.
  const custodia = await verificarCustodia(db, condominioId, paginas);
  if (!custodia.integra) return { integra: false, verificados: registros.verificados, mensagem: custodia.mensagem };
  if (custodia.verificados === 0) return registros;
  return { ...registros, mensagem: `${registros.mensagem} ${ENCOMENDAS_TEXTOS.eventosIntegros(custodia.verificados)}` };
}

/** The access records' part of 'Verificar integridade'. */
async function verificarRegistros(
  db: Db,
  condominioId: string,
  periodo?: { de: string; ate: string },
  paginas?: Paginas,
  cadeia?: Cadeia,
): Promise<VerificacaoIntegridade> {
  const [head] = await db.select({ ultimo_seq: registrosCadeia.ultimo_seq }).from(registrosCadeia).where(eq(registrosCadeia.condominio_id, condominioId));
  const ultimoSeq = head?.ultimo_seq ?? 0;
  let desde = 1;
  let ate = ultimoSeq;
  let reachesPresent = true;
  let vazio = false;
  if (periodo) {
    const range = await seqRangeOfPeriod(db, condominioId, periodo.de, periodo.ate);
    reachesPresent = periodo.ate >= today();
    if (!range && !reachesPresent) vazio = true;
    else {
      desde = range?.desde ?? ultimoSeq + 1;
      ate = reachesPresent ? ultimoSeq : range!.ate;
    }
  }
  let verificados = 0;
  if (!vazio && desde <= ate) {
    const result = await verificarCadeia(db, condominioId, desde, ate, { ...paginas, chave: cadeia?.chave });
    if (!result.integra) {
      const { id, registrado_em, nome_pessoa } = result.registro;
      return {
        integra: false,
        verificados: result.verificados,
        mensagem: registroAlteradoMessage(formatDateTime(registrado_em), nome_pessoa),
        registro: { id, registrado_em, nome_pessoa },
      };
    }
    verificados = result.verificados;
  }
  if (cadeia) {
    const checkpoint = await conferirCheckpoint(db, cadeia, condominioId, verificados);
    if (checkpoint) return checkpoint;
  }
  const ultimoVerificado = desde + verificados - 1;
  if (!vazio && desde <= ate && reachesPresent && ultimoVerificado < ate) return ausentes(db, condominioId, ultimoVerificado + 1, ate, verificados);
  return integros(verificados);
}

/**
 * Every condominium's chain, whole, against its checkpoints: what a restore runs before the
 * portal starts on the restored data (scripts/restore.ts), and what an operator may run at will.
 * Returns the chains that do not verify (an older backup lacks the records after it: they show
 * here as removed, which is what happened to them).
 */
export async function verificarTodasAsCadeias(
  db: Db,
  cadeia: Cadeia,
): Promise<{ verificadas: number; quebradas: { condominio_id: string; nome: string; mensagem: string }[] }> {
  const todos = await db.select({ id: condominios.id, nome: condominios.nome }).from(condominios).orderBy(condominios.nome);
  const quebradas: { condominio_id: string; nome: string; mensagem: string }[] = [];
  for (const { id, nome } of todos) {
    const resultado = await verificarIntegridade(db, id, undefined, undefined, cadeia);
    if (!resultado.integra) quebradas.push({ condominio_id: id, nome, mensagem: resultado.mensagem });
  }
  return { verificadas: todos.length, quebradas };
}
