import { and, asc, count, eq, gte, isNull, ne, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  HISTORICO_DIAS,
  historicoOrdem,
  historicoPageSchema,
  historicoQuerySchema,
  presentesDaUnidadeSchema,
  type HistoricoItem,
  type PresenteDaUnidade,
  unidadeDoMoradorParams,
} from "@shared/schemas/morador-visitantes";
import { currentMorador } from "../../auth/guard";
import type { Db } from "../../db/client";
import { presencas, registrosAcesso as r } from "../../db/schema";
import { instantKey, keysetOrder, toIso } from "../common";
import { unidadeDoPasse } from "./passes";

// The Área do Morador's 'Histórico' (gate-operation-spec §3.1, §3.2): the entries, exits and
// refusals of one of the resident's units in the last 90 days, newest first, keyset-paged like
// Registros. Only who, what, how and when: no operator, document, plate, reason or note
// (docs/decisions/0276-visitantes-e-historico-do-morador.md).

const DIA_MS = 86_400_000;

/** Newest first; registros_unidade_recentes_idx (unidade_id, registrado_em desc, id desc) follows it. */
const ordem = keysetOrder(historicoOrdem, { chave: r.registrado_em, id: r.id });

export function historicoRepository(db: Db) {
  return {
    async pagina(unidadeId: string, agora: number, query: { limit: number; after?: readonly unknown[] }) {
      const daUnidade = and(
        eq(r.unidade_id, unidadeId),
        gte(r.registrado_em, new Date(agora - HISTORICO_DIAS * DIA_MS)),
        sql`${r.registrado_em} <= ${new Date(agora)}`,
        // A correction is the staff's record of a record: the resident sees the events.
        isNull(r.corrige_registro_id),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            chave: instantKey(r.registrado_em),
            id: r.id,
            registrado_em: r.registrado_em,
            nome_pessoa: r.nome_pessoa,
            tipo_pessoa: r.tipo_pessoa,
            sentido: r.sentido,
            resultado: r.resultado,
            metodo: r.metodo,
          })
          .from(r)
          .where(and(daUnidade, ordem.afterValues(query.after)))
          .orderBy(...ordem.orderBy)
          .limit(query.limit + 1),
        db.select({ n: count() }).from(r).where(daUnidade),
      ]);
      const page = ordem.page(rows, query.limit);
      return {
        rows: page.rows.map(({ chave: _chave, ...row }) => ({ ...row, registrado_em: toIso(row.registrado_em) }) as HistoricoItem),
        total: total!.n,
        next: page.next,
      };
    },
  };
}

/** Who came to the unit and is inside now (Início, §3.2): its visitors, providers and delivery people, oldest first. */
async function presentesDaUnidade(db: Db, u: { unidade_id: string; condominio_id: string }): Promise<PresenteDaUnidade[]> {
  const rows = await db
    .select({ id: presencas.id, nome_pessoa: presencas.nome_pessoa, tipo_pessoa: presencas.tipo_pessoa, entrou_em: presencas.entrou_em })
    .from(presencas)
    .where(and(eq(presencas.condominio_id, u.condominio_id), eq(presencas.unidade_id, u.unidade_id), ne(presencas.tipo_pessoa, "morador")))
    .orderBy(asc(presencas.entrou_em))
    .limit(100);
  return rows.map((p) => ({ ...p, tipo_pessoa: p.tipo_pessoa as PresenteDaUnidade["tipo_pessoa"], entrou_em: toIso(p.entrou_em) }));
}

export const historicoRoutes =
  ({ db, agora }: { db: Db; agora: () => number }): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = historicoRepository(db);

    app.get(
      "/api/morador/unidades/:unidadeId/historico",
      {
        config: {
          access: "morador",
          description:
            "as entradas, saídas e recusas da unidade nos últimos 90 dias, mais novas primeiro, paginadas por cursor (`next`), com o `total` do período: quando, quem (nome), tipo, sentido, resultado e método; sem operador, documento, placa, motivo ou observação; unidade que não é do morador → 404",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/morador/unidades/${(await f.moradorDaAmostra()).unidade_id}/historico` },
        },
        schema: { params: unidadeDoMoradorParams, querystring: historicoQuerySchema, response: { 200: historicoPageSchema } },
      },
      async (request) => {
        const u = unidadeDoPasse(currentMorador(request).unidades, request.params.unidadeId);
        return repo.pagina(u.unidade_id, agora(), request.query);
      },
    );

    app.get(
      "/api/morador/unidades/:unidadeId/presentes",
      {
        config: {
          access: "morador",
          description:
            "quem veio à unidade e está no condomínio agora (visitantes, prestadores, entregadores; nunca os moradores): nome, tipo e desde quando, os mais antigos primeiro; unidade que não é do morador → 404",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/morador/unidades/${(await f.moradorDaAmostra()).unidade_id}/presentes` },
        },
        schema: { params: unidadeDoMoradorParams, response: { 200: presentesDaUnidadeSchema } },
      },
      async (request) => ({ rows: await presentesDaUnidade(db, unidadeDoPasse(currentMorador(request).unidades, request.params.unidadeId)) }),
    );
  };
