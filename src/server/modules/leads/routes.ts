import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG } from "@shared/messages";
import { leadCreateSchema } from "@shared/schemas/lead";
import { attemptKey, createAttemptLimiter } from "../../auth/attempt-limiter";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema";
import { AppError } from "../../errors";

export const leadsRoutes =
  (db: Db, config: AppConfig): FastifyPluginAsyncZod =>
  async (app) => {
    // Per client address, counted in the database: every instance behind the balancer counts
    // together (a per-instance counter would let N instances take N times the limit).
    const limiter = createAttemptLimiter(db, config.rateLimits.leads);

    app.post(
      "/api/leads",
      {
        config: {
          access: "public",
          description: "`{ nome, email, telefone_celular?, descricao? }` → 201 `{ id }`",
          scope: "sem_escopo",
          sample: { body: () => ({ nome: "Maria Souza", email: "maria@exemplo.com.br", descricao: "Quero um orçamento." }) },
          storesText: { readBack: async (created) => (await db.select().from(leads).where(eq(leads.id, created.id)))[0]! },
        },
        schema: { body: leadCreateSchema, response: { 201: z.object({ id: z.string() }) } },
        onRequest: async (request, reply) => {
          const key = attemptKey("lead", request.ip);
          if ((await limiter.hit(key)) <= config.rateLimits.leads.max) return;
          reply.header("retry-after", String(Math.max(await limiter.blockedFor(key), 1)));
          throw AppError.from(429, "RATE_LIMITED", MSG.rateLimited);
        },
      },
      async (request, reply) => {
        const [row] = await db.insert(leads).values(request.body).returning({ id: leads.id });
        return reply.status(201).send({ id: row!.id });
      },
    );
  };
