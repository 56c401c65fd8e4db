import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { condominioInputSchema, condominioListQuerySchema, condominioPageSchema, condominioSchema } from "@shared/schemas/condominios";
import { semConteudo } from "@shared/schemas/common";
import { requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { forbidden, notFound } from "../../errors";
import { MSG } from "@shared/messages";
import { scopeOf } from "../../scope";
import { idParams, linkedRecordsMessage, withUniqueMessage, type ListTotals } from "../common";
import { condominiosRepository } from "./repository";

const NOT_FOUND = MSG.condominioNotFound;
const LINKED = MSG.condominioLinked.message;
// Issue 14: one condominium per name (case and spaces aside) and per CNPJ.
const UNIQUE_MESSAGES = {
  condominios_nome_unique: { ...MSG.condominioNomeDuplicate, field: "nome" },
  condominios_cnpj_unique: { ...MSG.condominioCnpjDuplicate, field: "cnpj" },
};

export const condominiosRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = condominiosRepository(db, totals);
    const view = requirePermission("visualizar_condominios");

    app.get(
      "/api/condominios",
      { config: { access: view }, schema: { querystring: condominioListQuerySchema, response: { 200: condominioPageSchema } } },
      async (request) => repo.list(scopeOf(request), request.query),
    );

    app.get("/api/condominios/:id", { config: { access: view }, schema: { params: idParams, response: { 200: condominioSchema } } }, async (request) => {
      const condominio = await repo.get(scopeOf(request), request.params.id);
      if (!condominio) throw notFound(NOT_FOUND);
      return condominio;
    });

    app.post(
      "/api/condominios",
      {
        config: { access: requirePermission("criar_condominios") },
        schema: { body: condominioInputSchema, response: { 201: condominioSchema } },
      },
      async (request, reply) => {
        // A condominium created by someone who serves only some would be outside their own scope (§2).
        if (!scopeOf(request).all) throw forbidden(MSG.condominioCreateNeedsAll);
        return reply.status(201).send(await withUniqueMessage(() => repo.create(request.body), UNIQUE_MESSAGES));
      },
    );

    app.put(
      "/api/condominios/:id",
      {
        config: { access: requirePermission("editar_condominios") },
        schema: { params: idParams, body: condominioInputSchema, response: { 200: condominioSchema } },
      },
      async (request) => {
        const updated = await withUniqueMessage(() => repo.update(scopeOf(request), request.params.id, request.body), UNIQUE_MESSAGES);
        if (!updated) throw notFound(NOT_FOUND);
        return updated;
      },
    );

    app.delete(
      "/api/condominios/:id",
      {
        config: { access: requirePermission("excluir_condominios") },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const deleted = await linkedRecordsMessage(() => repo.remove(scopeOf(request), request.params.id), LINKED);
        if (!deleted) throw notFound(NOT_FOUND);
        return reply.status(204).send();
      },
    );
  };
