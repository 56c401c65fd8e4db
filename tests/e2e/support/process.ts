import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

// The production server (`node build/server/main.js`, what `npm start` runs) and the npm scripts
// as child processes, for the tests that need real processes: start-up, crash, backups.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function waitFor(check: () => boolean, timeoutMs = 90_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the banner is printed; rejects with the output if the process ends first. */
  ready(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills (SIGKILL) every server a test started and left running; for afterAll. */
export function killServers() {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/** Starts the built server with `env` on top of ours (DATA_DIR or DATABASE_URL, ADMIN_*...). */
export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ADMIN_PASSWORD: "", ADMIN_EMAIL: "", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      ended = true;
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async ready() {
      await waitFor(() => output.includes("Portal no ar") || ended, 120_000, "the server banner");
      if (!output.includes("Portal no ar")) throw new Error(`the server ended before it was ready:\n${output}`);
    },
  };
}

/** Runs `scripts/<name>.ts` (an npm script such as backup or restore) to its end. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** A signed-in API client for a server on `url`; sends the trusted Origin every request needs. */
export async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return apiClient(url, cookie);
}

export type ApiClient = ReturnType<typeof apiClient>;

export function apiClient(url: string, cookie: string) {
  return {
    url,
    cookie,
    /** The same session against another server (e.g. after a restart on another port). */
    on: (other: string) => apiClient(other, cookie),
    async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { origin: url, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
  };
}
