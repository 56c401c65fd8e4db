import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema";
import { grantAppRole } from "./papeis";
import { installJobSchema, jobConnection } from "./job-schema";

/** Both drivers give the same PostgreSQL query builder; code is written once against this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A query PostgreSQL plans with its values on every run, never as a named prepared statement
 * (PreparingClient names only texts that begin with a command): for a query whose generic plan is
 * wrong. The console's name search, planned once for any text, read the whole network's residents
 * matching it and then kept one condominium's (15 ms); planned with the text, it reads the
 * condominium's units and their residents (1 ms). Planning it costs well under a millisecond.
 */
export const planoPorValores = (query: SQL): SQL => sql`/* plano por valores */ ${query}`;

/** The rows of a raw SQL query (both drivers answer `{ rows }`; drizzle types it as unknown). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * After the migrations, on every start: the unique indexes of migration 0011 that duplicated rows
 * held back are created as soon as the data allows (an operator resolved the duplicates); what
 * still holds one back is logged (docs/decisions/0201-registros-unicos.md). A no-op once they all exist.
 */
export async function createPendingUniqueIndexes(db: Db): Promise<string[]> {
  const [defined] = await queryRows<{ ok: boolean }>(db, sql`select to_regproc('public.portal_indices_unicos') is not null as ok`);
  if (!defined?.ok) return [];
  const warnings = (await queryRows<{ aviso: string }>(db, sql`select aviso from portal_indices_unicos() as aviso`)).map((r) => r.aviso);
  for (const warning of warnings) console.warn(`[db] ${warning}`);
  return warnings;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded engine itself (PGlite only): backups dump through it, in this process. */
  pglite?: PGlite;
  /** The portal's connection string (PostgreSQL only): the job queue opens its own pool with it. */
  url?: string;
  /**
   * Runs the committed SQL migrations, then installs or updates the job queue's schema (pg-boss,
   * db/job-schema.ts); safe to call from several instances at once.
   */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (a constant identifier) with its payload, and
   * once more without one after a lost connection came back (notifications may have been missed
   * meanwhile). Returns the stop.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (for the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** The committed migrations: found by walking up from this module (src/ or the bundled build/). */
function findMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "drizzle", "meta", "_journal.json"))) return join(dir, "drizzle");
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Pasta de migrações 'drizzle/' não encontrada.");
    dir = parent;
  }
}
export const migrationsFolder = findMigrationsFolder();
// Arbitrary constant shared by every instance: serialises migrations on one PostgreSQL.
const MIGRATION_LOCK_KEY = 727_274_001;

/**
 * Opens PGlite in `dataDir` (or in memory when undefined). Extensions must be the same every time.
 *
 * Durability: with a directory, PGlite writes through Emscripten's NODEFS straight to the files
 * (`relaxedDurability` only matters for the IndexedDB/OPFS file systems). A commit's WAL record is
 * written (write(2)) before the query returns, so an answered write survives the process being
 * killed (tests/e2e/crash-safety.test.ts); PGlite runs PostgreSQL with fsync off, so an OS crash
 * or power loss may lose the last writes: docs/operations.md recommends PostgreSQL for that.
 */
/**
 * PGlite in `dataDir` (in memory when undefined). `loadDataDir` starts it from a dumped data
 * directory instead of an empty one (the tests' migrated template).
 */
export async function openPglite(dataDir: string | undefined, folder = migrationsFolder, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  // PGlite's pages are in memory or the OS cache: a random read costs about a sequential one. With
  // the default 4 the planner scans whole tables rather than use the trigram and foreign-key
  // indexes (npm run bench: a provider search counted in 225 ms by seq scan, 17 ms by index).
  await client.exec("set random_page_cost = 1.1");
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: folder });
      await createPendingUniqueIndexes(db);
      await installJobSchema(jobConnection({ pglite: client }));
    },
    ping: async () => {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting with
 * back-off when it drops; while it is down, the caches' TTL still bounds how stale they may be.
 */
async function listenPostgres(url: string, channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, fallback_application_name: "portal" });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on("error", () => reconnect(next));
    next.on("end", () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    delay = 500;
  };
  const reconnect = (failed: pg.Client) => {
    if (stopped || client !== failed || retry) return;
    client = null;
    failed.end().catch(() => undefined);
    console.error(`[db] conexão de LISTEN ${channel} perdida; reconectando`);
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => onNotify(),
        () => {
          delay = Math.min(delay * 2, 30_000);
          retry = setTimeout(attempt, delay);
          retry.unref();
        },
      );
    };
    retry = setTimeout(attempt, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await (client as pg.Client | null)?.end().catch(() => undefined);
  };
}

/** Statements worth keeping prepared: the application's queries, never DDL or transaction control. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `portal_${createHash("sha1").update(text).digest("base64url")}`;
    // The query shapes are few (values are parameters); the bound only guards against a leak.
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A pg client that sends every query of the application as a named prepared statement, named
 * after its text. Each connection then parses and plans a query shape once and re-executes it
 * with new parameters; at scale the planning of the list joins cost more database CPU than running
 * them (npm run bench, docs/performance.md). Values still travel as bound parameters.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === "object" && "text" in config && !("name" in config && config.name)) {
      const text = String((config as { text: unknown }).text);
      if (PREPARABLE.test(text)) args[0] = { ...config, name: statementName(text) };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * PostgreSQL at `url` (the portal's role). `migrationUrl`, when given, is the tables' owner: it
 * runs the migrations and then grants the portal's role what it needs (db/papeis.ts); without it
 * the portal's role runs them and owns the tables (one role, docs/operations.md).
 */
export async function openPostgres(
  url: string,
  folder = migrationsFolder,
  poolSize = 10,
  migrationUrl?: string,
  { statementTimeoutMs = 0 }: { statementTimeoutMs?: number } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // The name shows in pg_stat_activity (a restore refuses to run while the portal is connected).
    fallback_application_name: "portal",
    Client: PreparingClient,
    // random_page_cost = 1.1 comes from the database itself (migration 0017), not from a
    // connection option a pooler would refuse.
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on("error", (error) => console.error("[db] erro em conexão ociosa:", error.message));
  // The portal's statements have a time limit (a too heavy read is stopped, not left holding a
  // connection the gate needs): set on each new connection, before its first query, rather than
  // as a startup option a pooler would refuse. Long reads lift it inside their transaction (copyOut).
  if (statementTimeoutMs > 0)
    pool.on("connect", (client) => {
      client
        .query(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`)
        .catch((error: Error) => console.error("[db] statement_timeout:", error.message));
    });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    url,
    // On connections of their own, closed afterwards: the app's connections all open after the
    // migrations, with the database's settings as they left them (random_page_cost, 0017).
    migrate: async () => {
      const migrations = new pg.Pool({ connectionString: migrationUrl ?? url, max: 2, fallback_application_name: "portal" });
      const lock = await migrations.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        const migrationDb = drizzlePg({ client: migrations, schema }) as unknown as Db;
        await migratePg(migrationDb as never, { migrationsFolder: folder });
        await createPendingUniqueIndexes(migrationDb);
        await installJobSchema(jobConnection({ url: migrationUrl ?? url }, 2));
        if (migrationUrl) {
          const { rows } = await pool.query<{ app: string; owner: string }>(
            "select current_user as app, (select tableowner from pg_tables where tablename = 'portaria_web_registros_acesso') as owner",
          );
          // Two names for one role would grant nothing: the portal would still own the records.
          if (rows[0]!.app === rows[0]!.owner)
            throw new Error("MIGRATION_DATABASE_URL e DATABASE_URL usam o mesmo papel; o papel do portal não pode ser o dono das tabelas.");
          await grantAppRole(lock, rows[0]!.app);
        }
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lock.release();
        await migrations.end();
      }
    },
    ping: async () => {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
