import { parse, types, protocol, type PGlite } from "@electric-sql/pglite";
import { spawn } from "node:child_process";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import type { AppConfig } from "../config";
import { BACKUP_SOCKET, requestServerBackup } from "./backup-socket";
import { openPglite, openPostgres } from "./client";
import { JOB_SCHEMA } from "./job-schema";
import { DataDirLockedError, lockDataDir, type DataDirLock } from "./data-dir-lock";
import { checkIntegrity, type IntegrityReport } from "./integrity";

// `npm run backup` / `npm run restore` (scripts/backup.ts, scripts/restore.ts) and the dump the
// server answers on its control socket. Two formats, one per database kind:
//   PGlite     -> plain SQL from pg_dump (the wasm build of @electric-sql/pglite-tools), gzipped:
//                 readable, and independent of PGlite's on-disk format (which changes with its
//                 PostgreSQL major), so an upgrade of PGlite can restore it.
//   PostgreSQL -> pg_dump's custom format (-Fc), restored with pg_restore.

export class BackupError extends Error {}

export type BackupFormat = "postgres-custom" | "sql" | "sql-gzip";

/** The format of a backup file, by its first bytes. */
export function detectFormat(head: Buffer): BackupFormat {
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres-custom";
  if (head[0] === 0x1f && head[1] === 0x8b) return "sql-gzip";
  return "sql";
}

// ---------------------------------------------------------------------------------------------
// PGlite

/**
 * A consistent SQL dump of a PGlite database open in this process. PGlite is one session shared
 * by every query of the app: pg_dump must not run while the app is between two statements of a
 * transaction (it would run inside that transaction), so it runs holding PGlite's transaction and
 * query locks. The app's queries wait for the dump (well under a second for thousands of rows).
 */
export async function dumpPglite(client: PGlite): Promise<string> {
  const { pgDump } = await import("@electric-sql/pglite-tools/pg_dump");
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      // client.query/exec would wait for the locks held here: speak the protocol directly.
      const run = async (text: string) => {
        const { messages } = await client.execProtocol(protocol.serialize.query(text));
        return parse.parseResults(messages, types.parsers);
      };
      // pgDump needs these three methods of a PGlite (checked by the round-trip tests).
      const session = {
        query: async (text: string) => (await run(text))[0]!,
        exec: run,
        execProtocolRawStream: client.execProtocolRawStream.bind(client),
      };
      try {
        const file = await pgDump({ pg: session as unknown as PGlite });
        return await file.text();
      } finally {
        // pg_dump ends by disconnecting, which on a real server ends its read-only transaction;
        // PGlite's one session stays inside it (every later write would fail with 25006).
        if (client.isInTransaction()) await run("ROLLBACK");
        // And its SETs (search_path, DateStyle, ...) would stay on the app's only session.
        await run("RESET ALL");
      }
    }),
  );
}

/**
 * Takes the PGlite dump: from the running server (control socket), else opening the data dir here
 * — unless `somentePeloPortal`: a process that cannot see the portal's (another container on the
 * same volume, in its own pid namespace) cannot tell a live lock from a stale one, so it must never
 * open the directory itself.
 */
async function dumpPgliteDataDir(dataDir: string, somentePeloPortal: boolean): Promise<{ sql: string; from: "server" | "data-dir" }> {
  const fromServer = await requestServerBackup(dataDir);
  if (fromServer !== null) return { sql: fromServer, from: "server" };
  if (somentePeloPortal)
    throw new BackupError(
      `O portal não atendeu pelo socket de backup (${join(dataDir, BACKUP_SOCKET)}): backup não feito. Com --pelo-portal o diretório de dados nunca é aberto aqui.`,
    );
  if (isEmptyDir(join(dataDir, "pglite"))) throw new BackupError(`Não há banco de dados em ${join(dataDir, "pglite")}: confira o DATA_DIR.`);
  let lock: DataDirLock;
  try {
    lock = lockDataDir(dataDir); // no server answers: take the directory ourselves
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `O portal (pid ${error.pid}) está usando ${dataDir} mas não atendeu pelo socket de backup ` +
        `(${join(dataDir, BACKUP_SOCKET)}; veja o log do portal). Pare o portal e rode o backup de novo.`,
    );
  }
  try {
    const database = await openPglite(join(dataDir, "pglite"));
    try {
      return { sql: await dumpPglite(database.pglite!), from: "data-dir" };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

function isEmptyDir(path: string): boolean {
  return !existsSync(path) || readdirSync(path).length === 0;
}

/**
 * Loads a SQL dump into DATA_DIR/pglite. Refuses while a server holds the directory (its lock),
 * and refuses to replace an existing database unless `force`; the replaced one is moved aside,
 * never deleted. The dump is loaded into a side directory first, so a failed restore leaves the
 * current database as it was.
 */
async function restorePglite(sqlText: string, dataDir: string, force: boolean): Promise<{ report: IntegrityReport; replacedBy?: string }> {
  const lock = lockDataDir(dataDir);
  try {
    const target = join(dataDir, "pglite");
    if (!isEmptyDir(target) && !force) {
      throw new BackupError(
        `${target} já contém um banco de dados. Para substituí-lo, rode de novo com --force ` + "(o banco atual é guardado ao lado, não apagado).",
      );
    }
    const staging = join(dataDir, "pglite.restaurando");
    rmSync(staging, { recursive: true, force: true }); // a previous attempt that failed half-way
    const database = await openPglite(staging);
    let report: IntegrityReport;
    try {
      await database.pglite!.exec(sqlText);
      await database.pglite!.exec("RESET ALL");
      report = await checkIntegrity(database.db);
    } finally {
      await database.close();
    }
    let replacedBy: string | undefined;
    if (existsSync(target)) {
      replacedBy = join(dataDir, `pglite.antes-da-restauracao-${timestamp()}`);
      renameSync(target, replacedBy);
    }
    renameSync(staging, target);
    return { report, replacedBy };
  } finally {
    lock.release();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The client programs: PG_BINDIR when set (e.g. /usr/lib/postgresql/17/bin), else the PATH. */
function pgTool(name: "pg_dump" | "pg_restore"): string {
  return process.env.PG_BINDIR ? join(process.env.PG_BINDIR, name) : name;
}

/** libpq arguments without the password on the command line (visible in `ps`): it goes in PGPASSWORD. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  return { dbname: target.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} não encontrado. Instale o cliente do PostgreSQL (postgresql-client) ou defina PG_BINDIR.`)
          : error,
      ),
    );
    child.on("close", (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
  });
}

async function toolMajor(name: "pg_dump" | "pg_restore"): Promise<number> {
  const { stdout } = await runTool(pgTool(name), ["--version"], process.env);
  const major = Number(/(\d+)(?:\.\d+)?/.exec(stdout)?.[1]);
  if (!major) throw new BackupError(`Versão de ${name} não reconhecida: ${stdout.trim()}`);
  return major;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, fallback_application_name: "portal-backup" });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** pg_dump -Fc of DATABASE_URL into `file`. pg_dump must be at least the server's major version. */
async function dumpPostgres(url: string, file: string): Promise<void> {
  const serverMajor = await withClient(url, async (c) => Math.floor(Number((await c.query("show server_version_num")).rows[0].server_version_num) / 10000));
  const clientMajor = await toolMajor("pg_dump");
  if (clientMajor < serverMajor) {
    throw new BackupError(
      `pg_dump ${clientMajor} é mais antigo que o servidor PostgreSQL ${serverMajor}. ` +
        `Instale o cliente do PostgreSQL ${serverMajor} ou mais novo (ou aponte PG_BINDIR para ele).`,
    );
  }
  const { dbname, env } = libpqTarget(url);
  // Without the job queue's schema (decision 0036): pg_restore --clean cannot drop its partitioned
  // tables in place, and it holds nothing the tables lack (the start recreates it, its crons,
  // and the sweep sends the e-mails still due).
  const args = ["--format=custom", `--file=${file}`, `--dbname=${dbname}`, `--exclude-schema=${JOB_SCHEMA}`];
  const { code, stderr } = await runTool(pgTool("pg_dump"), args, env);
  if (code !== 0) throw new BackupError(`pg_dump falhou:\n${stderr.trim()}`);
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<IntegrityReport> {
  await withClient(url, async (c) => {
    const others = Number(
      (await c.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rows[0].n,
    );
    if (others > 0) {
      throw new BackupError(`Há ${others} outra(s) conexão(ões) abertas com este banco. Pare o portal (todas as instâncias) antes de restaurar.`);
    }
    const objects = Number(
      (
        await c.query(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`)
      ).rows[0].n,
    );
    if (objects > 0 && !force) {
      throw new BackupError(
        "O banco de destino não está vazio. Restaure num banco novo (createdb) ou rode de novo com --force " +
          "para apagar e recriar os objetos do backup nele (pg_restore --clean --if-exists).",
      );
    }
  });
  await toolMajor("pg_restore");
  const { dbname, env } = libpqTarget(url);
  const args = ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`];
  if (force) args.push("--clean", "--if-exists");
  const { code, stderr } = await runTool(pgTool("pg_restore"), [...args, file], env);
  if (code !== 0) throw new BackupError(`pg_restore falhou (nada foi alterado):\n${stderr.trim()}`);
  const database = await openPostgres(url, undefined, 1);
  try {
    return await checkIntegrity(database.db);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Entry points of the scripts

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\..*$/, "").replace(/[-:]/g, "").replace("T", "-");
}

export function defaultBackupFile(config: AppConfig, now = new Date()): string {
  return config.databaseUrl ? resolve("backups", `portal-postgres-${timestamp(now)}.dump`) : resolve("backups", `portal-pglite-${timestamp(now)}.sql.gz`);
}

/** Writes `data` (or lets `write` produce the file) under a temporary name, then renames: no half backup. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  // Backups hold personal data: directory and file readable by their owner only.
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.parcial`;
  rmSync(partial, { force: true });
  try {
    await write(partial);
    const fd = openSync(partial, "r");
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export interface BackupResult {
  file: string;
  kind: "pglite" | "postgres";
  /** PGlite: taken by the running server, or by opening the (unused) data directory. */
  from?: "server" | "data-dir";
}

export async function takeBackup(config: AppConfig, file = defaultBackupFile(config), { somentePeloPortal = false } = {}): Promise<BackupResult> {
  file = resolve(file);
  if (config.databaseUrl) {
    // As the tables' owner when there is one (docs/operations.md, two roles): it reads every schema.
    await writeAtomically(file, (partial) => dumpPostgres(config.migrationDatabaseUrl ?? config.databaseUrl!, partial));
    return { file, kind: "postgres" };
  }
  const { sql, from } = await dumpPgliteDataDir(resolve(config.dataDir), somentePeloPortal);
  // pg_dump's last line: a dump cut short (a server that died mid-answer) is not a backup.
  if (!sql.trimEnd().endsWith("-- PostgreSQL database dump complete\n--")) throw new BackupError("O dump veio incompleto; nenhum arquivo foi gravado.");
  await writeAtomically(file, async (partial) => {
    const fd = openSync(partial, "wx", 0o600);
    try {
      writeSync(fd, gzipSync(Buffer.from(sql, "utf8")));
    } finally {
      closeSync(fd);
    }
  });
  return { file, kind: "pglite", from };
}

export interface RestoreResult {
  kind: "pglite" | "postgres";
  report: IntegrityReport;
  /** PGlite with --force: where the database that was replaced now is. */
  replacedBy?: string;
}

export async function restoreBackup(config: AppConfig, file: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  file = resolve(file);
  if (!existsSync(file)) throw new BackupError(`Arquivo não encontrado: ${file}`);
  const head = Buffer.alloc(8);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const format = detectFormat(head);
  const force = options.force ?? false;
  if (config.databaseUrl) {
    if (format !== "postgres-custom") {
      throw new BackupError("Este arquivo é um backup do banco embutido (PGlite, SQL). Para restaurá-lo, rode sem DATABASE_URL, com o DATA_DIR de destino.");
    }
    // The restored objects belong to the restoring role (--no-owner): the owner, when there is one;
    // the portal's start then grants its own role again (db/papeis.ts).
    return { kind: "postgres", report: await restorePostgres(config.migrationDatabaseUrl ?? config.databaseUrl, file, force) };
  }
  if (format === "postgres-custom") {
    throw new BackupError("Este arquivo é um backup do PostgreSQL (pg_dump -Fc). Para restaurá-lo, defina DATABASE_URL com o banco de destino.");
  }
  const data = readFileSync(file);
  const sqlText = (format === "sql-gzip" ? gunzipSync(data) : data).toString("utf8");
  const { report, replacedBy } = await restorePglite(sqlText, resolve(config.dataDir), force);
  return { kind: "pglite", report, replacedBy };
}
