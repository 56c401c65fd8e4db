import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentProfile } from "../../auth/guard";
import type { Db } from "../../db/client";
import { pageViews } from "../../db/schema";
import { semConteudo } from "@shared/schemas/common";

const bodySchema = z.object({
  path: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^\/portaria-web(\/|$)/, "Caminho inválido."),
});

// Which Portaria Web screens are used, by whom and when (§2: page-view tracking on route changes).
export const pageViewsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/page-views",
      {
        config: {
          access: "profile",
          description: "`{ path }` sob `/portaria-web`: registra a tela vista",
          scope: "sem_escopo",
          sample: { body: () => ({ path: "/portaria-web/condominios" }) },
        },
        schema: { body: bodySchema, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const profile = currentProfile(request);
        await db.insert(pageViews).values({ usuario_id: profile.id, path: request.body.path });
        return reply.status(204).send();
      },
    );
  };
