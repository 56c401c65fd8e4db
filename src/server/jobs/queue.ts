import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss, type Job, type Queue, type WorkOptions } from "pg-boss";
import type { Database, Db } from "../db/client";
import { jobConnection } from "../db/job-schema";

/** Longest wait for a running job when the app stops; main.ts forces the exit 15 s after SIGTERM. */
export const STOP_TIMEOUT_MS = 10_000;

export interface JobLog {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export interface JobDefinition<T extends object> {
  /** Retries, expiry and retention of the queue's jobs (pg-boss queue options). */
  queue?: Pick<Queue, "retryLimit" | "retryDelay" | "retryBackoff" | "expireInSeconds" | "retentionSeconds" | "deleteAfterSeconds" | "notify">;
  /** How this instance's worker fetches (pg-boss work options). */
  work?: WorkOptions;
  /** Also sent by pg-boss's cron (in UTC, one job per slot for all instances together). */
  cron?: string;
  handler(jobs: Job<T>[]): Promise<void>;
}

export interface JobQueue {
  /** Declares a queue and its handler; before `start`, which creates it and starts its worker. */
  define<T extends object>(name: string, definition: JobDefinition<T>): void;
  /**
   * Queues a job; with `tx` it is written in the caller's transaction (a rollback drops it). Does
   * nothing before `start` or after `stop`: callers keep their own record of the work (the e-mail
   * outbox's table), which the periodic sweep finds.
   */
  send(name: string, data: object, options?: { tx?: Db; startAfterSeconds?: number }): Promise<void>;
  /** True between `start` and `stop`. */
  readonly running: boolean;
  /** Connects, creates the declared queues and schedules, starts the workers. */
  start(): Promise<void>;
  /** Takes no more jobs and waits (at most STOP_TIMEOUT_MS) for the running ones. */
  stop(): Promise<void>;
  /** pg-boss itself, for tests and inspection. */
  readonly boss: PgBoss;
}

export interface JobQueueOptions {
  /** Whether this instance sends the cron jobs (pg-boss `schedule`); off in the API tests. */
  schedules?: boolean;
}

/**
 * The background work of the portal on pg-boss (docs/arquitetura.md, decision 0035): jobs live in
 * the database (schema `pgboss`), so a restart loses none, and every instance on one PostgreSQL
 * shares them, each job running on one of them. On PGlite the same code runs in the one process.
 */
export function createJobQueue(database: Database, log: JobLog, options: JobQueueOptions = {}): JobQueue {
  const boss = new PgBoss({
    ...jobConnection(database),
    // Workers poll (each queue at its own interval); no connection is held for LISTEN.
    useListenNotify: false,
    schedule: options.schedules ?? true,
    // The migrations installed the schema (db/job-schema.ts); an instance never changes it.
    migrate: false,
    createSchema: false,
    instanceName: "portal",
  });
  boss.on("error", (error: Error) => log.error(`[fila] ${error.message}`));
  boss.on("warning", (warning: { message: string }) => log.warn(`[fila] ${warning.message}`));
  const definitions = new Map<string, JobDefinition<object>>();
  let running = false;

  return {
    boss,
    get running() {
      return running;
    },
    define(name, definition) {
      if (running) throw new Error(`fila ${name}: defina antes de iniciar`);
      definitions.set(name, definition as JobDefinition<object>);
    },
    async send(name, data, { tx, startAfterSeconds } = {}) {
      if (!running) return;
      await boss.send(name, data, {
        ...(tx ? { db: fromDrizzle(tx as never, sql) } : {}),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      });
    },
    async start() {
      if (running) return;
      await boss.start();
      for (const [name, definition] of definitions) {
        await boss.createQueue(name, definition.queue ?? {});
        // A queue created by an older release keeps its options unless they are set again.
        if (definition.queue) await boss.updateQueue(name, definition.queue);
        if (definition.cron) await boss.schedule(name, definition.cron);
        else await boss.unschedule(name);
      }
      for (const [name, definition] of definitions) await boss.work<object>(name, definition.work ?? {}, (jobs) => definition.handler(jobs));
      running = true;
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}
