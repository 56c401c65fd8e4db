import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  conferirCodigoSchema,
  devolverEncomendaSchema,
  encomendaDetalheSchema,
  encomendaInputSchema,
  encomendaListQuerySchema,
  encomendaPageSchema,
  encomendaSchema,
  encomendasAguardandoSchema,
  encomendasEntreguesSchema,
  entregarEncomendasSchema,
  retiradaConferidaSchema,
} from "@shared/schemas/encomendas";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { encomendas } from "../../db/schema";
import type { SampleRecords } from "../../route-contract";
import { scopeOf } from "../../scope";
import { idParams, type ListTotals } from "../common";
import type { AvisosDaEncomenda } from "./avisos";
import { cofreDeCodigos } from "./codigo";
import { encomendasService } from "./service";

// Encomendas (gate-operation-spec §4): the gate receives, hands out and sends back parcels; the
// síndico reads them. The rules are in service.ts; each route declares, beside its handler, who
// may call it, what a user of another condominium gets and one valid call.

const gerenciar = requirePermission("gerenciar_encomendas");
const ler = requirePermission(["gerenciar_encomendas", "visualizar_encomendas"]);

/** A parcel for the fixtures' unit, as the gate receives one. */
const corpoDeAmostra = async (f: SampleRecords) => ({
  condominio_id: (await f.condominio()).id,
  unidade_id: (await f.unidade()).id,
  destinatario_nome: `Destinatário Amostra ${f.seq()}`,
  transportadora: "correios",
  codigo_rastreio: "BR123456789BR",
  tipo: "caixa",
  local_armazenamento: "Prateleira A",
  observacoes: "Caixa amassada",
});
const novaDeAmostra = async (f: SampleRecords) => f.criar("/api/encomendas", await corpoDeAmostra(f));

export const encomendasRoutes =
  ({ db, chave, avisos, totals }: { db: Db; chave: Buffer; avisos: AvisosDaEncomenda; totals?: ListTotals }): FastifyPluginAsyncZod =>
  async (app) => {
    const cofre = cofreDeCodigos(chave);
    const service = encomendasService({ db, cofre, avisos, totals });
    const operador = (request: Parameters<typeof currentProfile>[0]) => {
      const profile = currentProfile(request);
      return { id: profile.id, nome: profile.nome_completo };
    };

    /**
     * A new parcel of the samples and its code, read back as the resident's app reads it (the API
     * never tells the operator): a right code for the pickup's samples.
     */
    const comCodigo = async (f: SampleRecords) => {
      const nova = await novaDeAmostra(f);
      const [row] = await db
        .select({ unidade_id: encomendas.unidade_id, cifra: encomendas.codigo_retirada_cifrado })
        .from(encomendas)
        .where(eq(encomendas.id, nova.id));
      return { id: nova.id, unidade_id: row!.unidade_id, codigo: cofre.decifrar(nova.id, row!.cifra)! };
    };

    app.get(
      "/api/encomendas",
      {
        config: {
          access: ler,
          description:
            "as encomendas, mais novas primeiro (cursor `[recebida_em, id]`); `situacao` 'aguardando' por padrão; `q` busca destinatário, código de rastreio e local por parte; `de`/`ate` são dias de São Paulo. Nunca o código de retirada",
          scope: "lista",
        },
        schema: { querystring: encomendaListQuerySchema, response: { 200: encomendaPageSchema } },
      },
      async (request) => service.repo.list(scopeOf(request), request.query),
    );

    app.get(
      "/api/encomendas/aguardando",
      {
        config: {
          access: ler,
          description: "o card do painel: por condomínio do usuário, quantas encomendas aguardam retirada e desde quando a mais antiga; `total` soma todas",
          scope: "lista",
        },
        schema: { response: { 200: encomendasAguardandoSchema } },
      },
      async (request) => service.repo.aguardando(scopeOf(request)),
    );

    app.get(
      "/api/encomendas/:id",
      {
        config: {
          access: ler,
          description: "uma encomenda com os seus eventos de custódia em ordem (recebida, notificada, retirada, devolvida); nunca o código de retirada",
          scope: 404,
          sample: { path: async (f) => `/api/encomendas/${(await novaDeAmostra(f)).id}` },
        },
        schema: { params: idParams, response: { 200: encomendaDetalheSchema } },
      },
      async (request) => service.detalhe(scopeOf(request), request.params.id),
    );

    app.post(
      "/api/encomendas",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: gerenciar,
          description:
            "'Encomenda registrada': recebe uma encomenda para uma unidade de um condomínio ativo do usuário, gera o código de retirada (6 dígitos, guardado só como hash e cifrado) e avisa os moradores da unidade → 201 com a encomenda, sem o código; `morador_id` deve morar na unidade",
          // The sample names the fixtures' condominium: unknown to a user who does not serve it.
          scope: 400,
          sample: { body: corpoDeAmostra },
          storesText: { readBack: (created, get) => get(`/api/encomendas/${created.id}`) },
        },
        schema: { body: encomendaInputSchema, response: { 201: encomendaSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.receber(scopeOf(request), operador(request), request.body)),
    );

    app.post(
      "/api/encomendas/retirada/conferir",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: gerenciar,
          description:
            "confere o código de retirada (digitado ou lido do QR do morador) de uma unidade → as encomendas que aguardam na unidade, a do código primeiro; código errado 400 'Código de retirada inválido.'; 5 errados em 10 minutos bloqueiam os códigos da unidade por 10 minutos (429, mesmo com o código certo)",
          scope: 404,
          sample: {
            body: async (f) => {
              const { unidade_id, codigo } = await comCodigo(f);
              return { unidade_id, codigo };
            },
          },
        },
        schema: { body: conferirCodigoSchema, response: { 200: retiradaConferidaSchema } },
      },
      async (request) => service.conferir(scopeOf(request), request.body.unidade_id, request.body.codigo),
    );

    app.post(
      "/api/encomendas/retirada",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: gerenciar,
          description:
            "'Entregar': entrega as encomendas escolhidas da unidade a quem retira (nome e documento) → `{ rows }` 'retirada'; com `forma` 'codigo' ou 'qrcode' o código deve ser de uma delas (vale uma vez; o mesmo limite de erros); com 'documento' o documento é obrigatório e vale também com os códigos bloqueados; quem não é destinatário de nenhuma delas (um terceiro) também dá o documento; 409 se alguma já foi entregue ou devolvida ou não é da unidade",
          scope: 404,
          sample: {
            body: async (f) => {
              const { id, unidade_id, codigo } = await comCodigo(f);
              return {
                unidade_id,
                encomenda_ids: [id],
                forma: "codigo",
                codigo,
                retirada_por_nome: `Retirante Amostra ${f.seq()}`,
                retirada_por_documento: "RG1234567",
              };
            },
          },
          storesText: {
            readBack: async (created, get) => get(`/api/encomendas/${(created.rows as { id: string }[])[0]!.id}`),
          },
        },
        schema: { body: entregarEncomendasSchema, response: { 200: encomendasEntreguesSchema } },
      },
      async (request) => ({ rows: await service.entregar(scopeOf(request), operador(request), request.body) }),
    );

    app.post(
      "/api/encomendas/:id/devolver",
      {
        config: {
          semEfeitoNasSessoes: true,
          access: gerenciar,
          description: "'Devolver ao remetente' com o motivo: só uma encomenda que aguarda → a encomenda 'devolvida'; 409 se já foi entregue ou devolvida",
          scope: 404,
          sample: {
            path: async (f) => `/api/encomendas/${(await novaDeAmostra(f)).id}/devolver`,
            body: () => ({ motivo: "Destinatário não mora mais no condomínio" }),
          },
          // The reason is kept as the parcel's `motivo_devolucao`.
          storesText: { readBack: async (created, get) => ({ motivo: (await get(`/api/encomendas/${created.id}`)).motivo_devolucao }) },
        },
        schema: { params: idParams, body: devolverEncomendaSchema, response: { 200: encomendaSchema } },
      },
      async (request) => service.devolver(scopeOf(request), operador(request), request.params.id, request.body),
    );
  };
