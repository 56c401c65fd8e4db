import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { once } from "node:events";

export interface ServerTarget {
  kind: "pglite" | "postgres";
  /** PGlite: DATA_DIR. */
  dataDir?: string;
  /** PostgreSQL: DATABASE_URL. */
  databaseUrl?: string;
}

export interface RunningServer {
  baseUrl: string;
  /** The Origin our own pages send: the only one allowed to change data. */
  origin: string;
  pid: number;
  logFile: string;
  /** VmHWM of the server process: its peak resident memory (since start or `resetPeak`), in MB. */
  peakRssMB(): number;
  /** Starts a new peak (writes 5 to /proc/<pid>/clear_refs); false if the kernel refused. */
  resetPeak(): boolean;
  /** One unlabelled series of the server's /metrics (its own port), now. */
  metric(name: string): Promise<number>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  return typeof address === "object" && address ? address.port : 0;
}

/** The arguments of package.json's "start" script after `node`, e.g. ["--max-old-space-size=160", "scripts/start.mjs"]. */
function npmStartArgs(): string[] {
  const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const [command, ...args] = start.trim().split(/\s+/);
  if (command !== "node" || !args.length) throw new Error(`O script "start" do package.json não é "node ...": ${start}`);
  return args;
}

function procStatusKiB(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number.parseInt(line.split(/\s+/)[1]!, 10) : Number.NaN;
}

/**
 * The production server (build/server/main.js) as its own process, as `npm start` runs it, on a
 * free loopback port. Its log goes to `logFile` (production logs every request).
 */
export async function startServer(target: ServerTarget, logFile: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const metricsPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: "127.0.0.1",
    ...extraEnv,
  };
  delete env.PUBLIC_URL;
  delete env.DATABASE_URL;
  if (target.kind === "postgres") env.DATABASE_URL = target.databaseUrl;
  else env.DATA_DIR = target.dataDir;

  const log = openSync(logFile, "w");
  // Exactly what `npm start` runs (its Node flags included), but with this process's node binary
  // and no npm/shell in between, so that `pid` is the server's. BENCH_SERVER_NODE_OPTIONS adds
  // flags for the server only (e.g. to try other V8 heap settings).
  const extra = (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...extra, ...npmStartArgs()], { env, stdio: ["ignore", log, log] });
  closeSync(log);
  let exited: number | null = null;
  child.on("exit", (code) => (exited = code ?? -1));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== null) throw new Error(`O servidor terminou (código ${exited}) antes de ficar pronto; veja ${logFile}.`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`O servidor não ficou pronto em 120 s; veja ${logFile}.`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    origin: baseUrl,
    async metric(name: string) {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const line = text.split("\n").find((l) => l.startsWith(`${name} `));
      return line ? Number(line.split(" ").at(-1)) : Number.NaN;
    },
    pid: child.pid!,
    logFile,
    peakRssMB: () => (procStatusKiB(child.pid!, "VmHWM") * 1024) / 1e6,
    resetPeak: () => {
      try {
        writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (exited !== null) return;
      const done = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await done;
      clearTimeout(timer);
    },
  };
}
