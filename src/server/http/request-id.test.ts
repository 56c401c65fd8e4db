import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logging";
import { createTestApp, request, type TestApp } from "../testing/harness";

// X-Request-Id (issue 17): taken from the caller or made new, echoed in the response header and
// the error body, and on the log line of that request, so an operator finds what a user reports.

const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  const output = new PassThrough();
  output.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  t = await createTestApp({}, { logger: createLogger({ logLevel: "info", logFormat: "json" }, output) });
});
afterAll(() => t.close());

const logOf = (id: string) => lines.filter((line) => line.request_id === id);

describe("X-Request-Id", () => {
  it("echoes the caller's id in the header, in the error body and on the request's log line", async () => {
    const id = "proxy-4f2a9c1e-0001";
    const response = await t.app.inject({ method: "GET", url: "/api/condominios/00000000-0000-4000-8000-000000000000", headers: { "x-request-id": id } });
    expect(response.statusCode).toBe(401);
    expect(response.headers["x-request-id"]).toBe(id);
    expect(response.json().error.request_id).toBe(id);
    const [line, ...more] = logOf(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/api/condominios/00000000-0000-4000-8000-000000000000" },
      res: { statusCode: 401 },
    });
  });

  it("makes a new UUID when none is sent, or when the one sent could forge a log line", async () => {
    for (const sent of [undefined, "a\u0000b", "x".repeat(129), "id with spaces"]) {
      const response = await t.app.inject({ method: "GET", url: "/healthz", headers: sent === undefined ? {} : { "x-request-id": sent } });
      const id = String(response.headers["x-request-id"]);
      expect(id, String(sent)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it("logs a health probe below info, so probes do not fill the log", async () => {
    const response = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "probe-1" } });
    expect(response.statusCode).toBe(200);
    expect(logOf("probe-1")).toEqual([]);
    const ok = await request(t, "GET", "/api/permissoes");
    expect(logOf(String(ok.headers["x-request-id"]))).toHaveLength(1);
  });
});
