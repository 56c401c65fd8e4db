import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StoredText } from "../../route-contract";
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
// A unit that moves takes its vehicles and its residents' cards along (issue 14, §2.4): one of
// their plates or card numbers may already be in the destination condominium.
const UPDATE_UNIQUE_MESSAGES = {
  unidades_condominio_bloco_numero_unique: MSG.unidadeDuplicate,
  veiculos_condominio_placa_unique: { ...MSG.unidadePlacaNoDestino, field: "condominio_id" },
  cartoes_moradores_condominio_numero_unique: { ...MSG.unidadeCartaoNoDestino, field: "condominio_id" },
};

/** How the fuzzer reads a unit's texts back (route-contract.ts). */
const unidadeLida: StoredText = { readBack: (created, get) => get(`/api/unidades/${created.id}`) };

export const unidadesRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = unidadesRepository(db, totals);

    app.get(
      "/api/unidades",
      {
        config: {
          access: requirePermission("visualizar_unidades"),
          description: "com condomínio e `moradores_count`; bloco, depois número em ordem natural",
          scope: "lista",
        },
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
          description: "a unidade, com o condomínio",
          scope: 404,
          sample: { path: async (f) => `/api/unidades/${(await f.unidade()).id}` },
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
        config: {
          access: requirePermission("criar_unidades"),
          description: "condomínio ativo; bloco + número únicos no condomínio (409)",
          scope: 400,
          sample: { body: async (f) => ({ condominio_id: (await f.condominio()).id, numero_unidade: String(f.seq()), bloco: "A" }) },
          storesText: unidadeLida,
        },
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
        config: {
          access: requirePermission("editar_unidades"),
          description: "mesmo corpo e regras do cadastro",
          scope: 404,
          sample: {
            path: async (f) => `/api/unidades/${(await f.unidade()).id}`,
            body: async (f) => ({ condominio_id: (await f.unidade()).condominio_id, numero_unidade: String(f.seq()), bloco: "B" }),
          },
          storesText: unidadeLida,
        },
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
        config: {
          access: requirePermission("excluir_unidades"),
          description: "409 `FOREIGN_KEY` com moradores",
          scope: 404,
          sample: { path: async (f) => `/api/unidades/${(await f.unidade()).id}` },
        },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const deleted = await linkedRecordsMessage(() => repo.remove(scopeOf(request), request.params.id), LINKED);
        if (!deleted) throw notFound(NOT_FOUND);
        return reply.status(204).send();
      },
    );
  };
