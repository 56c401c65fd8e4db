import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bloqueioInputSchema, bloqueioListQuerySchema, bloqueioPageSchema, bloqueioSchema, bloqueiosCriadosSchema } from "@shared/schemas/bloqueios";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { scopeOf } from "../../scope";
import { idParams, type ListTotals } from "../common";
import { bloqueiosRepository } from "./repository";
import { bloqueiosService } from "./service";

const access = requirePermission("gerenciar_bloqueios_acesso");

// The blocklist (gatehouse-spec §6): its rules in service.ts; the gate's check is `bloqueioAplicavel` (verificar.ts).
export const bloqueiosRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = bloqueiosRepository(db, totals);
    const service = bloqueiosService(db, totals);

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
        const rows = await service.criar(scopeOf(request), request.body, currentProfile(request).id);
        return reply.status(201).send({ rows });
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
      async (request) => service.remover(scopeOf(request), request.params.id, currentProfile(request).id),
    );
  };
