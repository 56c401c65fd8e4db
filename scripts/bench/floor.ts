import { resolve } from "node:path";
import { buildApp, type PortalApp } from "../../src/server/app";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client";
import { lockDataDir, type DataDirLock } from "../../src/server/db/data-dir-lock";
import { createMailer } from "../../src/server/email/mailer";
import { signIn, TEST_ORIGIN, testConfig, type TestApp } from "../../src/server/testing/harness";
import type { ServerTarget } from "./server";
import type { BenchUser, Fixtures, ReadScenario } from "./scenarios";
import { summarize, type Stats } from "./stats";

// The "floor" of a request: the very SQL its handler sends, sent straight to the database by
// a plain driver client with no HTTP, session, validation or JSON around it.
//
// 1. The portal app is built in this process on the target database, whose driver client is
//    wrapped to record every query (text, parameters, start, end).
// 2. Each read is injected once to warm up (and fill the caches, as during the load), then once
//    recording what is sent between the preHandler hook and onSend: the handler's SQL in steady
//    state — not the guard's session lookup, nor a list total or painel count the caches answer
//    (`--explain` shows those too: it runs with the caches off).
// 3. The recorded queries are replayed by 10 concurrent workers for the bench's duration, in
//    the same shape: queries the handler ran together (Promise.all) together, then the next.
//
// PGlite holds one process per data directory (src/server/db/data-dir-lock.ts), so this runs
// while the server is NOT running: before it starts, holding the directory's lock.

type QueryFn = (...args: unknown[]) => Promise<unknown>;
interface Call {
  args: unknown[];
  start: number;
  end: number;
}
/** Groups of calls the handler had in flight together, in order. */
export type Waves = unknown[][][];

export interface FloorSession {
  fixtures: Fixtures;
  database: Database;
  /** Records the SQL of each read (see above). */
  capture(scenarios: ReadScenario[]): Promise<Map<string, Waves>>;
  /** EXPLAIN (ANALYZE, BUFFERS) of each query of a request: its SQL, parameters and plan. */
  explain(waves: Waves): Promise<string>;
  /** Replays one request's SQL with `concurrency` workers for `seconds`. */
  run(waves: Waves, seconds: number, concurrency: number, warmupSeconds: number): Promise<Stats>;
  close(): Promise<void>;
}

export async function openFloor(
  target: ServerTarget,
  loadFixtures: (database: Database) => Promise<Fixtures>,
  options: { caches: boolean },
): Promise<FloorSession> {
  let lock: DataDirLock | undefined;
  let database: Database;
  if (target.kind === "pglite") {
    const dataDir = resolve(target.dataDir!);
    lock = lockDataDir(dataDir);
    database = await openPglite(resolve(dataDir, "pglite"));
  } else {
    database = await openPostgres(target.databaseUrl!); // a pool of 10: the floor's 10 clients
  }
  let portal: PortalApp | undefined;
  try {
    await database.migrate();
    const fixtures = await loadFixtures(database);

    // drizzle keeps its driver client (PGlite instance or pg.Pool) at db.$client.
    const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
    const query: QueryFn = client.query.bind(client);
    let recording: Call[] | null = null;
    let armed: Call[] | null = null;
    client.query = (...args: unknown[]) => {
      const pending = query(...args);
      if (recording) {
        const call: Call = { args, start: performance.now(), end: Number.POSITIVE_INFINITY };
        recording.push(call);
        const settle = () => (call.end = performance.now());
        pending.then(settle, settle);
      }
      return pending;
    };

    const config = testConfig({ cacheTtlMs: options.caches ? 60 * 60_000 : 0 });
    portal = await buildApp(config, { database, mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, log: () => undefined }) });
    portal.app.addHook("preHandler", async () => {
      recording = armed;
    });
    portal.app.addHook("onSend", async () => {
      recording = null;
    });
    await portal.app.ready();
    const app: TestApp = { ...portal, database, close: async () => undefined };
    const app_ = portal.app;

    return {
      fixtures,
      database,
      async capture(scenarios) {
        const cookies = {} as Record<BenchUser, string>;
        for (const [key, user] of Object.entries(fixtures.users) as [BenchUser, { email: string }][]) {
          cookies[key] = await signIn(app, user.email, fixtures.password);
        }
        const captured = new Map<string, Waves>();
        for (const scenario of scenarios) {
          const inject = () => app_.inject({ method: "GET", url: scenario.path, headers: { origin: TEST_ORIGIN, cookie: cookies[scenario.user] } });
          const warm = await inject();
          if (warm.statusCode !== 200) throw new Error(`${scenario.path}: ${warm.statusCode} ${warm.body.slice(0, 300)}`);
          const calls: Call[] = [];
          armed = calls;
          const measured = await inject();
          armed = null;
          if (measured.statusCode !== 200) throw new Error(`${scenario.path}: ${measured.statusCode}`);
          captured.set(scenario.id, toWaves(calls));
        }
        return captured;
      },
      async explain(waves) {
        const out: string[] = [];
        for (const args of waves.flat()) {
          // pg: (config | text, values); PGlite: (text, params, options).
          const first = args[0] as string | { text: string; values?: unknown[] };
          const text = typeof first === "string" ? first : first.text;
          const params = (args[1] as unknown[] | undefined) ?? (typeof first === "string" ? [] : (first.values ?? []));
          const result = (await query(`explain (analyze, buffers) ${text}`, params)) as { rows: Record<string, string>[] };
          out.push(`${text}\n-- ${JSON.stringify(params)}\n${result.rows.map((r) => Object.values(r)[0]).join("\n")}`);
        }
        return out.join("\n\n");
      },
      async run(waves, seconds, concurrency, warmupSeconds) {
        if (!waves.length) return summarize([], seconds);
        const replay = async () => {
          for (const wave of waves) await Promise.all(wave.map((args) => query(...args)));
        };
        const loop = async (until: number, latencies: number[] | null) => {
          while (performance.now() < until) {
            const start = performance.now();
            await replay();
            latencies?.push(performance.now() - start);
          }
        };
        if (warmupSeconds > 0) {
          const until = performance.now() + warmupSeconds * 1000;
          await Promise.all(Array.from({ length: concurrency }, () => loop(until, null)));
        }
        const latencies: number[] = [];
        const started = performance.now();
        const until = started + seconds * 1000;
        await Promise.all(Array.from({ length: concurrency }, () => loop(until, latencies)));
        return summarize(latencies, (performance.now() - started) / 1000);
      },
      async close() {
        await portal?.app.close();
        await database.close();
        lock?.release();
      },
    };
  } catch (error) {
    await portal?.app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/** A query that starts after one of the current group has finished depended on it: new group. */
function toWaves(calls: Call[]): Waves {
  const waves: Call[][] = [];
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    const current = waves.at(-1);
    if (current && call.start < Math.min(...current.map((c) => c.end))) current.push(call);
    else waves.push([call]);
  }
  return waves.map((wave) => wave.map((c) => c.args));
}
