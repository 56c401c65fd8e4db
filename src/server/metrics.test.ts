import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMetrics } from "./metrics";
import { createTestApp, request, signIn, ADMIN, type TestApp } from "./testing/harness";

// Prometheus metrics (issue 17) on a port of their own: requests by route and status, latency,
// the e-mail outbox (and, on PostgreSQL, the pool), the process. Never on the app's port.

let t: TestApp;
let metrics: Awaited<ReturnType<typeof serveMetrics>>;
beforeAll(async () => {
  t = await createTestApp();
  metrics = await serveMetrics(t.metrics, 0, "127.0.0.1");
});
afterAll(async () => {
  await metrics.close();
  await t.close();
});

const scrape = async () => {
  const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
};
const sample = (text: string, name: string, labels: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(labels ? `${name}{${labels}}` : `${name} `))
      ?.split(" ")
      .at(-1) ?? Number.NaN,
  );

describe("metrics", () => {
  it("counts requests by route pattern and status, with their latency", async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const before = await scrape();
    const labels = 'method="GET",route="/api/condominios/:id",status="404"';
    const counted = Number.isNaN(sample(before, "portal_http_requests_total", labels)) ? 0 : sample(before, "portal_http_requests_total", labels);
    for (const id of ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"]) {
      expect((await request(t, "GET", `/api/condominios/${id}`, { cookie: admin })).statusCode).toBe(404);
    }
    const after = await scrape();
    // One series for the route, whatever the id: the path's values never become labels.
    expect(sample(after, "portal_http_requests_total", labels)).toBe(counted + 2);
    expect(after).not.toContain("00000000-0000-4000-8000-000000000001");
    expect(sample(after, "portal_http_request_duration_seconds_count", 'method="GET",route="/api/condominios/:id"')).toBeGreaterThanOrEqual(2);
  });

  it("reports the e-mail outbox and the process", async () => {
    const text = await scrape();
    expect(sample(text, "portal_email_outbox", 'state="pendentes"')).toBeGreaterThanOrEqual(0);
    // Nothing else in flight while the metrics are read (they have their own port).
    expect(sample(text, "portal_requisicoes_em_andamento", "")).toBe(0);
    expect(text).toContain("portal_process_resident_memory_bytes");
    if (t.database.kind === "postgres") expect(sample(text, "portal_db_pool_connections", 'state="total"')).toBeGreaterThan(0);
  });

  it("answers nothing but GET /metrics", async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/api/condominios`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: "POST" })).status).toBe(404);
  });
});
