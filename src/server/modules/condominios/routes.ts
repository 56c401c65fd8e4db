import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StoredText } from "../../route-contract";
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

/** How the fuzzer reads a condominium's texts back (route-contract.ts); two cannot share a name (issue 14). */
const condominioLido: StoredText = { readBack: (created, get) => get(`/api/condominios/${created.id}`), unique: ["nome"] };

export const condominiosRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = condominiosRepository(db, totals);
    const view = requirePermission("visualizar_condominios");

    app.get(
      "/api/condominios",
      {
        config: { access: view, description: "por nome; `q` busca nome ou CNPJ", scope: "lista" },
        schema: { querystring: condominioListQuerySchema, response: { 200: condominioPageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query),
    );

    app.get(
      "/api/condominios/:id",
      {
        config: { access: view, description: "todos os campos", scope: 404, sample: { path: async (f) => `/api/condominios/${(await f.condominio()).id}` } },
        schema: { params: idParams, response: { 200: condominioSchema } },
      },
      async (request) => {
        const condominio = await repo.get(scopeOf(request), request.params.id);
        if (!condominio) throw notFound(NOT_FOUND);
        return condominio;
      },
    );

    app.post(
      "/api/condominios",
      {
        config: {
          access: requirePermission("criar_condominios"),
          description: "CNPJ numérico ou alfanumérico, UF, CEP, telefone validados; `ativo` padrão `true`",
          scope: 403,
          sample: { body: (f) => ({ nome: `Residencial Amostra ${f.seq()}`, cidade: "Campinas", estado: "SP" }) },
          storesText: condominioLido,
        },
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
        config: {
          access: requirePermission("editar_condominios"),
          description: "mesmo corpo e regras do cadastro",
          scope: 404,
          sample: { path: async (f) => `/api/condominios/${(await f.condominio()).id}`, body: () => ({ nome: "Residencial Editado" }) },
          storesText: condominioLido,
        },
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
        config: {
          access: requirePermission("excluir_condominios"),
          description: "409 `FOREIGN_KEY` com unidades ou prestadores vinculados",
          scope: 404,
          sample: { path: async (f) => `/api/condominios/${(await f.condominio()).id}` },
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
