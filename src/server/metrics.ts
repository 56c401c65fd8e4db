import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { LeiturasLongas } from "./db/leituras-longas";
import type { Database } from "./db/client";
import type { Outbox } from "./email/outbox";

// Metrics in Prometheus' text format (issue 17), served on a port of their own (METRICS_PORT,
// on METRICS_HOST, 127.0.0.1 by default): never on the public port, so they need no route in the
// app, no session and no token. docs/operations.md, "Métricas".

export interface PortalMetrics {
  registry: Registry;
}

/** A request that matched no route is counted under one name, not under each path tried. */
const SEM_ROTA = "(sem rota)";

/** Counts every request of `app` by route and status, and reads the pool and the outbox on each scrape. */
export function registerMetrics(app: FastifyInstance, database: Database, outbox: Outbox, leituras: Pick<LeiturasLongas, "emAndamento">): PortalMetrics {
  const registry = new Registry();

  const requests = new Counter({
    name: "portal_http_requests_total",
    help: "Requisições HTTP respondidas, por método, rota e status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Tempo de resposta das requisições HTTP, por método e rota.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? SEM_ROTA;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: "portal_db_pool_connections",
    help: "Conexões do pool com o PostgreSQL: abertas, ociosas e pedidos esperando uma.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "portal_email_outbox",
    help: "Emails na fila: pendentes (a enviar) e que falharam de vez.",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const stats = await outbox.stats().catch(() => null);
      if (!stats) return;
      this.set({ state: "pendentes" }, stats.pendentes);
      this.set({ state: "falhas" }, stats.falhas);
    },
  });
  new Gauge({
    name: "portal_requisicoes_em_andamento",
    help: "Requisições em andamento que as leituras longas do PGlite esperam entre páginas (sem exportações nem o tempo real).",
    registers: [registry],
    collect() {
      this.set(leituras.emAndamento);
    },
  });
  return { registry };
}

/** How often each cache answered from memory ("acerto") or sent the lookup to the database ("falta"). */
export function registerCacheMetrics(metrics: PortalMetrics, caches: Record<string, { hits: number; misses: number }>) {
  new Gauge({
    name: "portal_cache_consultas",
    help: "Consultas aos caches da instância desde a partida: respondidas da memória (acerto) ou levadas ao banco (falta).",
    labelNames: ["cache", "resultado"] as const,
    registers: [metrics.registry],
    collect() {
      for (const [cache, { hits, misses }] of Object.entries(caches)) {
        this.set({ cache, resultado: "acerto" }, hits);
        this.set({ cache, resultado: "falta" }, misses);
      }
    },
  });
}

/** The metrics' own HTTP server: GET /metrics, nothing else (plus the process's own: memory, CPU, event loop). */
export async function serveMetrics(metrics: PortalMetrics, port: number, host: string): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  // Only here, where they are served: they keep a timer of their own (the event loop's delay).
  collectDefaultMetrics({ register: metrics.registry, prefix: "portal_" });
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
