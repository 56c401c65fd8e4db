import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../../db/client";
import type { Outbox } from "../../email/outbox";

export const healthRoutes =
  (database: Database, outbox: Outbox): FastifyPluginAsync =>
  async (app) => {
    // Process is up (liveness).
    app.get("/healthz", { config: { access: "public" } }, async () => ({ status: "ok" }));
    // Database answers (readiness). The e-mail queue is reported for monitoring (an alert on
    // `falhas` > 0 or a growing `pendentes`), without making the instance unready.
    app.get("/readyz", { config: { access: "public" } }, async (_request, reply) => {
      const ok = await database.ping();
      const emails = ok ? await outbox.stats().catch(() => null) : null;
      return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", database: database.kind, ...(emails ? { emails } : {}) });
    });
  };
