import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bloqueioInputSchema, bloqueioListQuerySchema, bloqueioPageSchema, bloqueioSchema, bloqueiosCriadosSchema } from "@shared/schemas/bloqueios";
import { MSG } from "@shared/messages";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { AppError, forbidden, notFound } from "../../errors";
import { scopeOf } from "../../scope";
import { idParams, type ListTotals } from "../common";
import { bloqueiosRepository } from "./repository";

const INACTIVE_CONDOMINIO = MSG.condominioInativo;
const access = requirePermission("gerenciar_bloqueios_acesso");

// The blocklist (gatehouse-spec §6). The gate's check is `bloqueioAplicavel` (verificar.ts).
export const bloqueiosRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = bloqueiosRepository(db, totals);

    app.get(
      "/api/bloqueios",
      { config: { access }, schema: { querystring: bloqueioListQuerySchema, response: { 200: bloqueioPageSchema } } },
      async (request) => repo.list(scopeOf(request), request.query),
    );

    // One condominium of the scope, or none: every condominium for who serves them all, one block
    // per active condominium of their own for anyone else (docs/decisions/0212-bloqueios.md).
    app.post(
      "/api/bloqueios",
      { config: { access }, schema: { body: bloqueioInputSchema, response: { 201: bloqueiosCriadosSchema } } },
      async (request, reply) => {
        const scope = scopeOf(request);
        const { condominio_id, ...input } = request.body;
        let targets: (string | null)[];
        if (condominio_id) {
          targets = await repo.activeCondominios(scope, [condominio_id]);
          if (targets.length === 0) throw AppError.from(400, "VALIDATION_ERROR", INACTIVE_CONDOMINIO, { condominio_id: INACTIVE_CONDOMINIO.message });
        } else if (scope.all) {
          targets = [null];
        } else {
          targets = await repo.activeCondominios(scope);
          if (targets.length === 0) throw AppError.from(400, "VALIDATION_ERROR", INACTIVE_CONDOMINIO, { condominio_id: INACTIVE_CONDOMINIO.message });
        }
        const ids = await repo.create({ ...input, condominio_id: null }, targets, currentProfile(request).id);
        const rows = await Promise.all(ids.map((id) => repo.get(scope, id)));
        return reply.status(201).send({ rows: rows.filter((r) => r !== null) });
      },
    );

    app.delete("/api/bloqueios/:id", { config: { access }, schema: { params: idParams, response: { 200: bloqueioSchema } } }, async (request) => {
      const scope = scopeOf(request);
      const current = await repo.get(scope, request.params.id);
      if (!current) throw notFound(MSG.bloqueioNotFound);
      if (!scope.all && current.condominio_id === null) throw forbidden(MSG.bloqueioGeralNeedsAll);
      if (current.removido_em) throw AppError.from(409, "ALREADY_REMOVED", MSG.bloqueioJaRemovido);
      if (!(await repo.remove(scope, current.id, currentProfile(request).id))) throw notFound(MSG.bloqueioNotFound);
      const removed = await repo.get(scope, current.id);
      if (!removed) throw notFound(MSG.bloqueioNotFound);
      return removed;
    });
  };
