import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../src/server/testing/harness";
import { freePort, killServers, startServer, type ServerProcess } from "./support/process";

// Two real instances of the portal (the built server, as `npm start` runs it) on one PostgreSQL,
// as behind a load balancer. A sign-in on one is honoured by the other, and revocation made on one
// takes effect on the other at once (LISTEN/NOTIFY, migration 0009), although each keeps sessions
// and permissions in memory for a whole minute here (CACHE_TTL_MS). "At once" is as soon as B hears
// the notification: the checks on B allow it 3 s (it is milliseconds; a busy machine delays it), a
// twentieth of the minute the cache would otherwise hold.

const ADMIN_EMAIL = "admin@instancias.local";
const ADMIN_PASSWORD = "Senha-das-instancias-1";
const pgBase = process.env.TEST_DATABASE_URL;

let a: ServerProcess;
let b: ServerProcess;
let publicUrl: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  if (!pgBase) throw new Error("TEST_DATABASE_URL não definida: o teste de duas instâncias precisa do PostgreSQL.");
  const created = await createPostgresDatabase(pgBase, "portal_instancias");
  cleanups.push(() => created.drop());
  const [portA, portB] = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${portA}`;
  const env = { DATABASE_URL: created.url, ADMIN_EMAIL, ADMIN_PASSWORD, PUBLIC_URL: publicUrl, CACHE_TTL_MS: "60000" };
  // One after the other: the first creates the schema, the administrator and the auth secret.
  a = startServer(portA, env);
  await a.ready();
  b = startServer(portB, env);
  await b.ready();
});

afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A request to one instance with the site's Origin (both serve the same PUBLIC_URL). */
async function call(server: ServerProcess, method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      origin: publicUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, cookies: response.headers.getSetCookie() };
}

async function signIn(server: ServerProcess, email: string, password: string) {
  const response = await call(server, "POST", "/api/auth/sign-in/email", { body: { email, password } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.cookies.map((c) => c.split(";")[0]).join("; ");
}

/** The status B answers, asked again until it is `expected` or 3 s have passed. */
async function expectOnB(path: string, cookie: string, expected: number) {
  await expect.poll(async () => (await call(b, "GET", path, { cookie })).status, { timeout: 3_000, interval: 50 }).toBe(expected);
}

describe("two instances on one PostgreSQL", () => {
  it("a sign-in on one is honoured by the other", async () => {
    const cookie = await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD);
    const onB = await call(b, "GET", "/api/me", { cookie });
    expect(onB.status).toBe(200);
    expect(onB.body.user.email).toBe(ADMIN_EMAIL);
  });

  it("a permission removed and an account deactivated on one take effect on the other at once", async () => {
    const admin = await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD);
    const permissoes = (await call(a, "GET", "/api/permissoes", { cookie: admin })).body.rows as { id: string; nome_permissao: string }[];
    const ver = permissoes.find((p) => p.nome_permissao === "visualizar_unidades")!.id;
    const grupo = await call(a, "POST", "/api/grupos", { cookie: admin, body: { nome_grupo: "Portaria Noturna", permissao_ids: [ver] } });
    expect(grupo.status).toBe(201);
    const created = await call(a, "POST", "/api/usuarios", {
      cookie: admin,
      body: { nome_completo: "Porteira Noturna", email: "porteira@instancias.local", senha: "Provisoria-Noturna-1", grupo_ids: [grupo.body.id] },
    });
    expect(created.status).toBe(201);

    // The porteira works on instance B: first access there, then the unit list (now in B's memory).
    const porteira = await signIn(b, "porteira@instancias.local", "Provisoria-Noturna-1");
    const senha = "Lanterna-Coruja-Madrugada-9";
    expect((await call(b, "POST", "/api/me/senha", { cookie: porteira, body: { novaSenha: senha, confirmacao: senha } })).status).toBe(204);
    expect((await call(b, "GET", "/api/unidades", { cookie: porteira })).status).toBe(200);

    const removed = await call(a, "PUT", `/api/grupos/${grupo.body.id}`, { cookie: admin, body: { nome_grupo: "Portaria Noturna", permissao_ids: [] } });
    expect(removed.status).toBe(200);
    await expectOnB("/api/unidades", porteira, 403);

    expect(
      (await call(a, "PUT", `/api/grupos/${grupo.body.id}`, { cookie: admin, body: { nome_grupo: "Portaria Noturna", permissao_ids: [ver] } })).status,
    ).toBe(200);
    await expectOnB("/api/unidades", porteira, 200);

    const deactivated = await call(a, "PATCH", `/api/usuarios/${created.body.id}/status`, { cookie: admin, body: { status: "inativo" } });
    expect(deactivated.status).toBe(200);
    await expectOnB("/api/me", porteira, 401);
  });

  it("a session ended from Minha conta on one instance ends on the other at once", async () => {
    const here = await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD);
    const there = await signIn(b, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await call(b, "GET", "/api/me", { cookie: there })).status).toBe(200);
    const ended = await call(a, "POST", "/api/me/sessoes/encerrar-outras", { cookie: here, body: {} });
    expect(ended.status).toBe(200);
    await expectOnB("/api/me", there, 401);
    expect((await call(b, "GET", "/api/me", { cookie: here })).status).toBe(200);
  });
});
