import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { semConteudo } from "@shared/schemas/common";
import { chavePushSchema, pushInscricaoSchema } from "@shared/schemas/notificacoes";
import { currentMorador } from "../../auth/guard";
import type { Db } from "../../db/client";
import { loadVapidKeys } from "../../db/settings";
import type { SampleRecords } from "../../route-contract";
import { pushService } from "./preferencias";

// Web Push for the Área do Morador (gate-operation-spec §3.2, §3.4): the portal's VAPID public key,
// and the browsers (endpoints) of the signed-in person that receive 'Notificação no celular'.

/** A subscription as a browser's PushSubscription.toJSON() gives it, its endpoint new on every call. */
const inscricaoDeAmostra = (f: SampleRecords) => ({
  endpoint: `https://push.exemplo.test/envio/${f.seq()}-${Date.now().toString(36)}`,
  keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" },
});

// An endpoint is a push service's URL, not free text: its pattern says so to the fuzzer.
const endpoint = pushInscricaoSchema.shape.endpoint.regex(/^https?:\/\/\S+$/, "Inscrição inválida.");
const inscricaoSchema = pushInscricaoSchema.extend({ endpoint });
const endpointSchema = z.object({ endpoint });

export const pushRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = pushService({ db });

    app.get(
      "/api/morador/push/chave",
      {
        config: {
          access: "morador",
          description: "a chave pública (VAPID) com que o navegador do morador se inscreve para a 'Notificação no celular'",
          scope: "sem_escopo",
        },
        schema: { response: { 200: chavePushSchema } },
      },
      async () => ({ chave_publica: (await loadVapidKeys(db)).publicKey }),
    );

    app.post(
      "/api/morador/push/inscricoes",
      {
        config: {
          access: "morador",
          description:
            "inscreve este navegador (a inscrição do `PushSubscription.toJSON()`) para receber as notificações do morador em todas as suas unidades → 204; o mesmo endpoint de outra pessoa passa a ser deste morador (é o mesmo aparelho)",
          scope: "sem_escopo",
          sample: { body: inscricaoDeAmostra },
        },
        schema: { body: inscricaoSchema, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        await service.inscrever(currentMorador(request).user.id, request.body);
        return reply.status(204).send();
      },
    );

    app.delete(
      "/api/morador/push/inscricoes",
      {
        config: {
          access: "morador",
          description:
            "desinscreve este navegador: `{ endpoint }` → 204; só apaga a inscrição se for do morador da sessão (a de outra pessoa, ou uma desconhecida, fica como está)",
          scope: "sem_escopo",
          sample: { body: (f) => ({ endpoint: inscricaoDeAmostra(f).endpoint }) },
        },
        schema: { body: endpointSchema, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        await service.cancelar(currentMorador(request).user.id, request.body.endpoint);
        return reply.status(204).send();
      },
    );
  };
