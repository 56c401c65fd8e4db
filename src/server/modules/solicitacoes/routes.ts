import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { respostaSolicitacaoSchema, solicitacaoInputSchema, solicitacaoSchema, solicitacoesDoMoradorSchema } from "@shared/schemas/solicitacoes";
import { currentMorador, currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import type { TempoReal } from "../../realtime";
import type { SampleRecords, StoredText } from "../../route-contract";
import { requireActiveCondominio, scopeOf } from "../../scope";
import { idParams } from "../common";
import { solicitacoesService, type AvisosDaSolicitacao, type SolicitacoesService } from "./service";

// 'Pedir autorização ao morador' (gate-operation-spec §3.3): the console's side (ask, follow,
// cancel) and the resident's (what waits for me, my answer). Each route declares, beside its
// handler, who may call it, what a user of another condominium gets and one valid call.

const portaria = requirePermission("registrar_acesso_visitante");

/** A request to the unit of the samples' resident (the only unit whose residents can answer). */
const corpoDeAmostra = async (f: SampleRecords) => {
  const { condominio_id, unidade_id } = await f.moradorDaAmostra();
  return { condominio_id, unidade_id, tipo_pessoa: "visitante", nome_visitante: `Visitante Amostra ${f.seq()}` };
};
const novaDeAmostra = async (f: SampleRecords) => f.criar("/api/controle-acesso/solicitacoes", await corpoDeAmostra(f));

/** The resident's message, read back as the console sees the request. */
const mensagemLida: StoredText = { readBack: (created, get) => get(`/api/controle-acesso/solicitacoes/${created.id}`) };

export const solicitacoesRoutes =
  ({
    db,
    tempoReal,
    avisos,
    agora,
    varreduraMs,
    service: dado,
  }: {
    db: Db;
    tempoReal: TempoReal;
    avisos?: AvisosDaSolicitacao;
    agora?: () => number;
    varreduraMs: number;
    /** The service, when the app shares it (the notices' answer links answer through it). */
    service?: SolicitacoesService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = dado ?? solicitacoesService({ db, tempoReal, avisos, agora });

    // Every instance sweeps: 60 s without an answer is 'Sem resposta' on every console.
    let varredura: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      if (varreduraMs <= 0) return;
      varredura = setInterval(() => {
        service.varrer().catch((error: unknown) => app.log.warn({ err: error }, "varredura dos pedidos de autorização falhou"));
      }, varreduraMs);
      varredura.unref();
    });
    app.addHook("onClose", async () => clearInterval(varredura));

    app.post(
      "/api/controle-acesso/solicitacoes",
      {
        config: {
          access: portaria,
          description:
            "'Pedir autorização ao morador': pede aos moradores da unidade com acesso à Área do Morador que liberem ou recusem quem está na portaria → 201 com o pedido ('aguardando', 60 s); 409 se ninguém da unidade pode responder (use o interfone)",
          scope: 400,
          sample: { body: corpoDeAmostra },
          storesText: { readBack: (created, get) => get(`/api/controle-acesso/solicitacoes/${created.id}`) },
        },
        schema: { body: solicitacaoInputSchema, response: { 201: solicitacaoSchema } },
      },
      async (request, reply) => {
        const { condominio_id, ...dados } = request.body;
        const condominio = await requireActiveCondominio(db, scopeOf(request), condominio_id);
        const profile = currentProfile(request);
        return reply.status(201).send(await service.pedir(condominio.id, { id: profile.id, nome: profile.nome_completo }, dados));
      },
    );

    app.get(
      "/api/controle-acesso/solicitacoes/:id",
      {
        config: {
          access: portaria,
          description:
            "um pedido de autorização e o seu estado (quem respondeu, por onde, quando, a mensagem); as mudanças chegam também pelo tempo real (`event: solicitacao`)",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/solicitacoes/${(await novaDeAmostra(f)).id}` },
        },
        schema: { params: idParams, response: { 200: solicitacaoSchema } },
      },
      async (request) => service.doConsole(scopeOf(request), request.params.id),
    );

    app.post(
      "/api/controle-acesso/solicitacoes/:id/cancelar",
      {
        config: {
          access: portaria,
          description: "desiste de um pedido que ainda aguarda (o visitante foi embora, o interfone respondeu) → o pedido 'cancelada'; 409 se já terminou",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/solicitacoes/${(await novaDeAmostra(f)).id}/cancelar` },
        },
        schema: { params: idParams, response: { 200: solicitacaoSchema } },
      },
      async (request) => service.cancelar(scopeOf(request), request.params.id),
    );

    app.get(
      "/api/morador/solicitacoes",
      {
        config: {
          access: "morador",
          description: "os pedidos da portaria que aguardam a resposta do morador, nas suas unidades, mais novos primeiro",
          scope: "sem_escopo",
        },
        schema: { response: { 200: solicitacoesDoMoradorSchema } },
      },
      async (request) => ({ rows: await service.doMorador(currentMorador(request).unidades) }),
    );

    app.post(
      "/api/morador/solicitacoes/responder",
      {
        config: {
          access: "morador",
          description:
            "a resposta do morador a um pedido de uma das suas unidades: `liberar` ou `recusar`, com mensagem opcional → o pedido respondido; a primeira resposta vale: depois, 409 'Já respondida por <nome>.'; pedido de outra unidade, 404",
          scope: "sem_escopo",
          sample: {
            body: async (f) => ({ solicitacao_id: (await novaDeAmostra(f)).id, resposta: "recusar", mensagem: "Não estou em casa" }),
          },
          storesText: mensagemLida,
        },
        schema: { body: respostaSolicitacaoSchema, response: { 200: solicitacaoSchema } },
      },
      async (request) => service.responder(currentMorador(request).unidades, request.body),
    );
  };
