import type { PGlite } from "@electric-sql/pglite";
import { fromPglite, PgBoss, type ConstructorOptions } from "pg-boss";

/** pg-boss's own schema: its tables never mix with the application's (public). */
export const JOB_SCHEMA = "pgboss";

/**
 * How pg-boss reaches this database: on PGlite through the same embedded engine (its adapter runs
 * pg-boss's statements on PGlite's one connection); on PostgreSQL over a small pool of its own.
 */
export function jobConnection(target: { pglite?: PGlite; url?: string }, poolMax = 4): ConstructorOptions {
  if (target.pglite) return { db: fromPglite(target.pglite), backend: "pglite", schema: JOB_SCHEMA };
  if (!target.url) throw new Error("pg-boss: sem PGlite nem URL do PostgreSQL");
  return { connectionString: target.url, max: poolMax, schema: JOB_SCHEMA, application_name: "portal-jobs" };
}

/**
 * Creates pg-boss's schema, or brings it to this pg-boss's version, and stops: run with the
 * migrations (on PostgreSQL by their role and under their lock), so that the running instances
 * find it ready (and, with two roles, the portal's role needs no right to create anything).
 */
export async function installJobSchema(connection: ConstructorOptions): Promise<void> {
  const boss = new PgBoss({ ...connection, supervise: false, schedule: false, registerInstance: false, openTelemetry: { enabled: false } });
  let failure: unknown;
  boss.on("error", (error) => (failure ??= error));
  await boss.start();
  await boss.stop({ graceful: false });
  if (failure) throw failure as Error;
}

/** What the portal's role needs in pg-boss's schema when another role owns it (db/papeis.ts). */
export const jobSchemaGrants = (role: string): string[] => [
  `grant usage on schema ${JOB_SCHEMA} to ${role}`,
  `grant select, insert, update, delete on all tables in schema ${JOB_SCHEMA} to ${role}`,
  `grant usage, select, update on all sequences in schema ${JOB_SCHEMA} to ${role}`,
  `grant execute on all functions in schema ${JOB_SCHEMA} to ${role}`,
];
