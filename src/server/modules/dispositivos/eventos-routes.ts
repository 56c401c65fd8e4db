import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { alarmeSchema, alarmesQuerySchema, alarmesSchema } from "@shared/schemas/alarmes";
import { eventosDispositivoSchema } from "@shared/schemas/dispositivos";
import { MSG } from "@shared/messages";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { alarmes } from "../../db/schema";
import { ChamadaInvalida } from "../../dispositivos/drivers/tipos";
import type { Drivers } from "../../dispositivos/drivers";
import { AppError, notFound } from "../../errors";
import type { SampleRecords } from "../../route-contract";
import { scopeOf } from "../../scope";
import { portariaService, type PortariaOptions } from "../controle-acesso/service";
import { idParams } from "../common";
import type { ComandosService } from "./comandos";
import { eventosService } from "./eventos";
import type { PedidosPelaSaida } from "./pedidos";
import type { SaudeDosDispositivos } from "./saude";
import type { CofreDeSenhas } from "./senha";

// What devices report (gate-operation-spec §2.3) and the alarms it raises. The device endpoints
// take no session: the token in the address is the device's credential, and names its one
// condominium (docs/decisions/0265-eventos-dos-dispositivos.md). Rate-limited per token.

const verAlarmes = requirePermission(["acionar_dispositivos", "gerenciar_dispositivos"]);
/**
 * A device's calls a second: a busy gate is a few; a flood is refused with 429 before any query.
 * Counted per second, not per minute, so a flood is held to this pace instead of a burst of a
 * minute's worth that slows every other gate for seconds (docs/decisions/0268).
 */
const CHAMADAS_POR_SEGUNDO = 10;
/** A body bigger than a face snapshot is not an event. */
const CORPO_MAXIMO = 1_048_576;

/** A device of the fixtures' condominium, made for a sample: the path of its integration address (with the token). */
const enderecoDeAmostra = async (f: SampleRecords, fabricante: "controlid" | "intelbras") => {
  const criado = await f.criar("/api/dispositivos", {
    condominio_id: (await f.condominio()).id,
    nome: `Portão de eventos ${f.seq()}`,
    fabricante,
    modelo: fabricante === "controlid" ? "iDFace" : "SS 3530 MF W",
    conexao: "saida",
    portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
  });
  return new URL(criado.url_integracao as string).pathname;
};

/** The address's parts: the vendor and the token; then the vendor's own path, if any. */
const integracaoParams = z.object({ fabricante: z.string().max(20), token: z.string().max(200) });
const comCaminho = integracaoParams.extend({ caminho: z.string().max(100) });
const comNotificacao = integracaoParams.extend({ notificacao: z.string().max(100) });
type ParamsDaIntegracao = z.infer<typeof integracaoParams> & { caminho?: string; notificacao?: string };

/** What the device reads: its vendor's JSON (a decision, a command, `{}`) or the keepalive's text. */
const respostaAoDispositivo = {
  description: "A resposta no protocolo do fabricante: JSON (a decisão, o comando, `{}`) ou `OK` no keepalive.",
  content: { "application/json": { schema: z.string() as z.ZodType<string> }, "text/plain": { schema: z.string() } },
};

export const eventosRoutes =
  ({
    db,
    drivers,
    comandos,
    saude,
    cofre,
    pedidos,
    portaria,
    saudeMs,
  }: {
    db: Db;
    drivers: Drivers;
    comandos: ComandosService;
    saude: SaudeDosDispositivos;
    /** A gap in a device's numbering is read from its log (docs/decisions/0269). */
    cofre: CofreDeSenhas;
    /** Requests waiting for devices that call out (push mode, docs/decisions/0270). */
    pedidos: PedidosPelaSaida;
    portaria: PortariaOptions;
    /** How often the health sweep runs (0: never). */
    saudeMs: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = eventosService({ db, drivers, portaria: portariaService(db, portaria), comandos, saude, cofre, pedidos, log: app.log });

    let varredura: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      if (saudeMs <= 0) return;
      let retomando = false;
      varredura = setInterval(() => {
        saude.varrer().catch((error: unknown) => app.log.warn({ err: error }, "varredura da saúde dos dispositivos falhou"));
        // Gaps a killed process never finished reading (docs/decisions/0269); one pass at a time.
        if (retomando) return;
        retomando = true;
        service
          .retomarLacunas()
          .catch((error: unknown) => app.log.warn({ err: error }, "varredura das lacunas dos dispositivos falhou"))
          .finally(() => (retomando = false));
      }, saudeMs);
      varredura.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(varredura);
      // A gap read after its answer finishes (or raises its alarm) before the database closes.
      await service.encerrar();
    });

    // The device endpoints, in a context of their own: any body arrives as bytes (form, JSON,
    // multipart: each vendor's driver reads its own), never parsed by the API's JSON rules.
    await app.register(async (devices) => {
      devices.removeAllContentTypeParsers();
      devices.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: CORPO_MAXIMO }, (_request, body, done) => done(null, body));

      const atender = async (request: FastifyRequest<{ Params: ParamsDaIntegracao }>, reply: FastifyReply) => {
        const { fabricante, token } = request.params;
        try {
          const resposta = await service.receber(fabricante, token, {
            metodo: request.method,
            caminho: request.params.notificacao ? `api/notifications/${request.params.notificacao}` : (request.params.caminho ?? ""),
            consulta: request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "",
            tipoDoCorpo: request.headers["content-type"],
            corpo: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          });
          return reply.status(resposta.status).type(resposta.tipo).send(resposta.corpo);
        } catch (error) {
          if (error instanceof ChamadaInvalida) {
            throw error.status === 404
              ? notFound(MSG.dispositivoDesconhecido)
              : AppError.from(400, "CHAMADA_INVALIDA", { title: MSG.invalidInput.title, message: error.message });
          }
          throw error;
        }
      };

      const config = {
        access: "public" as const,
        semCookies: true,
        scope: "sem_escopo" as const,
        rateLimit: {
          max: CHAMADAS_POR_SEGUNDO,
          timeWindow: 1000,
          keyGenerator: (request: FastifyRequest) => `integracao:${(request.params as { token?: string }).token ?? ""}`,
        },
      };
      const descricao =
        "chamadas de um dispositivo no protocolo do fabricante (Control iD: modo online, monitor, sinal de vida; Intelbras: Modo Online e keepalive): o token do endereço é a credencial e diz o condomínio; identificações decididas pelas regras do console e registradas (método 'dispositivo'); eventos repetidos guardados uma vez; token desconhecido, aparelho ou condomínio inativo → 404";
      const response = { 200: respostaAoDispositivo };
      // Intelbras posts its events to the address itself and GETs it as its keepalive.
      devices.route({
        method: ["GET", "POST"],
        url: "/api/integracoes/:fabricante/:token",
        config: { ...config, description: descricao, sample: { path: (f) => enderecoDeAmostra(f, "intelbras"), body: () => ({ Events: [] }) } },
        schema: { params: integracaoParams, response },
        handler: atender,
      });
      // Control iD appends a path of its own: new_user_identified.fcgi, device_is_alive.fcgi, result (POST); push (GET).
      devices.route({
        method: "POST",
        url: "/api/integracoes/:fabricante/:token/:caminho",
        config: {
          ...config,
          description: descricao,
          sample: { path: async (f) => `${await enderecoDeAmostra(f, "controlid")}/device_is_alive.fcgi`, body: () => ({}) },
        },
        schema: { params: comCaminho, response },
        handler: atender,
      });
      devices.route({
        method: "GET",
        url: "/api/integracoes/:fabricante/:token/:caminho",
        config: { ...config, description: descricao, sample: { path: async (f) => `${await enderecoDeAmostra(f, "controlid")}/push` } },
        schema: { params: comCaminho, response },
        handler: atender,
      });
      // ... and its monitor's notifications: api/notifications/dao, api/notifications/door.
      devices.route({
        method: "POST",
        url: "/api/integracoes/:fabricante/:token/api/notifications/:notificacao",
        config: {
          ...config,
          description: descricao,
          sample: { path: async (f) => `${await enderecoDeAmostra(f, "controlid")}/api/notifications/operation_mode`, body: () => ({}) },
        },
        schema: { params: comNotificacao, response },
        handler: atender,
      });
    });

    app.get(
      "/api/dispositivos/:id/eventos",
      {
        config: {
          access: requirePermission("gerenciar_dispositivos"),
          description: "os 30 eventos mais recentes do dispositivo, do mais novo ao mais antigo, com quem se identificou e o resultado → `{ eventos }`",
          scope: 404,
          sample: {
            path: async (f) =>
              `/api/dispositivos/${(await f.criar("/api/dispositivos", { condominio_id: (await f.condominio()).id, nome: `Portão com eventos ${f.seq()}`, fabricante: "intelbras", modelo: "SS 3530", conexao: "saida", portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }] })).id}/eventos`,
          },
        },
        schema: { params: idParams, response: { 200: eventosDispositivoSchema } },
      },
      async (request) => {
        const eventos = await service.recentes(scopeOf(request), request.params.id);
        if (!eventos) throw notFound();
        return { eventos };
      },
    );

    app.get(
      "/api/alarmes",
      {
        config: {
          access: verAlarmes,
          description:
            "'Alarmes': os do escopo (ou de um condomínio), `situacao` 'abertos' (sem 'Ciente', padrão) ou 'todos'; do mais novo ao mais antigo, até 200 → `{ alarmes }`",
          scope: "lista",
        },
        schema: { querystring: alarmesQuerySchema, response: { 200: alarmesSchema } },
      },
      async (request) => {
        const { condominio_id, situacao } = request.query;
        return {
          alarmes: await service.alarmes(scopeOf(request), { condominioId: condominio_id === "todos" ? null : condominio_id, abertos: situacao === "abertos" }),
        };
      },
    );

    app.post(
      "/api/alarmes/:id/ciente",
      {
        config: {
          access: verAlarmes,
          description: "'Ciente': registra quem e quando; um segundo 'Ciente' não muda o primeiro → o alarme",
          scope: 404,
          sample: {
            path: async (f) => {
              const condominio = await f.condominio();
              const [alarme] = await db
                .insert(alarmes)
                .values({ condominio_id: condominio.id, tipo: "porta_forcada", mensagem: "Porta forçada: Portão social." })
                .returning();
              return `/api/alarmes/${alarme!.id}/ciente`;
            },
          },
        },
        schema: { params: idParams, response: { 200: alarmeSchema } },
      },
      async (request) => {
        const profile = currentProfile(request);
        const alarme = await service.ciente(scopeOf(request), request.params.id, { id: profile.id, nome: profile.nome_completo });
        if (!alarme) throw notFound(MSG.alarmeNotFound);
        return alarme;
      },
    );
  };
