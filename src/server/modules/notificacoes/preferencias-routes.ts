import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { uuidSchema } from "@shared/schemas/common";
import { preferenciasInputSchema, preferenciasSchema } from "@shared/schemas/notificacoes";
import { currentMorador } from "../../auth/guard";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import type { SampleRecords } from "../../route-contract";
import { canaisDisponiveis } from "./canais";
import { preferenciasService } from "./preferencias";

// The resident's 'Notificações' screen (gate-operation-spec §3.2): the channels, quiet hours and
// the standing rule of one of their units. Each route declares, beside its handler, who may call
// it, what a user of another condominium gets and one valid call (src/server/route-contract.ts).

const unidadeParams = z.object({ unidadeId: uuidSchema });
const caminho = async (f: SampleRecords) => `/api/morador/unidades/${(await f.moradorDaAmostra()).unidade_id}/preferencias`;

export const preferenciasRoutes =
  ({ db, config }: { db: Db; config: Pick<AppConfig, "notificacoes"> }): FastifyPluginAsyncZod =>
  async (app) => {
    // The channels the sending engine can use (canais.ts): the same answer the engine logs at start.
    const service = preferenciasService({ db, canais: () => canaisDisponiveis(config) });

    app.get(
      "/api/morador/unidades/:unidadeId/preferencias",
      {
        config: {
          access: "morador",
          description:
            "as notificações do morador numa das suas unidades: canais (celular, WhatsApp, SMS, email), horário de silêncio e a regra das entregas; sem escolha salva, todos os canais e 'Sempre perguntar'; `canais_disponiveis` diz o que o portal tem configurado; unidade que não é do morador, 404",
          scope: "sem_escopo",
          sample: { path: caminho },
        },
        schema: { params: unidadeParams, response: { 200: preferenciasSchema } },
      },
      async (request) => service.ler(currentMorador(request).unidades, request.params.unidadeId),
    );

    app.put(
      "/api/morador/unidades/:unidadeId/preferencias",
      {
        config: {
          access: "morador",
          description:
            "salva as notificações do morador na unidade (canais, horário de silêncio 'HH:mm', 'Sempre perguntar' ou 'Entregas: liberar sempre (das HH:mm às HH:mm)') → as notificações salvas; unidade que não é do morador, 404, nada gravado",
          scope: "sem_escopo",
          sample: {
            path: caminho,
            body: () => ({
              push: true,
              whatsapp: false,
              sms: false,
              email: true,
              silencio_de: "22:00",
              silencio_ate: "07:00",
              regra_entregas: "liberar_sempre",
              regra_de: "08:00",
              regra_ate: "18:00",
            }),
          },
        },
        schema: { params: unidadeParams, body: preferenciasInputSchema, response: { 200: preferenciasSchema } },
      },
      async (request) => service.salvar(currentMorador(request).unidades, request.params.unidadeId, request.body),
    );
  };
