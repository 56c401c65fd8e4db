import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { painelQuerySchema } from "../../../shared/schemas/painel";
import type { Db } from "../../db/client";
import { painelRepository } from "./repository";

// The painel and its condominium filter need no permission (§2: the overview needs none).
export const painelRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = painelRepository(db);

    app.get("/api/painel", { config: { access: "profile" }, schema: { querystring: painelQuerySchema } }, async (request) => {
      const { condominio_id } = request.query;
      return repo.stats(condominio_id === "todos" ? null : condominio_id);
    });

    app.get("/api/painel/condominios", { config: { access: "profile" } }, async () => {
      const rows = await repo.activeCondominios();
      return { rows, total: rows.length };
    });
  };
