import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The real start-up path (`node build/server/main.js`, as `npm start` runs it) on a fresh data directory.
const dataDir = mkdtempSync(join(tmpdir(), "portal-start-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function start(port: number) {
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ADMIN_PASSWORD: "", ADMIN_EMAIL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("npm start", () => {
  it("serves the portal on the embedded database, prints how to sign in, and refuses a second start on the same data", async () => {
    const port = await freePort();
    const first = start(port);
    await waitFor(() => first.output().includes("Portal no ar"));
    const banner = first.output();
    expect(banner).toContain("PGlite embutido");
    expect(banner).toContain("email: admin@portal.local");
    const password = banner.match(/senha: (\S+)/)?.[1];
    expect(password).toBeTruthy();

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: "admin@portal.local", password }),
    });
    expect(login.status).toBe(200);

    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("já está em uso por outro processo do portal");
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // Graceful stop releases the lock: a new start on the same data works and keeps the admin.
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const port3 = await freePort();
    const third = start(port3);
    await waitFor(() => third.output().includes("Portal no ar"));
    expect(third.output()).not.toContain("Primeiro administrador criado");
    const again = await fetch(`http://127.0.0.1:${port3}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port3}` },
      body: JSON.stringify({ email: "admin@portal.local", password }),
    });
    expect(again.status).toBe(200);
  });
});
