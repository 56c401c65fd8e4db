import { createHmac, timingSafeEqual } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { loadKeyFile, type LoadedKey } from "../../key-file";

// The keyed half of the access records' chain (gatehouse-spec §5, issue 26,
// docs/decisions/0006-cadeia-e-leituras-longas.md). The database chains each record to the one
// before it with sha256 (migration 0014); whoever can write the table can recompute that. So:
// - each record is SEALED, in the transaction that writes it, with HMAC-SHA256 of its chain hash
//   under a key that is never in the database (CHAIN_KEY or its file): the hash covers every
//   record before it, so a seal vouches for the whole chain up to its record;
// - the chain's state is CHECKPOINTED outside the database (a signed line per condominium in
//   CHECKPOINT_DIR), so that records removed from the end, or a whole table emptied, are found.

/** The chain's key and where its checkpoints go. */
export interface Cadeia {
  chave: Buffer;
  /** No directory: no checkpoints written nor compared. */
  checkpointDir?: string;
}

export type TipoSelo = "registro" | "lote";

const hmac = (chave: Buffer, texto: string) => createHmac("sha256", chave).update(texto, "utf8").digest("hex");

export const seloDe = (chave: Buffer, tipo: TipoSelo, condominioId: string, seq: number, hash: string) =>
  hmac(chave, `selo|${tipo}|${condominioId}|${seq}|${hash}`);

export const mesmoSelo = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The key: CHAIN_KEY as given, or the file (CHAIN_KEY_FILE, default DATA_DIR/cadeia.key: next to
 * the embedded database, never inside it nor in its backups), generated on first start.
 */
type ChaveConfig = { chainKey?: string; chainKeyFile?: string; dataDir: string };
export function carregarChave(config: ChaveConfig): LoadedKey;
export function carregarChave(config: ChaveConfig, opcoes: { gerar: false }): LoadedKey | null;
export function carregarChave(config: ChaveConfig, opcoes: { gerar?: boolean } = {}): LoadedKey | null {
  return loadKeyFile({
    rotulo: "Chave da cadeia",
    variavel: "CHAIN_KEY",
    valor: config.chainKey,
    arquivo: config.chainKeyFile,
    dataDir: config.dataDir,
    nomePadrao: "cadeia.key",
    gerar: opcoes.gerar,
  });
}

// The app's chain for its database: registrar (controle-acesso) seals through it without a new
// parameter; set by buildApp.
const cadeias = new WeakMap<object, Cadeia>();
export const usarCadeia = (db: Db, cadeia: Cadeia) => void cadeias.set(db, cadeia);
export const cadeiaDe = (db: Db): Cadeia | undefined => cadeias.get(db);

/** Seals one record just written, in its transaction. */
export async function selarRegistro(tx: Db, chave: Buffer, registro: { condominio_id: string; seq: number; hash: string }): Promise<void> {
  const selo = seloDe(chave, "registro", registro.condominio_id, registro.seq, registro.hash);
  await tx.execute(
    sql`insert into portaria_web_registros_selos (condominio_id, seq, tipo, selo) values (${registro.condominio_id}, ${registro.seq}, 'registro', ${selo})`,
  );
}

/** The last record of each non-empty chain (of `condominioIds`, or all), with an optional extra condition. */
function cabecasDasCadeias(db: Db, condominioIds: readonly string[] | undefined, extra: SQL = sql``) {
  return queryRows<{ condominio_id: string; id: string; seq: string | number; hash: string }>(
    db,
    sql`select c.condominio_id, r.id, c.ultimo_seq as seq, r.hash
        from portaria_web_registros_cadeia c
        join portaria_web_registros_acesso r on r.condominio_id = c.condominio_id and r.seq = c.ultimo_seq
        where c.ultimo_seq > 0
          ${
            condominioIds
              ? sql`and c.condominio_id in (${sql.join(
                  condominioIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql``
          }
          ${extra}`,
  );
}

/**
 * Seals the head of each chain (of `condominioIds`, or all) as a batch ('lote'): every unsealed
 * record up to it is vouched for. Only for records the portal itself wrote in bulk (an import of
 * history, the demo) and for the history before the key existed (iniciarSelagem).
 */
export async function selarCabecas(tx: Db, chave: Buffer, condominioIds?: readonly string[]): Promise<number> {
  const cabecas = await cabecasDasCadeias(
    tx,
    condominioIds,
    sql`and not exists (select 1 from portaria_web_registros_selos s where s.condominio_id = c.condominio_id and s.seq = c.ultimo_seq)`,
  );
  for (const cabeca of cabecas) {
    const seq = Number(cabeca.seq);
    const selo = seloDe(chave, "lote", cabeca.condominio_id, seq, cabeca.hash);
    await tx.execute(sql`insert into portaria_web_registros_selos (condominio_id, seq, tipo, selo) values (${cabeca.condominio_id}, ${seq}, 'lote', ${selo})`);
  }
  return cabecas.length;
}

/**
 * First start with a key on a database that has records but no seal at all (an installation from
 * before issue 26): the history as it is now is sealed at each chain's head, once. Later, a
 * database with seals never gets a batch seal this way: a record without its seal is reported.
 */
export async function iniciarSelagem(db: Db, chave: Buffer): Promise<number> {
  return db.transaction(async (tx) => {
    // One instance at a time (several may start together on one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(727274026)`);
    const [algum] = await queryRows<{ selado: boolean; registros: boolean }>(
      tx,
      sql`select exists (select 1 from portaria_web_registros_selos) as selado, exists (select 1 from portaria_web_registros_acesso) as registros`,
    );
    if (algum!.selado || !algum!.registros) return 0;
    return selarCabecas(tx, chave);
  });
}

// ——— Checkpoints: one JSON line per condominium and moment, appended to
// CHECKPOINT_DIR/<condominio_id>.jsonl, signed with the chain's key.

export interface Checkpoint {
  v: 1;
  condominio_id: string;
  ultimo_id: string;
  ultimo_seq: number;
  /** Records in the chain at that moment (numbered from 1 without gaps: the last number). */
  registros: number;
  hash: string;
  em: string;
  mac: string;
}

const macDoCheckpoint = (chave: Buffer, c: Omit<Checkpoint, "mac">) =>
  hmac(chave, `checkpoint|${c.v}|${c.condominio_id}|${c.ultimo_id}|${c.ultimo_seq}|${c.registros}|${c.hash}|${c.em}`);

/** A checkpoint with its signature. */
export const assinarCheckpoint = (chave: Buffer, corpo: Omit<Checkpoint, "mac">): Checkpoint => ({ ...corpo, mac: macDoCheckpoint(chave, corpo) });

const arquivoDe = (dir: string, condominioId: string) => join(dir, `${condominioId}.jsonl`);

/** The latest valid checkpoint of a condominium (the highest number), or null; lines whose signature fails are ignored. */
export async function ultimoCheckpoint(cadeia: Cadeia, condominioId: string): Promise<Checkpoint | null> {
  if (!cadeia.checkpointDir) return null;
  let texto: string;
  try {
    texto = await readFile(arquivoDe(cadeia.checkpointDir, condominioId), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let ultimo: Checkpoint | null = null;
  for (const linha of texto.split("\n")) {
    if (!linha.trim()) continue;
    let c: Checkpoint;
    try {
      c = JSON.parse(linha) as Checkpoint;
    } catch {
      continue;
    }
    if (c.v !== 1 || c.condominio_id !== condominioId || typeof c.mac !== "string") continue;
    const { mac, ...resto } = c;
    if (!mesmoSelo(mac, macDoCheckpoint(cadeia.chave, resto))) continue;
    if (!ultimo || c.ultimo_seq > ultimo.ultimo_seq) ultimo = c;
  }
  return ultimo;
}

/**
 * Writes a checkpoint of every chain (of `condominioIds`, or all) that moved since its last one.
 * Run by the housekeeping every few minutes and when the app stops, and by the operator at will
 * (docs/operations.md). Returns how many were written.
 */
export async function gravarCheckpoints(db: Db, cadeia: Cadeia, condominioIds?: readonly string[]): Promise<number> {
  const dir = cadeia.checkpointDir;
  if (!dir) return 0;
  await mkdir(dir, { recursive: true });
  const cabecas = await cabecasDasCadeias(db, condominioIds);
  let gravados = 0;
  for (const cabeca of cabecas) {
    const seq = Number(cabeca.seq);
    const anterior = await ultimoCheckpoint(cadeia, cabeca.condominio_id);
    if (anterior) {
      if (anterior.ultimo_seq === seq && anterior.hash === cabeca.hash) continue;
      // A chain that lost its end, or whose checkpointed record changed, gets no new checkpoint:
      // the last good one stays the latest, for 'Verificar integridade' to compare with.
      if (seq < anterior.ultimo_seq) continue;
      const [marcado] = await queryRows<{ hash: string }>(
        db,
        sql`select hash from portaria_web_registros_acesso where condominio_id = ${cabeca.condominio_id} and seq = ${anterior.ultimo_seq}`,
      );
      if (marcado?.hash !== anterior.hash) continue;
    }
    const corpo: Omit<Checkpoint, "mac"> = {
      v: 1,
      condominio_id: cabeca.condominio_id,
      ultimo_id: cabeca.id,
      ultimo_seq: seq,
      registros: seq,
      hash: cabeca.hash,
      em: new Date().toISOString(),
    };
    await appendFile(arquivoDe(dir, cabeca.condominio_id), `${JSON.stringify(assinarCheckpoint(cadeia.chave, corpo))}\n`, { mode: 0o600 });
    gravados++;
  }
  return gravados;
}
