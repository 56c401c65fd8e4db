import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { leadCreateSchema } from "../../../shared/schemas/lead";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema";

export const leadsRoutes =
  (db: Db, config: AppConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/leads",
      {
        config: {
          access: "public",
          rateLimit: { max: config.rateLimits.leads.max, timeWindow: config.rateLimits.leads.window * 1000 },
        },
        schema: { body: leadCreateSchema, response: { 201: z.object({ id: z.string() }) } },
      },
      async (request, reply) => {
        const [row] = await db.insert(leads).values(request.body).returning({ id: leads.id });
        return reply.status(201).send({ id: row!.id });
      },
    );
  };
