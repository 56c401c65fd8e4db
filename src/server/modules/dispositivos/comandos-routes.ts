import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG } from "@shared/messages";
import { abrirPortaSchema, comandoSchema, portoesQuerySchema, portoesSchema, type AbrirPorta } from "@shared/schemas/comandos";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";

import { fluxosDeEventos, type TempoReal } from "../../realtime";
import type { SampleRecords } from "../../route-contract";
import { activeCondominioInScope, scopeOf } from "../../scope";
import { idParams } from "../common";
import type { ComandosService } from "./comandos";

// Opening a gate from the console (gate-operation-spec §2.2), and the stream that tells the
// console how each command goes. Each route declares, beside its handler, who may call it, what
// it does, what a user of another condominium gets and one valid call
// (src/server/route-contract.ts).

const acionar = requirePermission("acionar_dispositivos");

/**
 * A device of the fixtures' condominium, as the samples make it: one that calls the portal, so a
 * sample command waits for it and nothing changes in the background while the route tests
 * compare the database before and after a call (their sweeper is off).
 */
const dispositivoDeAmostra = async (f: SampleRecords) =>
  f.criar("/api/dispositivos", {
    condominio_id: (await f.condominio()).id,
    nome: `Portão de comando ${f.seq()}`,
    fabricante: "intelbras",
    modelo: "SS 3530",
    conexao: "saida",
    portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
  });

const corpoDeAmostra = async (f: SampleRecords): Promise<AbrirPorta> => ({
  condominio_id: (await f.condominio()).id,
  dispositivo_id: (await dispositivoDeAmostra(f)).id,
  porta: 1,
  chave_idempotencia: `amostra-${f.seq()}-${Date.now()}`,
  motivo: "Entrega sem morador em casa",
});

const comandosQuerySchema = portoesQuerySchema;
const comandosSchema = z.object({ comandos: z.array(comandoSchema) });

export const comandosRoutes =
  ({
    db,
    comandos: service,
    tempoReal,
    tempoRealMaxMs,
    varreduraMs,
  }: {
    db: Db;
    comandos: ComandosService;
    tempoReal: TempoReal;
    tempoRealMaxMs: number;
    /** How often the sweeper ends the commands no process takes care of any more (0: never). */
    varreduraMs: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /** The console's condominium: active and in the user's scope, or 404 as if it did not exist. */
    async function portaria(request: FastifyRequest, condominioId: string) {
      const condominio = await activeCondominioInScope(db, scopeOf(request), condominioId);
      if (!condominio) throw notFound(MSG.condominioNotFound);
      return condominio;
    }

    // Every instance sweeps; each end is one conditional UPDATE, won once.
    let varredura: NodeJS.Timeout | undefined;
    const fluxos = fluxosDeEventos(app, { tempoReal, maxMs: tempoRealMaxMs });
    app.addHook("onReady", async () => {
      if (varreduraMs <= 0) return;
      varredura = setInterval(() => {
        service.varrer().catch((error: unknown) => app.log.warn({ err: error }, "varredura dos comandos falhou"));
      }, varreduraMs);
      varredura.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(varredura);
      service.parar();
    });

    app.get(
      "/api/controle-acesso/portoes",
      {
        config: {
          access: acionar,
          description: "'Portões': as portas dos dispositivos ativos do condomínio, com o estado de cada dispositivo → `{ portoes }`",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/portoes?condominio_id=${(await f.condominio()).id}` },
        },
        schema: { querystring: portoesQuerySchema, response: { 200: portoesSchema } },
      },
      async (request) => {
        const condominio = await portaria(request, request.query.condominio_id);
        return { portoes: await service.portoes(condominio.id) };
      },
    );

    app.post(
      "/api/controle-acesso/abrir",
      {
        config: {
          access: acionar,
          description:
            "'Abrir' e 'Registrar e abrir': `{ condominio_id, dispositivo_id, porta, chave_idempotencia, registro_id? | motivo }` → 201 com o comando (`estado` 'solicitado'); sem `registro_id` (a entrada liberada há pouco) exige o motivo e grava um registro 'nao_identificado', método 'remoto'; a mesma chave de novo → 200 com o mesmo comando, e o portão não abre outra vez (a mesma chave para outro portão → 409); o estado segue em `/api/controle-acesso/tempo-real`",
          scope: 404,
          sample: { body: corpoDeAmostra },
          // The reason is stored in the opening's access record.
          storesText: {
            readBack: async (created, get) => (await get("/api/registros?limit=200")).rows.find((r: { id: string }) => r.id === created.registro_id),
          },
        },
        schema: { body: abrirPortaSchema, response: { 200: comandoSchema, 201: comandoSchema } },
      },
      async (request, reply) => {
        const { condominio_id, ...pedido } = request.body;
        const condominio = await portaria(request, condominio_id);
        const profile = currentProfile(request);
        const { comando, novo } = await service.abrir(condominio.id, { id: profile.id, nome: profile.nome_completo }, pedido);
        return reply.status(novo ? 201 : 200).send(comando);
      },
    );

    app.get(
      "/api/controle-acesso/comandos",
      {
        config: {
          access: acionar,
          description: "os últimos 20 comandos do condomínio, do mais novo ao mais antigo → `{ comandos }`",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/comandos?condominio_id=${(await f.condominio()).id}` },
        },
        schema: { querystring: comandosQuerySchema, response: { 200: comandosSchema } },
      },
      async (request) => {
        const condominio = await portaria(request, request.query.condominio_id);
        return { comandos: await service.recentes(condominio.id) };
      },
    );

    app.get(
      "/api/controle-acesso/comandos/:id",
      {
        config: {
          access: acionar,
          description: "um comando do condomínio, com o estado e a hora de cada passo",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/comandos/${(await f.criar("/api/controle-acesso/abrir", await corpoDeAmostra(f))).id}` },
        },
        schema: { params: idParams, response: { 200: comandoSchema } },
      },
      async (request) => service.comando(scopeOf(request), request.params.id),
    );

    app.get(
      "/api/controle-acesso/tempo-real",
      {
        config: {
          fluxoAberto: true,
          // The console's stream: who opens the gates, and who asks residents for authorisation (§3.3).
          access: requirePermission(["acionar_dispositivos", "registrar_acesso_visitante"]),
          description:
            "fluxo `text/event-stream` do condomínio: `event: comando` com o comando a cada mudança de estado, `event: alarme`, `event: solicitacao` com o pedido de autorização ao morador a cada mudança, em qualquer instância; `event: reler` quando algo pode ter sido perdido (releia); termina em até 60 s e o navegador reconecta (a sessão é conferida de novo)",
          scope: 404,
          sample: { path: async (f) => `/api/controle-acesso/tempo-real?condominio_id=${(await f.condominio()).id}` },
        },
        schema: { querystring: portoesQuerySchema, response: { 200: z.string().describe("text/event-stream") } },
      },
      async (request, reply) => {
        const condominio = await portaria(request, request.query.condominio_id);
        fluxos.abrir(reply, (aviso) => aviso.condominio_id === condominio.id);
      },
    );
  };
