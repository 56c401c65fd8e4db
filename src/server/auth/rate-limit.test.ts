import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type PortalApp } from "../app";
import { DEFAULT_RATE_LIMITS, type AppConfig } from "../config";
import { eq } from "drizzle-orm";
import { filaEmails, limitesTentativas, rateLimit, session, usuarios, verification } from "../db/schema";
import { ADMIN, createTestApp, TEST_ORIGIN, testConfig, type TestApp, errorWithoutRequestId } from "../testing/harness";
import { createAuthUser } from "./accounts";

// The production limits, not the relaxed ones the other API tests use.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => t.close());

const attempt = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN, ...headers }, payload });

describe("rate limits", () => {
  it("answers 429 after too many sign-in attempts, even with a changing X-Forwarded-For", async () => {
    const { max } = DEFAULT_RATE_LIMITS.signIn;
    for (let i = 0; i < max; i++) {
      const response = await attempt(
        "/api/auth/sign-in/email",
        { email: `ninguem-${i}@teste.local`, password: "errada-123" },
        { "x-forwarded-for": `203.0.113.${i}` },
      );
      expect(response.statusCode).toBe(401);
    }
    const limited = await attempt(
      "/api/auth/sign-in/email",
      { email: ADMIN.email, password: ADMIN.password },
      { "x-forwarded-for": "198.51.100.7", "x-portal-client-ip": "198.51.100.8" },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: "RATE_LIMITED", title: "Muitas tentativas" });
  });

  it("limits password-recovery requests", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.recovery.max; i++) {
      statuses.push((await attempt("/api/auth/request-password-reset", { email: "x@teste.local" })).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits the lead form", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.leads.max; i++) {
      statuses.push((await attempt("/api/leads", { nome: "Spam", email: "spam@teste.local" })).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("rate limits with several server instances", () => {
  // More instances of the portal on the same database, as behind a load balancer.
  const instances: PortalApp[] = [];
  async function instance(overrides: Partial<AppConfig> = {}) {
    const portal = await buildApp(testConfig({ rateLimits: DEFAULT_RATE_LIMITS, ...overrides }), { database: t.database, mailer: t.mailer });
    await portal.app.ready();
    instances.push(portal);
    return portal;
  }
  afterAll(() => Promise.all(instances.map((p) => p.app.close())));

  const from = (portal: PortalApp, remoteAddress: string, url: string, payload: object, headers: Record<string, string> = {}) =>
    portal.app.inject({ method: "POST", url, remoteAddress, headers: { origin: TEST_ORIGIN, ...headers }, payload });

  it("shares the sign-in counter between two instances", async () => {
    const other = await instance();
    const { max } = DEFAULT_RATE_LIMITS.signIn;
    const ip = "192.0.2.10";
    for (let i = 0; i < max; i++) {
      const response = await from(i % 2 ? other : t, ip, "/api/auth/sign-in/email", { email: `ninguem-${i}@teste.local`, password: "errada-123" });
      expect(response.statusCode).toBe(401);
    }
    for (const portal of [t, other]) {
      const limited = await from(portal, ip, "/api/auth/sign-in/email", { email: ADMIN.email, password: ADMIN.password });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.title).toBe("Muitas tentativas");
    }
    // Another client is not affected.
    expect((await from(other, "192.0.2.11", "/api/auth/sign-in/email", { email: ADMIN.email, password: ADMIN.password })).statusCode).toBe(200);
  });

  it("shares the recovery counter between two instances", async () => {
    const other = await instance();
    const { max } = DEFAULT_RATE_LIMITS.recovery;
    const ip = "192.0.2.20";
    for (let i = 0; i < max; i++) {
      const response = await from(i % 2 ? other : t, ip, "/api/auth/request-password-reset", { email: "x@teste.local" });
      expect(response.statusCode).toBe(200);
    }
    for (const portal of [t, other]) {
      expect((await from(portal, ip, "/api/auth/request-password-reset", { email: "x@teste.local" })).statusCode).toBe(429);
    }
  });

  it("shares the lead form's counter between two instances", async () => {
    const other = await instance();
    const { max } = DEFAULT_RATE_LIMITS.leads;
    const ip = "192.0.2.30";
    for (let i = 0; i < max; i++) {
      const response = await from(i % 2 ? other : t, ip, "/api/leads", { nome: "Spam", email: "spam@teste.local" });
      expect(response.statusCode).toBe(201);
    }
    for (const portal of [t, other]) {
      const limited = await from(portal, ip, "/api/leads", { nome: "Spam", email: "spam@teste.local" });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another client is not affected.
    expect((await from(other, "192.0.2.31", "/api/leads", { nome: "Ana", email: "ana@teste.local" })).statusCode).toBe(201);
  });

  it("behind a trusted proxy, counts the address the proxy saw, not one the client forged", async () => {
    // TRUST_PROXY=true: the socket is the proxy (10.0.0.1), which appends the client's real address.
    const a = await instance({ trustProxy: 1 });
    const b = await instance({ trustProxy: 1 });
    const { max } = DEFAULT_RATE_LIMITS.signIn;
    const real = "198.51.100.30";
    for (let i = 0; i < max; i++) {
      const response = await from(
        i % 2 ? b : a,
        "10.0.0.1",
        "/api/auth/sign-in/email",
        { email: `ninguem-${i}@teste.local`, password: "errada-123" },
        {
          "x-forwarded-for": `203.0.113.${i}, ${real}`,
        },
      );
      expect(response.statusCode).toBe(401);
    }
    const limited = await from(
      b,
      "10.0.0.1",
      "/api/auth/sign-in/email",
      { email: ADMIN.email, password: ADMIN.password },
      {
        "x-forwarded-for": `203.0.113.200, ${real}`,
        "x-portal-client-ip": "203.0.113.201",
      },
    );
    expect(limited.statusCode).toBe(429);
    // Another real client behind the same proxy still gets in.
    const other = await from(
      a,
      "10.0.0.1",
      "/api/auth/sign-in/email",
      { email: ADMIN.email, password: ADMIN.password },
      {
        "x-forwarded-for": `${real}, 198.51.100.31`,
      },
    );
    expect(other.statusCode).toBe(200);
  });
});

describe("limits per account and per address, whatever the client's address", () => {
  const { max: failures } = DEFAULT_RATE_LIMITS.signInFailuresPerAccountAndAddress;
  let other: PortalApp;
  beforeAll(async () => {
    other = await buildApp(testConfig({ rateLimits: DEFAULT_RATE_LIMITS }), { database: t.database });
    await other.app.ready();
  });
  afterAll(() => other.app.close());

  // Every attempt from its own address, alternating instances: only the per-account count can stop it.
  let nextAddress = 0;
  const signInFrom = (portal: PortalApp, email: string, password: string) =>
    portal.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
      headers: { origin: TEST_ORIGIN },
      payload: { email, password },
    });

  const signInAt = (portal: PortalApp, remoteAddress: string, email: string, password: string) =>
    portal.app.inject({ method: "POST", url: "/api/auth/sign-in/email", remoteAddress, headers: { origin: TEST_ORIGIN }, payload: { email, password } });

  it("stops sign-in to an account from an address after its failures there, on every instance, even with the right password", async () => {
    const user = await createAuthUser(t.auth, { email: "alvo-login@teste.local", name: "Alvo", password: "Senha-Certa-do-Alvo-1" });
    await t.database.db
      .insert(usuarios)
      .values({ auth_user_id: user.id, nome_completo: "Alvo", email: "alvo-login@teste.local", status: "ativo", primeiro_acesso_concluido: true });
    const attacker = "198.51.100.66";
    for (let i = 0; i < failures; i++) {
      expect((await signInAt(i % 2 ? other : t, attacker, "alvo-login@teste.local", `errada-${i}-senha`)).statusCode).toBe(401);
    }
    for (const portal of [t, other]) {
      const refused = await signInAt(portal, attacker, " ALVO-login@teste.local ".trim(), "Senha-Certa-do-Alvo-1");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({ code: "RATE_LIMITED", title: "Muitas tentativas" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(60);
    }
    expect(await t.database.db.select().from(session).where(eq(session.userId, user.id))).toHaveLength(0);
    // Another account is not affected.
    expect((await signInAt(other, attacker, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    await t.database.db.delete(limitesTentativas);
  });

  it("does not let an attacker at one address lock the account's owner out at another", async () => {
    const attacker = "203.0.113.66";
    const owner = "198.51.100.10";
    for (let i = 0; i < failures * 4; i++)
      expect([401, 429]).toContain((await signInAt(i % 2 ? other : t, attacker, ADMIN.email, `errada-${i}-senha`)).statusCode);
    expect((await signInAt(t, attacker, ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    for (const portal of [t, other]) expect((await signInAt(portal, owner, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    await t.database.db.delete(limitesTentativas);
  });

  it("behind a trusted proxy, the owner's address is not locked out by the attacker's", async () => {
    const proxied = await buildApp(testConfig({ rateLimits: DEFAULT_RATE_LIMITS, trustProxy: 1 }), { database: t.database });
    await proxied.app.ready();
    const via = (client: string, password: string) =>
      proxied.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "10.0.0.1",
        headers: { origin: TEST_ORIGIN, "x-forwarded-for": client },
        payload: { email: ADMIN.email, password },
      });
    for (let i = 0; i < failures; i++) expect((await via("203.0.113.77", `errada-${i}-senha`)).statusCode).toBe(401);
    expect((await via("203.0.113.77", ADMIN.password)).statusCode).toBe(429);
    expect((await via("198.51.100.11", ADMIN.password)).statusCode).toBe(200);
    await proxied.app.close();
    await t.database.db.delete(limitesTentativas);
  });

  it("stops guesses spread over many addresses at the account's ceiling", async () => {
    const ceiling = 8;
    const narrow = await buildApp(
      testConfig({ rateLimits: { ...DEFAULT_RATE_LIMITS, signIn: { window: 60, max: 1000 }, signInFailuresPerAccount: { window: 900, max: ceiling } } }),
      { database: t.database },
    );
    await narrow.app.ready();
    const statuses: number[] = [];
    for (let i = 0; i < ceiling + 2; i++) statuses.push((await signInFrom(narrow, ADMIN.email, `errada-${i}-senha`)).statusCode);
    expect(statuses).toEqual([...Array(ceiling).fill(401), 429, 429]);
    expect((await signInFrom(narrow, ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    await narrow.app.close();
    await t.database.db.delete(limitesTentativas);
  });

  it("answers an address with no account exactly like one with an account", async () => {
    const answers = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= failures; i++) statuses.push((await signInAt(t, "198.51.100.20", email, `errada-${i}-senha`)).statusCode);
      const last = await signInAt(t, "198.51.100.20", email, "qualquer-senha-1");
      return { statuses, last: last.statusCode, body: errorWithoutRequestId(last) };
    };
    const known = await answers(ADMIN.email);
    const unknown = await answers("ninguem-aqui@teste.local");
    expect(known.statuses).toEqual([...Array(failures).fill(401), 429]);
    expect(unknown).toEqual(known);
    await t.database.db.delete(limitesTentativas);
  });

  it("forgets the address's failures after a successful sign-in", async () => {
    const address = "198.51.100.21";
    for (let i = 0; i < failures - 1; i++) expect((await signInAt(t, address, ADMIN.email, `errada-${i}-senha`)).statusCode).toBe(401);
    expect((await signInAt(t, address, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    for (let i = 0; i < failures - 1; i++) expect((await signInAt(other, address, ADMIN.email, `errada-${i}-senha`)).statusCode).toBe(401);
    expect((await signInAt(other, address, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it("counts a wrong current password in Minha conta as a failed sign-in", async () => {
    const user = await createAuthUser(t.auth, { email: "minha-conta@teste.local", name: "Conta", password: "Senha-Atual-da-Conta-1" });
    await t.database.db
      .insert(usuarios)
      .values({ auth_user_id: user.id, nome_completo: "Conta", email: "minha-conta@teste.local", status: "ativo", primeiro_acesso_concluido: true });
    const signedIn = await signInFrom(t, "minha-conta@teste.local", "Senha-Atual-da-Conta-1");
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const change = (senhaAtual: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/me/senha",
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { senhaAtual, novaSenha: "Outra-Senha-Forte-77", confirmacao: "Outra-Senha-Forte-77" },
      });
    for (let i = 0; i < failures; i++) expect((await change(`errada-${i}-senha`)).json().error.code).toBe("WRONG_PASSWORD");
    const refused = await change("Senha-Atual-da-Conta-1");
    expect(refused.statusCode).toBe(429);
    // The password did not change, and sign-in from that address is held too (inject's is 127.0.0.1)...
    expect((await signInAt(other, "127.0.0.1", "minha-conta@teste.local", "Senha-Atual-da-Conta-1")).statusCode).toBe(429);
    // ...but not from the owner's other address.
    expect((await signInAt(other, "198.51.100.22", "minha-conta@teste.local", "Senha-Atual-da-Conta-1")).statusCode).toBe(200);
    // Once the windows end (better-auth's per-address one too), that address signs in again.
    await t.database.db.delete(limitesTentativas);
    await t.database.db.delete(rateLimit);
    expect((await signInAt(other, "127.0.0.1", "minha-conta@teste.local", "Senha-Atual-da-Conta-1")).statusCode).toBe(200);
  });

  it("sends at most the address's recovery e-mails per hour, answering the same to every request", async () => {
    const { max } = DEFAULT_RATE_LIMITS.recoveryPerAddress;
    const user = await createAuthUser(t.auth, { email: "recupera@teste.local", name: "Recupera", password: "Senha-Que-Esqueci-1" });
    await t.database.db
      .insert(usuarios)
      .values({ auth_user_id: user.id, nome_completo: "Recupera", email: "recupera@teste.local", status: "ativo", primeiro_acesso_concluido: true });
    const bodies = new Set<string>();
    for (let i = 0; i <= max + 1; i++) {
      const portal = i % 2 ? other : t;
      const answer = await portal.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        remoteAddress: `198.19.0.${i + 1}`,
        headers: { origin: TEST_ORIGIN },
        payload: { email: "recupera@teste.local" },
      });
      expect(answer.statusCode).toBe(200);
      bodies.add(answer.body);
    }
    expect(bodies.size).toBe(1);
    await t.outbox.deliverPending();
    const queued = await t.database.db.select().from(filaEmails).where(eq(filaEmails.destinatario, "recupera@teste.local"));
    expect(queued).toHaveLength(max);
    // The last link sent is still the live one: the refused requests withdrew only their own.
    const links = await t.database.db.select().from(verification).where(eq(verification.value, user.id));
    expect(links).toHaveLength(1);
  });
});

describe("password limits under concurrent bursts", () => {
  // Only the password limits: the per-address request limit of better-auth is opened wide.
  const rules = { ...DEFAULT_RATE_LIMITS, signIn: { window: 60, max: 100_000 }, signInFailuresPerAccount: { window: 900, max: 10 } };
  const { max: perAddress } = rules.signInFailuresPerAccountAndAddress;
  let burst: PortalApp;
  beforeAll(async () => {
    burst = await buildApp(testConfig({ rateLimits: rules }), { database: t.database });
    await burst.app.ready();
    const user = await createAuthUser(t.auth, { email: "rajada@teste.local", name: "Rajada", password: "Senha-Certa-da-Rajada-1" });
    await t.database.db
      .insert(usuarios)
      .values({ auth_user_id: user.id, nome_completo: "Rajada", email: "rajada@teste.local", status: "ativo", primeiro_acesso_concluido: true });
  });
  afterAll(() => burst.app.close());

  const signIn = (remoteAddress: string, password: string) =>
    burst.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress,
      headers: { origin: TEST_ORIGIN },
      payload: { email: "rajada@teste.local", password },
    });
  const evaluated = (statuses: number[]) => statuses.filter((s) => s !== 429);

  it("evaluates no more than the limit of 50 wrong passwords sent at once from one address", async () => {
    await t.database.db.delete(limitesTentativas);
    const statuses = (await Promise.all(Array.from({ length: 50 }, (_, i) => signIn("198.51.100.90", `errada-${i}-senha`)))).map((r) => r.statusCode);
    expect(evaluated(statuses).length).toBeLessThanOrEqual(perAddress);
    expect(evaluated(statuses).every((s) => s === 401)).toBe(true);
    expect((await signIn("198.51.100.90", "Senha-Certa-da-Rajada-1")).statusCode).toBe(429);
  });

  it("evaluates no more than the account's ceiling of 50 wrong passwords sent at once from 50 addresses", async () => {
    await t.database.db.delete(limitesTentativas);
    const statuses = (await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(`198.18.50.${i + 1}`, `errada-${i}-senha`)))).map((r) => r.statusCode);
    expect(evaluated(statuses).length).toBeLessThanOrEqual(rules.signInFailuresPerAccount.max);
    expect(evaluated(statuses).every((s) => s === 401)).toBe(true);
  });

  it("evaluates no more than the limit of 50 wrong current passwords sent at once to 'Alterar senha'", async () => {
    await t.database.db.delete(limitesTentativas);
    const signedIn = await signIn("198.51.100.91", "Senha-Certa-da-Rajada-1");
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const change = (senhaAtual: string) =>
      burst.app.inject({
        method: "POST",
        url: "/api/me/senha",
        remoteAddress: "198.51.100.91",
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { senhaAtual, novaSenha: "Outra-Senha-Forte-77", confirmacao: "Outra-Senha-Forte-77" },
      });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => change(`errada-${i}-senha`)));
    const wrong = answers.filter((a) => a.statusCode !== 429);
    expect(wrong.length).toBeLessThanOrEqual(perAddress);
    expect(wrong.every((a) => a.json().error.code === "WRONG_PASSWORD")).toBe(true);
    await t.database.db.delete(limitesTentativas);
  });
});
