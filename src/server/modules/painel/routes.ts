import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { painelAcessosSchema, painelCondominiosSchema, painelQuerySchema, painelStatsSchema, type PainelStats } from "@shared/schemas/painel";
import type { TtlCache } from "../../cache";
import type { Db } from "../../db/client";
import { painelRepository } from "./repository";
import { scopeKey, scopeOf } from "../../scope";
import { requirePermission } from "../../auth/guard";
import { today } from "@shared/time";

// The painel and its condominium filter need no permission (§2: the overview needs none).
// Its counts scan most of the registry, so they are kept a few seconds per filter (`counts`, see
// src/server/cache.ts): at most CACHE_TTL_MS old, and fresh after any change made here.
export const painelRoutes =
  (db: Db, counts: TtlCache<PainelStats>): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = painelRepository(db);

    app.get(
      "/api/painel",
      {
        config: {
          access: "profile",
          description: "os cinco números do painel: moradores, unidades, veículos e prestadores ativos, unidades ocupadas e taxa de ocupação",
          scope: "lista",
        },
        schema: { querystring: painelQuerySchema, response: { 200: painelStatsSchema } },
      },
      async (request) => {
        const { condominio_id } = request.query;
        const scope = scopeOf(request);
        return counts.getOrLoad(`${scopeKey(scope)}|${condominio_id}`, () => repo.stats(scope, condominio_id === "todos" ? null : condominio_id));
      },
    );

    // The 'Relatórios' card (issue 15): today at the gate, for who may read the records.
    app.get(
      "/api/painel/acessos",
      {
        config: {
          access: requirePermission("visualizar_registros_acesso"),
          description:
            "o cartão 'Relatórios' do painel: entradas e recusas de hoje (hora de São Paulo), quem está dentro agora e entradas por hora, no condomínio escolhido ou em todos os do escopo",
          scope: "lista",
        },
        schema: { querystring: painelQuerySchema, response: { 200: painelAcessosSchema } },
      },
      async (request) => {
        const { condominio_id } = request.query;
        return repo.acessos(scopeOf(request), condominio_id === "todos" ? null : condominio_id, today());
      },
    );

    app.get(
      "/api/painel/condominios",
      {
        config: { access: "profile", description: "condomínios ativos (`id`, `nome`) para o filtro", scope: "lista" },
        schema: { response: { 200: painelCondominiosSchema } },
      },
      async (request) => {
        const rows = await repo.activeCondominios(scopeOf(request));
        return { rows, total: rows.length };
      },
    );
  };
