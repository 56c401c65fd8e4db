import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../config";
import { ADMIN, createTestApp, TEST_ORIGIN, type TestApp } from "../testing/harness";

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
