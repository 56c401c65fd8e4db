import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killServers, startServer, waitFor } from "./support/process";

// The real start-up path (`node build/server/main.js`, as `npm start` runs it) on a fresh data directory.
// (A restart after SIGKILL, with the stale lock taken over, is in durability.test.ts.)
const dataDir = mkdtempSync(join(tmpdir(), "portal-start-"));

afterAll(() => {
  killServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = (port: number) => startServer(port, { DATA_DIR: dataDir });

describe("npm start", () => {
  it("serves the portal on the embedded database, prints how to sign in, and refuses a second start on the same data", async () => {
    const port = await freePort();
    const first = start(port);
    await waitFor(() => first.output().includes("Portal no ar"));
    const banner = first.output();
    expect(banner).toContain("PGlite embutido");
    // The Node.js it runs on (the lock's Node 24 under npm), and no warning about an older one.
    expect(banner).toContain(`Node.js: ${process.version}`);
    expect(banner).not.toContain("Aviso: Node.js");
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
