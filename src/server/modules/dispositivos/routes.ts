import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { semConteudo } from "@shared/schemas/common";
import {
  dispositivoInputSchema,
  dispositivoListQuerySchema,
  dispositivoPageSchema,
  dispositivoSchema,
  testeDeConexaoSchema,
  resumoSincronizacaoSchema,
  sincronizacaoSchema,
  type DispositivoInput,
} from "@shared/schemas/dispositivos";
import { requirePermission } from "../../auth/guard";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import type { Drivers } from "../../dispositivos/drivers";
import type { TempoReal } from "../../realtime";
import type { SampleRecords, StoredText } from "../../route-contract";
import { notFound } from "../../errors";
import { scopeOf } from "../../scope";
import { idParams, type ModuloDeps } from "../common";
import { carregarChaveDosDispositivos, cofreDeSenhas } from "./senha";
import type { PortariaOptions } from "../controle-acesso/service";
import { comandosService } from "./comandos";
import { comandosRoutes } from "./comandos-routes";
import { eventosRoutes } from "./eventos-routes";
import { saudeDosDispositivos } from "./saude";
import { pedidosPelaSaida } from "./pedidos";
import { sincronizacaoService } from "./sincronizacao";
import { dispositivosService } from "./service";

// The devices' registry (gate-operation-spec §2.1). Each route declares, beside its handler
// (src/server/route-contract.ts): who may call it, what it does, what a user of another
// condominium gets, and one valid call of it.

const gerenciar = requirePermission("gerenciar_dispositivos");

/** A device as the samples make it: a Control iD on the local network, two doors. */
const corpoDeAmostra = async (f: SampleRecords): Promise<DispositivoInput> => ({
  condominio_id: (await f.condominio()).id,
  nome: `Portão amostra ${f.seq()}`,
  fabricante: "controlid",
  modelo: "iDFace",
  conexao: "direta",
  // Where nothing listens: a sample 'Testar conexão' is refused at once instead of waiting 5 s.
  endereco: "http://127.0.0.1:9",
  usuario: "admin",
  senha: "senha-da-amostra",
  portas: [
    { numero: 1, nome: "Portão social", sentido: "entrada" },
    { numero: 2, nome: "Saída de pedestres", sentido: "saida" },
  ],
  sensor_porta: true,
});
const amostra = async (f: SampleRecords) => f.criar("/api/dispositivos", await corpoDeAmostra(f));

/** How the fuzzer reads a device's texts back; two devices of a condominium cannot share a name. */
const lido: StoredText = { readBack: (created, get) => get(`/api/dispositivos/${created.id}`), unique: ["nome"] };

export const dispositivosRoutes =
  ({
    db,
    totals,
    config,
    drivers,
    tempoReal,
    database,
    portaria,
  }: Omit<ModuloDeps, "agora"> & {
    config: AppConfig;
    drivers: Drivers;
    tempoReal: TempoReal;
    /** Where the requests for devices that call out are announced (LISTEN, pedidos.ts). */
    database: Pick<Database, "listen">;
    portaria: PortariaOptions;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const cofre = cofreDeSenhas(carregarChaveDosDispositivos(config).chave);
    // Every contact with a device, from any path, moves its health and its alarm (saude.ts).
    const saude = saudeDosDispositivos(db, tempoReal, app.log);
    const service = dispositivosService({ db, totals, cofre, publicUrl: config.publicUrl, drivers, saude });
    // Opening the gates from the console (§2.2): the same drivers and password vault.
    const comandos = comandosService({ db, drivers, cofre, tempoReal, saude, log: app.log });
    await app.register(
      comandosRoutes({ db, comandos, tempoReal, tempoRealMaxMs: config.tempoRealMaxMs ?? 60_000, varreduraMs: config.varreduraComandosMs ?? 1000 }),
    );
    // Devices that call out (push) take requests when they ask for them (pedidos.ts).
    const pedidos = await pedidosPelaSaida(db, database);
    // Who the devices let in (§2.4): on change within 10 s, fully every day, and on 'Sincronizar agora'.
    const sincronizacao = sincronizacaoService({
      db,
      drivers,
      cofre,
      saude,
      pedidos,
      qrSecret: portaria.qrSecret,
      agora: portaria.agora,
      ...(config.esperaSincronizacaoSaidaMs === undefined ? {} : { esperaPelaSaidaMs: config.esperaSincronizacaoSaidaMs }),
      log: app.log,
    });
    const sincronizacaoMs = config.varreduraSincronizacaoMs ?? 10_000;
    const rodadas: NodeJS.Timeout[] = [];
    app.addHook("onReady", async () => {
      if (sincronizacaoMs <= 0) return;
      let rodando = false;
      const rodada = (todos: boolean) => () => {
        if (rodando) return; // one round at a time in this instance
        rodando = true;
        Promise.all([sincronizacao.varrer(todos), pedidos.limpar()])
          .catch((error: unknown) => app.log.warn({ err: error }, "sincronização dos dispositivos falhou"))
          .finally(() => (rodando = false));
      };
      rodadas.push(setInterval(rodada(false), sincronizacaoMs), setInterval(rodada(true), 24 * 3_600_000));
      for (const r of rodadas) r.unref();
    });
    app.addHook("onClose", async () => {
      rodadas.forEach((r) => clearInterval(r));
      // Rounds waiting on a device that calls out give up, then are awaited.
      await pedidos.parar();
      await sincronizacao.encerrar();
    });

    // What the devices report (§2.3): their events complete the same commands.
    await app.register(eventosRoutes({ db, drivers, comandos, saude, cofre, pedidos, portaria, saudeMs: config.varreduraComandosMs ?? 1000 }));

    app.get(
      "/api/dispositivos",
      {
        config: {
          access: gerenciar,
          description: "lista por nome, paginada por cursor (`next`); `q` busca no nome e no modelo; nunca a senha → `{ rows, total, next }`",
          scope: "lista",
        },
        schema: { querystring: dispositivoListQuerySchema, response: { 200: dispositivoPageSchema } },
      },
      async (request) => service.list(scopeOf(request), request.query),
    );

    app.get(
      "/api/dispositivos/:id",
      {
        config: {
          access: gerenciar,
          description: "um dispositivo, com o endereço de integração (`url_integracao`); nunca a senha, só se há uma (`senha_definida`)",
          scope: 404,
          sample: { path: async (f) => `/api/dispositivos/${(await amostra(f)).id}` },
        },
        schema: { params: idParams, response: { 200: dispositivoSchema } },
      },
      async (request) => service.get(scopeOf(request), request.params.id),
    );

    app.post(
      "/api/dispositivos",
      {
        config: {
          access: gerenciar,
          description:
            "`{ condominio_id, nome, fabricante, modelo, conexao, endereco?, usuario?, senha?, portas, sensor_porta?, ativo? }` → 201 com o dispositivo; a senha é guardada cifrada; conexão direta exige o endereço",
          // The sample names the fixtures' condominium: unknown to a user who does not serve it.
          scope: 400,
          sample: { body: corpoDeAmostra },
          storesText: lido,
        },
        schema: { body: dispositivoInputSchema, response: { 201: dispositivoSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.criar(scopeOf(request), request.body)),
    );

    app.put(
      "/api/dispositivos/:id",
      {
        config: {
          access: gerenciar,
          description: "altera o dispositivo (o mesmo corpo do cadastro); senha em branco mantém a guardada",
          scope: 404,
          sample: {
            path: async (f) => `/api/dispositivos/${(await amostra(f)).id}`,
            body: async (f) => ({ ...(await corpoDeAmostra(f)), senha: "" }),
          },
          storesText: lido,
        },
        schema: { params: idParams, body: dispositivoInputSchema, response: { 200: dispositivoSchema } },
      },
      async (request) => service.atualizar(scopeOf(request), request.params.id, request.body),
    );

    app.post(
      "/api/dispositivos/:id/novo-endereco",
      {
        config: {
          access: gerenciar,
          description: "'Gerar novo endereço': troca o token do endereço de integração; o anterior deixa de valer → o dispositivo",
          scope: 404,
          sample: { path: async (f) => `/api/dispositivos/${(await amostra(f)).id}/novo-endereco` },
        },
        schema: { params: idParams, response: { 200: dispositivoSchema } },
      },
      async (request) => service.gerarNovoEndereco(scopeOf(request), request.params.id),
    );

    app.post(
      "/api/dispositivos/:id/sincronizar",
      {
        config: {
          access: gerenciar,
          description:
            "'Sincronizar agora' (§2.4): grava no dispositivo quem pode entrar (moradores ativos; o rosto só com consentimento) e remove quem não pode mais, conferindo na lista do próprio dispositivo → o resumo da rodada",
          scope: 404,
          sample: { path: async (f) => `/api/dispositivos/${(await amostra(f)).id}/sincronizar` },
        },
        schema: { params: idParams, response: { 200: resumoSincronizacaoSchema } },
      },
      async (request) => sincronizacao.sincronizarAgora(scopeOf(request), request.params.id),
    );

    app.get(
      "/api/dispositivos/:id/sincronizacao",
      {
        config: {
          access: gerenciar,
          description: "por pessoa, o que o dispositivo tem dela: 'sincronizado', 'pendente' ou 'falhou' com o motivo do fabricante em pt-BR",
          scope: 404,
          sample: { path: async (f) => `/api/dispositivos/${(await amostra(f)).id}/sincronizacao` },
        },
        schema: { params: idParams, response: { 200: sincronizacaoSchema } },
      },
      async (request) => {
        const estado = await sincronizacao.estado(scopeOf(request), request.params.id);
        if (!estado) throw notFound();
        return estado;
      },
    );

    app.post(
      "/api/dispositivos/:id/testar",
      {
        config: {
          access: gerenciar,
          description:
            "'Testar conexão': entra no dispositivo e lê modelo, série, firmware e relógio (`diferenca_relogio_s`), ou diz em pt-BR por que não conseguiu (`erro`); o resultado vira o estado do dispositivo",
          scope: 404,
          sample: { path: async (f) => `/api/dispositivos/${(await amostra(f)).id}/testar` },
        },
        schema: { params: idParams, response: { 200: testeDeConexaoSchema } },
      },
      async (request) => service.testarConexao(scopeOf(request), request.params.id),
    );

    app.delete(
      "/api/dispositivos/:id",
      {
        config: {
          access: gerenciar,
          description: "exclui o dispositivo → 204; com eventos ou comandos registrados, 409 (desative-o)",
          scope: 404,
          sample: { path: async (f) => `/api/dispositivos/${(await amostra(f)).id}` },
        },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        await service.excluir(scopeOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
