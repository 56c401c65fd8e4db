import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, errorWithoutRequestId } from "./testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("route table", () => {
  it("declares who may call every route", () => {
    const undeclared = t.routes.filter((r) => r.config.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(t.routes.length).toBeGreaterThan(4);
  });
});

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await t.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ok", emails: { pendentes: 0, falhas: 0 } });
  });
});

describe("errors", () => {
  it("answers an unknown API path with 404 in the error shape", async () => {
    const response = await t.app.inject("/api/nao-existe");
    expect(response.statusCode).toBe(404);
    expect(errorWithoutRequestId(response)).toEqual({ error: { code: "NOT_FOUND", title: "Não encontrado", message: "O registro solicitado não existe." } });
  });

  it("refuses a state-changing request without Origin", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/leads", payload: { nome: "A", email: "a@b.com" } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("UNTRUSTED_ORIGIN");
  });

  it("sends security headers", async () => {
    const response = await t.app.inject("/healthz");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBeDefined();
    expect(response.headers["x-frame-options"]).toBeDefined();
  });
});
