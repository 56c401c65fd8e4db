import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unidadeCreateSchema, unidadeListQuerySchema, unidadePageSchema, unidadeSchema, unidadeUpdateSchema } from "@shared/schemas/unidades";
import { semConteudo } from "@shared/schemas/common";
import { requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { MSG } from "@shared/messages";
import { idParams, linkedRecordsMessage, withUniqueMessage, type ListTotals } from "../common";
import { unidadesRepository } from "./repository";
import { scopeOf } from "../../scope";

const NOT_FOUND = MSG.unidadeNotFound;
const LINKED = MSG.unidadeLinked.message;
const INACTIVE_CONDOMINIO = MSG.condominioInativo;
// A unit that moves takes its vehicles along (issue 14): one of their plates may already be in the
// destination condominium.
const UPDATE_UNIQUE_MESSAGES = {
  unidades_condominio_bloco_numero_unique: MSG.unidadeDuplicate,
  veiculos_condominio_placa_unique: { ...MSG.unidadePlacaNoDestino, field: "condominio_id" },
};

export const unidadesRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = unidadesRepository(db, totals);

    app.get(
      "/api/unidades",
      {
        config: { access: requirePermission("visualizar_unidades") },
        schema: { querystring: unidadeListQuerySchema, response: { 200: unidadePageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query),
    );

    // The edit page opens with any of these (§6 page guards).
    app.get(
      "/api/unidades/:id",
      {
        config: {
          access: requirePermission(["visualizar_unidades", "editar_unidades", "gerenciar_moradores_unidade", "gerenciar_veiculos_morador"]),
        },
        schema: { params: idParams, response: { 200: unidadeSchema } },
      },
      async (request) => {
        const unidade = await repo.get(scopeOf(request), request.params.id);
        if (!unidade) throw notFound(NOT_FOUND);
        return unidade;
      },
    );

    app.post(
      "/api/unidades",
      {
        config: { access: requirePermission("criar_unidades") },
        schema: { body: unidadeCreateSchema, response: { 201: unidadeSchema } },
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        if (!(await repo.isActiveCondominio(scope, request.body.condominio_id)))
          throw AppError.from(400, "VALIDATION_ERROR", INACTIVE_CONDOMINIO, { condominio_id: INACTIVE_CONDOMINIO.message });
        const id = await withUniqueMessage(() => repo.create(request.body), MSG.unidadeDuplicate);
        // Deleted meanwhile (by someone else, between the insert and this read): as after an update.
        const created = await repo.get(scope, id);
        if (!created) throw notFound(NOT_FOUND);
        return reply.status(201).send(created);
      },
    );

    app.put(
      "/api/unidades/:id",
      {
        config: { access: requirePermission("editar_unidades") },
        schema: { params: idParams, body: unidadeUpdateSchema, response: { 200: unidadeSchema } },
      },
      async (request) => {
        const scope = scopeOf(request);
        const current = await repo.get(scope, request.params.id);
        if (!current) throw notFound(NOT_FOUND);
        // Moving a unit needs an active condominium; keeping its own (even if now inactive) is fine.
        if (request.body.condominio_id !== current.condominio_id && !(await repo.isActiveCondominio(scope, request.body.condominio_id))) {
          throw AppError.from(400, "VALIDATION_ERROR", INACTIVE_CONDOMINIO, { condominio_id: INACTIVE_CONDOMINIO.message });
        }
        const updated = await withUniqueMessage(() => repo.update(scope, current.id, request.body), UPDATE_UNIQUE_MESSAGES);
        if (!updated) throw notFound(NOT_FOUND);
        const unidade = await repo.get(scope, current.id);
        if (!unidade) throw notFound(NOT_FOUND);
        return unidade;
      },
    );

    app.delete(
      "/api/unidades/:id",
      {
        config: { access: requirePermission("excluir_unidades") },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const deleted = await linkedRecordsMessage(() => repo.remove(scopeOf(request), request.params.id), LINKED);
        if (!deleted) throw notFound(NOT_FOUND);
        return reply.status(204).send();
      },
    );
  };
