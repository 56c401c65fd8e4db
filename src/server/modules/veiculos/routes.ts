import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { veiculoListQuerySchema, veiculoPageSchema } from "@shared/schemas/veiculos";
import { requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import type { ListTotals } from "../common";
import { veiculosRepository } from "./repository";
import { scopeOf } from "../../scope";

// The read-only vehicle list (§2 Vehicles): search, condominium and status filters, by plate.
export const veiculosRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = veiculosRepository(db, totals);

    app.get(
      "/api/veiculos",
      {
        config: { access: requirePermission("visualizar_veiculos"), description: "por placa, com morador, unidade e condomínio", scope: "lista" },
        schema: { querystring: veiculoListQuerySchema, response: { 200: veiculoPageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query),
    );
  };
