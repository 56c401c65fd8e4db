import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type PortalApp } from "../app";
import { DEFAULT_RATE_LIMITS, type AppConfig } from "../config";
import { ADMIN, createTestApp, TEST_ORIGIN, testConfig, type TestApp } from "../testing/harness";

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
        { email: ADMIN.email, password: "errada-123" },
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
      const response = await from(i % 2 ? other : t, ip, "/api/auth/sign-in/email", { email: ADMIN.email, password: "errada-123" });
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

  it("behind a trusted proxy, counts the address the proxy saw, not one the client forged", async () => {
    // TRUST_PROXY=true: the socket is the proxy (10.0.0.1), which appends the client's real address.
    const a = await instance({ trustProxy: true });
    const b = await instance({ trustProxy: true });
    const { max } = DEFAULT_RATE_LIMITS.signIn;
    const real = "198.51.100.30";
    for (let i = 0; i < max; i++) {
      const response = await from(i % 2 ? b : a, "10.0.0.1", "/api/auth/sign-in/email", { email: ADMIN.email, password: "errada-123" }, {
        "x-forwarded-for": `203.0.113.${i}, ${real}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const limited = await from(b, "10.0.0.1", "/api/auth/sign-in/email", { email: ADMIN.email, password: ADMIN.password }, {
      "x-forwarded-for": `203.0.113.200, ${real}`,
      "x-portal-client-ip": "203.0.113.201",
    });
    expect(limited.statusCode).toBe(429);
    // Another real client behind the same proxy still gets in.
    const other = await from(a, "10.0.0.1", "/api/auth/sign-in/email", { email: ADMIN.email, password: ADMIN.password }, {
      "x-forwarded-for": `${real}, 198.51.100.31`,
    });
    expect(other.statusCode).toBe(200);
  });
});
