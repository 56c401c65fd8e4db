import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resumoDiarioSchema } from "@shared/schemas/livro";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { lerAssinatura, salvarAssinatura } from "./resumo";

// The síndico's daily summary by e-mail (gate-operation-spec §5; decision 0280): whether the
// signed-in user asked for it. His own preference: no condominium's data, hence "sem_escopo".

const ler = requirePermission("visualizar_ocorrencias");

export const resumoDiarioRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/livro/resumo-diario",
      {
        config: {
          access: ler,
          description:
            "se o usuário recebe por e-mail, às 07:00 (São Paulo), o resumo do dia anterior do livro da portaria dos seus condomínios (só o visível ao síndico)",
          scope: "sem_escopo",
        },
        schema: { response: { 200: resumoDiarioSchema } },
      },
      async (request) => ({ ativo: await lerAssinatura(db, currentProfile(request).id) }),
    );

    app.put(
      "/api/livro/resumo-diario",
      {
        config: {
          access: ler,
          description: "liga ou desliga o resumo diário do livro da portaria por e-mail para o próprio usuário → a escolha salva",
          scope: "sem_escopo",
          sample: { body: () => ({ ativo: true }) },
        },
        schema: { body: resumoDiarioSchema, response: { 200: resumoDiarioSchema } },
      },
      async (request) => ({ ativo: await salvarAssinatura(db, currentProfile(request).id, request.body.ativo) }),
    );
  };
