import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StoredText } from "../../route-contract";
import { prestadorInputSchema, prestadorListQuerySchema, prestadorPageSchema, prestadorSchema } from "@shared/schemas/prestadores";
import { semConteudo } from "@shared/schemas/common";
import { requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { AppError, forbidden, notFound } from "../../errors";
import { MSG } from "@shared/messages";
import { scopeOf, type CondominioScope } from "../../scope";
import { idParams, linkedRecordsMessage, type ListTotals } from "../common";
import { prestadoresRepository } from "./repository";

const NOT_FOUND = MSG.prestadorNotFound;
const LINKED = MSG.prestadorLinked.message;
const INACTIVE_CONDOMINIO = MSG.condominioInativo;

/** How the fuzzer reads a provider's texts back (route-contract.ts). */
const prestadorLido: StoredText = { readBack: (created, get) => get(`/api/prestadores/${created.id}`) };

export const prestadoresRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = prestadoresRepository(db, totals);
    // Pick-lists offer only active condominiums (§4); a provider may keep the one it already has.
    // A 'Geral' provider (no condominium) holds for every condominium: only who serves them all sets or changes one (§2).
    const checkCondominio = async (scope: CondominioScope, id: string | null, current?: string | null) => {
      if (!scope.all && (id === null || current === null)) throw forbidden(MSG.prestadorGeralNeedsAll);
      if (id && id !== current && !(await repo.isActiveCondominio(scope, id))) {
        throw AppError.from(400, "VALIDATION_ERROR", INACTIVE_CONDOMINIO, { condominio_id: INACTIVE_CONDOMINIO.message });
      }
    };

    app.get(
      "/api/prestadores",
      {
        config: { access: requirePermission("visualizar_prestadores_servico"), description: "por nome, com condomínio (ou `null` = geral)", scope: "lista" },
        schema: { querystring: prestadorListQuerySchema, response: { 200: prestadorPageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query),
    );

    app.get(
      "/api/prestadores/:id",
      {
        config: {
          access: requirePermission(["visualizar_prestadores_servico", "editar_prestadores_servico"]),
          description: "o prestador, com o condomínio (ou `null` = geral)",
          scope: 404,
          sample: { path: async (f) => `/api/prestadores/${(await f.prestador()).id}` },
        },
        schema: { params: idParams, response: { 200: prestadorSchema } },
      },
      async (request) => {
        const prestador = await repo.get(scopeOf(request), request.params.id);
        if (!prestador) throw notFound(NOT_FOUND);
        return prestador;
      },
    );

    app.post(
      "/api/prestadores",
      {
        config: {
          access: requirePermission("criar_prestadores_servico"),
          description: "CPF ou CNPJ; datas `AAAA-MM-DD`, fim ≥ início; vazios viram `null`",
          // The sample creates a 'Geral' provider, which only who serves every condominium may do.
          scope: 403,
          sample: {
            body: () => ({
              nome_empresa_profissional: "Jardins & Cia",
              tipo_servico: "Jardinagem",
              data_inicio_autorizacao: "2026-01-01",
              data_fim_autorizacao: "2026-12-31",
            }),
          },
          storesText: prestadorLido,
        },
        schema: { body: prestadorInputSchema, response: { 201: prestadorSchema } },
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        await checkCondominio(scope, request.body.condominio_id);
        const id = await repo.create(request.body);
        // Deleted meanwhile (by someone else, between the insert and this read): as after an update.
        const created = await repo.get(scope, id);
        if (!created) throw notFound(NOT_FOUND);
        return reply.status(201).send(created);
      },
    );

    app.put(
      "/api/prestadores/:id",
      {
        config: {
          access: requirePermission("editar_prestadores_servico"),
          description: "mesmo corpo e regras do cadastro",
          scope: 404,
          sample: {
            path: async (f) => `/api/prestadores/${(await f.prestador()).id}`,
            body: () => ({ nome_empresa_profissional: "Jardins Editado", tipo_servico: "Paisagismo" }),
          },
          storesText: prestadorLido,
        },
        schema: { params: idParams, body: prestadorInputSchema, response: { 200: prestadorSchema } },
      },
      async (request) => {
        const scope = scopeOf(request);
        const current = await repo.get(scope, request.params.id);
        if (!current) throw notFound(NOT_FOUND);
        await checkCondominio(scope, request.body.condominio_id, current.condominio_id);
        if (!(await repo.update(scope, current.id, request.body))) throw notFound(NOT_FOUND);
        const updated = await repo.get(scope, request.params.id);
        if (!updated) throw notFound(NOT_FOUND);
        return updated;
      },
    );

    app.delete(
      "/api/prestadores/:id",
      {
        config: {
          access: requirePermission("excluir_prestadores_servico"),
          description: "409 `FOREIGN_KEY` com registros vinculados",
          scope: 404,
          sample: { path: async (f) => `/api/prestadores/${(await f.prestador()).id}` },
        },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        const current = await repo.get(scope, request.params.id);
        if (!current) throw notFound(NOT_FOUND);
        if (!scope.all && current.condominio_id === null) throw forbidden(MSG.prestadorGeralNeedsAll);
        const deleted = await linkedRecordsMessage(() => repo.remove(scope, current.id), LINKED);
        if (!deleted) throw notFound(NOT_FOUND);
        return reply.status(204).send();
      },
    );
  };
