import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../../db/client";

export const healthRoutes =
  (database: Database): FastifyPluginAsync =>
  async (app) => {
    // Process is up (liveness).
    app.get("/healthz", { config: { access: "public" } }, async () => ({ status: "ok" }));
    // Database answers (readiness).
    app.get("/readyz", { config: { access: "public" } }, async (_request, reply) => {
      const ok = await database.ping();
      return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", database: database.kind });
    });
  };
