import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMorador } from "../../auth/guard";

import { fluxosDeEventos, type TempoReal } from "../../realtime";

// The resident's open app hears its units' news at once (gate-operation-spec §3.3: "in the open
// app … at once"), from any instance, by the same announcements the consoles hear.

/** Whether an announcement is about one of these units (its data names the unit). */
const daUnidade = (dados: unknown, unidades: ReadonlySet<string>) =>
  typeof dados === "object" && dados !== null && unidades.has((dados as { unidade_id?: unknown }).unidade_id as string);

export const moradorTempoRealRoutes =
  ({ tempoReal, tempoRealMaxMs }: { tempoReal: TempoReal; tempoRealMaxMs: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const fluxos = fluxosDeEventos(app, { tempoReal, maxMs: tempoRealMaxMs });
    app.get(
      "/api/morador/tempo-real",
      {
        config: {
          fluxoAberto: true,
          access: "morador",
          description:
            "fluxo `text/event-stream` do morador: `event: solicitacao` com cada pedido da portaria às suas unidades e cada mudança dele (outro morador respondeu, o pedido terminou), em qualquer instância; `event: reler` quando algo pode ter sido perdido; termina em até 60 s e o navegador reconecta (a sessão é conferida de novo)",
          scope: "sem_escopo",
        },
        schema: { response: { 200: z.string().describe("text/event-stream") } },
      },
      async (request, reply) => {
        // The units as the session holds them now: a unit lost meanwhile ends with the stream.
        const unidades = new Set(currentMorador(request).unidades.map((u) => u.unidade_id));
        fluxos.abrir(reply, (aviso) => aviso.tipo === "solicitacao" && daUnidade(aviso.dados, unidades));
      },
    );
  };
