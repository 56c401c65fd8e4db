import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { moradorEncomendasSchema, qrDaRetirada, type MoradorEncomenda } from "@shared/schemas/encomendas";
import { unidadeDoMoradorParams } from "@shared/schemas/morador-visitantes";
import { currentMorador } from "../../auth/guard";
import type { Db } from "../../db/client";
import { encomendas as e } from "../../db/schema";
import { toIso } from "../common";
import { cofreDeCodigos } from "../encomendas/codigo";
import { unidadeDoPasse } from "./passes";

// The Área do Morador's 'Encomendas' (gate-operation-spec §3.2, §4): the parcels of one of the
// resident's units waiting at the gate, each with its pickup code and the text its QR carries, and
// those picked up or sent back in the last 90 days. Only what the resident needs to fetch them:
// no storage place, operator or document.

const DIA_MS = 86_400_000;
const ENCERRADAS_DIAS = 90;
/** A unit rarely holds more than a few; the caps keep a runaway unit from making a huge answer. */
const AGUARDANDO_MAX = 200;
const ENCERRADAS_MAX = 100;

const colunas = {
  id: e.id,
  destinatario_nome: e.destinatario_nome,
  transportadora: e.transportadora,
  tipo: e.tipo,
  codigo_rastreio: e.codigo_rastreio,
  status: e.status,
  recebida_em: e.recebida_em,
  retirada_em: e.retirada_em,
  retirada_por_nome: e.retirada_por_nome,
  devolvida_em: e.devolvida_em,
};
/** A row as selected: the columns above, typed by the table (its enums included). */
type Linha = Pick<typeof e.$inferSelect, keyof typeof colunas>;

export function encomendasDoMoradorRepository(db: Db, chave: Buffer) {
  const cofre = cofreDeCodigos(chave);

  const comoMorador = (row: Linha, codigo: string | null, unidadeId: string): MoradorEncomenda => ({
    ...row,
    recebida_em: toIso(row.recebida_em),
    retirada_em: row.retirada_em && toIso(row.retirada_em),
    devolvida_em: row.devolvida_em && toIso(row.devolvida_em),
    codigo,
    qr: codigo && qrDaRetirada(unidadeId, codigo),
  });

  return {
    async daUnidade(u: { unidade_id: string; condominio_id: string }, agora: number) {
      const daUnidade = and(eq(e.condominio_id, u.condominio_id), eq(e.unidade_id, u.unidade_id));
      const fimDe = sql`coalesce(${e.retirada_em}, ${e.devolvida_em})`;
      const [aguardando, encerradas] = await Promise.all([
        // encomendas_unidade_aguardando_idx (unidade_id, recebida_em) where aguardando: oldest first.
        db
          .select({ ...colunas, cifra: e.codigo_retirada_cifrado })
          .from(e)
          .where(and(daUnidade, eq(e.status, "aguardando")))
          .orderBy(asc(e.recebida_em), asc(e.id))
          .limit(AGUARDANDO_MAX),
        db
          .select(colunas)
          .from(e)
          .where(
            and(
              daUnidade,
              inArray(e.status, ["retirada", "devolvida"]),
              // A parcel ends after it came: the index on (unidade_id, recebida_em) bounds the read.
              gte(e.recebida_em, new Date(agora - (ENCERRADAS_DIAS + 30) * DIA_MS)),
              sql`${fimDe} >= ${new Date(agora - ENCERRADAS_DIAS * DIA_MS)}`,
            ),
          )
          .orderBy(desc(fimDe), desc(e.id))
          .limit(ENCERRADAS_MAX),
      ]);
      return {
        // A code that does not decrypt (a key changed) shows as none: the gate still hands it out by document.
        aguardando: aguardando.map(({ cifra, ...row }) => comoMorador(row, cofre.decifrar(row.id, cifra), u.unidade_id)),
        encerradas: encerradas.map((row) => comoMorador(row, null, u.unidade_id)),
      };
    },
  };
}

export const encomendasDoMoradorRoutes =
  ({ db, chave, agora }: { db: Db; chave: Buffer; agora: () => number }): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = encomendasDoMoradorRepository(db, chave);

    app.get(
      "/api/morador/unidades/:unidadeId/encomendas",
      {
        config: {
          access: "morador",
          description:
            "as encomendas da unidade: `aguardando` na portaria (as mais antigas primeiro), cada uma com o código de retirada e o texto do seu QR Code, e `encerradas` (retiradas ou devolvidas nos últimos 90 dias, as mais recentes primeiro, até 100, sem código); transportadora, tipo, rastreio, destinatário, quando chegou, quem retirou; sem local de armazenamento, operador ou documento; unidade que não é do morador → 404",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/morador/unidades/${(await f.moradorDaAmostra()).unidade_id}/encomendas` },
        },
        schema: { params: unidadeDoMoradorParams, response: { 200: moradorEncomendasSchema } },
      },
      async (request) => repo.daUnidade(unidadeDoPasse(currentMorador(request).unidades, request.params.unidadeId), agora()),
    );
  };
