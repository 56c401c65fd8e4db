import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** First run after start, then the interval (ms). */
export const PGLITE_MAINTENANCE = { firstAfterMs: 10 * 60_000, everyMs: 6 * 60 * 60_000 };

/**
 * PGlite runs no autovacuum: without this, the planner's statistics would stay as they were at the
 * last manual ANALYZE (or never exist) and dead rows would pile up. So the server runs VACUUM
 * ANALYZE itself, 10 minutes after start and then every 6 hours (about a second at demo scale 1,
 * during which other queries wait). PostgreSQL's own autovacuum does this for DATABASE_URL.
 */
export function schedulePgliteMaintenance(database: Database, log: (line: string) => void, timing = PGLITE_MAINTENANCE): { stop(): void } {
  if (database.kind !== "pglite") return { stop: () => undefined };
  let timer: NodeJS.Timeout;
  const run = async () => {
    const started = Date.now();
    try {
      await database.db.execute(sql`vacuum analyze`);
      log(`[db] vacuum analyze do PGlite em ${Date.now() - started} ms`);
    } catch (error) {
      log(`[db] vacuum analyze do PGlite falhou: ${(error as Error).message}`);
    }
    timer = setTimeout(() => void run(), timing.everyMs);
    timer.unref();
  };
  timer = setTimeout(() => void run(), timing.firstAfterMs);
  timer.unref();
  return { stop: () => clearTimeout(timer) };
}
