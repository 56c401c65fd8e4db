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
      {
        config: {
          access,
          description:
            "mais novos primeiro (cursor `[created_at, id]`); um condomínio inclui os bloqueios de todos os condomínios (`condominio_id` null); `q` busca nome, motivo, documento e placa",
          scope: "lista",
        },
        schema: { querystring: bloqueioListQuerySchema, response: { 200: bloqueioPageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query),
    );

    // One condominium of the scope, or none: every condominium for who serves them all, one block
    // per active condominium of their own for anyone else (docs/decisions/0212-bloqueios.md).
    app.post(
      "/api/bloqueios",
      {
        config: {
          access,
          description:
            "responde 201 `{ rows }`: sem condomínio, uma linha de todos (quem atende todos) ou uma por condomínio do usuário; pessoa: documento ou nome; veículo: placa; motivo obrigatório; `valido_ate` não no passado (São Paulo)",
          // The sample names the fixtures' condominium: unknown to a user who does not serve it.
          scope: 400,
          sample: {
            body: async (f) => ({
              tipo: "veiculo",
              placa: "ABC-1234",
              nome: "Condutor Amostra",
              motivo: "Ameaçou o porteiro.",
              condominio_id: (await f.condominio()).id,
              valido_ate: "2099-12-31",
            }),
          },
          // The answer is { rows }: one block per condominium (docs/decisions/0212-bloqueios.md).
          storesText: {
            readBack: async (created, get) => {
              const id = (created.rows as { id: string }[])[0]!.id;
              return (await get("/api/bloqueios?mostrar=todos&limit=20")).rows.find((b: { id: string }) => b.id === id);
            },
          },
        },
        schema: { body: bloqueioInputSchema, response: { 201: bloqueiosCriadosSchema } },
      },
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

    app.delete(
      "/api/bloqueios/:id",
      {
        config: {
          access,
          description:
            "remove guardando `removido_por`/`removido_em` e responde o bloqueio; 409 se já removido; 403 num bloqueio de todos os condomínios para quem não atende todos",
          scope: 404,
          sample: { path: async (f) => `/api/bloqueios/${(await f.bloqueio()).id}` },
        },
        schema: { params: idParams, response: { 200: bloqueioSchema } },
      },
      async (request) => {
        const scope = scopeOf(request);
        const current = await repo.get(scope, request.params.id);
        if (!current) throw notFound(MSG.bloqueioNotFound);
        if (!scope.all && current.condominio_id === null) throw forbidden(MSG.bloqueioGeralNeedsAll);
        if (current.removido_em) throw AppError.from(409, "ALREADY_REMOVED", MSG.bloqueioJaRemovido);
        if (!(await repo.remove(scope, current.id, currentProfile(request).id))) throw notFound(MSG.bloqueioNotFound);
        const removed = await repo.get(scope, current.id);
        if (!removed) throw notFound(MSG.bloqueioNotFound);
        return removed;
      },
    );
  };
