import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { prestadorInputSchema, prestadorListQuerySchema } from "../../../shared/schemas/prestadores";
import { requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { idParams, linkedRecordsMessage, type ListTotals } from "../common";
import { prestadoresRepository } from "./repository";

const NOT_FOUND = { title: "Prestador não encontrado", message: "Prestador não encontrado." };
const LINKED = "Não é possível excluir o prestador pois existem registros associados.";
const INACTIVE_CONDOMINIO = { title: "Dados inválidos", message: "Escolha um condomínio ativo." };

export const prestadoresRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = prestadoresRepository(db, totals);
    // Pick-lists offer only active condominiums (§4); a provider may keep the one it already has.
    const checkCondominio = async (id: string | null, current?: string | null) => {
      if (id && id !== current && !(await repo.isActiveCondominio(id))) {
        throw AppError.from(400, "VALIDATION_ERROR", INACTIVE_CONDOMINIO, { condominio_id: INACTIVE_CONDOMINIO.message });
      }
    };

    app.get(
      "/api/prestadores",
      {
        config: { access: requirePermission("visualizar_prestadores_servico") },
        schema: { querystring: prestadorListQuerySchema },
      },
      async (request) => repo.list(request.query),
    );

    app.get(
      "/api/prestadores/:id",
      {
        config: {
          access: requirePermission(["visualizar_prestadores_servico", "editar_prestadores_servico"]),
        },
        schema: { params: idParams },
      },
      async (request) => {
        const prestador = await repo.get(request.params.id);
        if (!prestador) throw notFound(NOT_FOUND);
        return prestador;
      },
    );

    app.post(
      "/api/prestadores",
      {
        config: { access: requirePermission("criar_prestadores_servico") },
        schema: { body: prestadorInputSchema },
      },
      async (request, reply) => {
        await checkCondominio(request.body.condominio_id);
        const id = await repo.create(request.body);
        return reply.status(201).send(await repo.get(id));
      },
    );

    app.put(
      "/api/prestadores/:id",
      {
        config: { access: requirePermission("editar_prestadores_servico") },
        schema: { params: idParams, body: prestadorInputSchema },
      },
      async (request) => {
        const current = await repo.get(request.params.id);
        if (!current) throw notFound(NOT_FOUND);
        await checkCondominio(request.body.condominio_id, current.condominio_id);
        if (!(await repo.update(current.id, request.body))) throw notFound(NOT_FOUND);
        return repo.get(request.params.id);
      },
    );

    app.delete(
      "/api/prestadores/:id",
      {
        config: { access: requirePermission("excluir_prestadores_servico") },
        schema: { params: idParams },
      },
      async (request, reply) => {
        const deleted = await linkedRecordsMessage(() => repo.remove(request.params.id), LINKED);
        if (!deleted) throw notFound(NOT_FOUND);
        return reply.status(204).send();
      },
    );
  };
