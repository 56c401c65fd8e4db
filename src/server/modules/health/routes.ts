import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { Outbox } from "../../email/outbox";

const liveSchema = z.object({ status: z.literal("ok") });
const readySchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
  /** The e-mail queue: waiting messages and messages that gave up (absent when the database is down). */
  emails: z.object({ pendentes: z.number().int(), falhas: z.number().int() }).optional(),
});

export const healthRoutes =
  (database: Database, outbox: Outbox): FastifyPluginAsyncZod =>
  async (app) => {
    // Process is up (liveness).
    app.get("/healthz", { config: { access: "public", description: "processo no ar" }, schema: { response: { 200: liveSchema } } }, async () => ({
      status: "ok" as const,
    }));
    // Database answers (readiness). The e-mail queue is reported for monitoring (an alert on
    // `falhas` > 0 or a growing `pendentes`), without making the instance unready.
    app.get(
      "/readyz",
      {
        config: { access: "public", description: "banco respondendo (503 se não) e `emails: { pendentes, falhas }` da fila de emails" },
        schema: { response: { 200: readySchema, 503: readySchema } },
      },
      async (_request, reply) => {
        const ok = await database.ping();
        const emails = ok ? await outbox.stats().catch(() => null) : null;
        return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", database: database.kind, ...(emails ? { emails } : {}) });
      },
    );
  };
