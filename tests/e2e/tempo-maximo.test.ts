import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../src/shared/messages";
import { createPostgresDatabase } from "../../src/server/testing/harness";
import { freePort, killServers, startServer, type ServerProcess } from "./support/process";

// Issue 33: on PostgreSQL no statement of a request runs for seconds. The built server, with
// DATABASE_STATEMENT_TIMEOUT_MS, as `npm start` runs it. A read held up (here behind a lock another
// connection keeps on the records, which counts toward statement_timeout like a slow plan does) is
// stopped and answered 503 in Portuguese, and the connection goes back to the gate; the CSV export,
// a long read by design, is exempt. (PGlite has no statement timeout: there the reads are bounded
// by their shape, src/server/modules/registros/busca-limitada.test.ts.)

const ADMIN_EMAIL = "admin@tempo-maximo.local";
const ADMIN_PASSWORD = "Senha-do-tempo-maximo-1";
const TEMPO_MAXIMO_MS = 400;
const pgBase = process.env.TEST_DATABASE_URL;

let portal: ServerProcess;
let publicUrl = "";
let databaseUrl = "";
let cookie = "";
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  if (!pgBase) throw new Error("TEST_DATABASE_URL não definida: o teste do tempo máximo das consultas precisa do PostgreSQL.");
  const created = await createPostgresDatabase(pgBase, "portal_tempo_maximo");
  cleanups.push(() => created.drop());
  databaseUrl = created.url;
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  portal = startServer(port, {
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    PUBLIC_URL: publicUrl,
    DATABASE_STATEMENT_TIMEOUT_MS: String(TEMPO_MAXIMO_MS),
  });
  await portal.ready();
  const response = await fetch(`${portal.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: publicUrl, "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const get = (path: string) => fetch(`${portal.url}${path}`, { headers: { origin: publicUrl, cookie } });

/** Another connection holding every access record for itself until `release` (a long write, a bad plan). */
async function trancarRegistros() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query("lock table portaria_web_registros_acesso in access exclusive mode");
  return async () => {
    await client.query("rollback");
    await client.end();
  };
}

describe("a statement that runs too long on PostgreSQL", () => {
  it("is stopped at DATABASE_STATEMENT_TIMEOUT_MS and answered 503 in Portuguese; the next read works", async () => {
    const liberar = await trancarRegistros();
    try {
      const inicio = performance.now();
      const response = await get("/api/registros?de=2025-01-01&ate=2025-12-31&tipo_pessoa=visitante&resultado=negado");
      const ms = performance.now() - inicio;
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: { code: "STATEMENT_TIMEOUT", ...MSG.consultaDemorada } });
      // Stopped at its limit, not when the lock went away (seconds later, if ever).
      expect(ms).toBeGreaterThanOrEqual(TEMPO_MAXIMO_MS - 50);
      // The gate's own reads do not touch the locked table and go on meanwhile.
      expect((await get("/api/me")).status).toBe(200);
    } finally {
      await liberar();
    }
    const depois = await get("/api/registros?de=2025-01-01&ate=2025-12-31&tipo_pessoa=visitante&resultado=negado");
    expect(depois.status).toBe(200);
  });

  it("does not stop the CSV export, a long read by design", async () => {
    const liberar = await trancarRegistros();
    const exportacao = get("/api/registros/exportar?de=2025-01-01&ate=2025-12-31");
    // Held well past the limit before the records are free again.
    await new Promise((resolve) => setTimeout(resolve, TEMPO_MAXIMO_MS * 3));
    await liberar();
    const response = await exportacao;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Data e hora");
  });
});
