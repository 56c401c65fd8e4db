import { resolve } from "node:path";
import type { AppConfig } from "../config";
import { openPglite, openPostgres, type Database } from "./client";
import { lockDataDir } from "./data-dir-lock";

/** The configured database, open, and how to close it (the data directory's lock included). */
export interface BancoAberto {
  database: Database;
  close(): Promise<void>;
}

/**
 * The configured database as the portal and its tools open it: DATABASE_URL's PostgreSQL, or
 * DATA_DIR's PGlite under the data directory's lock (two processes on one directory corrupt it;
 * a second one is refused with DataDirLockedError).
 *
 * `comoDono`: for the tools that rewrite data (restore, the demo), the tables' owner
 * (MIGRATION_DATABASE_URL) is the connection itself; otherwise it only runs the migrations.
 * `tempoMaximoMs`: the statement timeout of the portal's requests (PostgreSQL; the tools have none).
 */
export async function abrirBancoConfigurado(
  config: Pick<AppConfig, "databaseUrl" | "migrationDatabaseUrl" | "dataDir">,
  { conexoes = 10, comoDono = false, tempoMaximoMs = 0 }: { conexoes?: number; comoDono?: boolean; tempoMaximoMs?: number } = {},
): Promise<BancoAberto> {
  if (config.databaseUrl) {
    const database = comoDono
      ? await openPostgres(config.migrationDatabaseUrl ?? config.databaseUrl, undefined, conexoes)
      : await openPostgres(config.databaseUrl, undefined, conexoes, config.migrationDatabaseUrl, { statementTimeoutMs: tempoMaximoMs });
    return { database, close: () => database.close() };
  }
  const dataDir = resolve(config.dataDir);
  const lock = lockDataDir(dataDir);
  let database: Database;
  try {
    database = await openPglite(resolve(dataDir, "pglite"));
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    database,
    async close() {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}
