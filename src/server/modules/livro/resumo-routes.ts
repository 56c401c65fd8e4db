import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";

// The síndico's daily summary by e-mail (gate-operation-spec §5; decision 0280): whether the
// signed-in user asked for it.

export const resumoDiarioRoutes =
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
    async () => {};
