import { randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { semConteudo } from "@shared/schemas/common";
import {
  aceitarConviteSchema,
  contaMoradorRespostaSchema,
  contaMoradorSchema,
  conviteInfoSchema,
  conviteQuerySchema,
  moradorEuSchema,
} from "@shared/schemas/morador";
import { currentMorador, currentProfile, requirePermission } from "../../auth/guard";
import type { Auth } from "../../auth/auth";
import type { PasswordAttemptLimit } from "../../auth/sign-in-limit";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { moradorContas } from "../../db/schema";
import type { Outbox } from "../../email/outbox";
import { notFound } from "../../errors";
import type { SampleRecords } from "../../route-contract";
import { scopeOf } from "../../scope";
import { idParams } from "../common";
import { contasService, hashDoConvite } from "./contas";

// The Área do Morador (gate-operation-spec §3): the residents' accounts, invited from the unit page,
// and the signed-in resident's own data. Each route declares, beside its handler, who may call it,
// what a user of another condominium gets and one valid call (src/server/route-contract.ts).

const gerenciar = requirePermission("gerenciar_moradores_unidade");
const lerUnidade = requirePermission(["gerenciar_moradores_unidade", "gerenciar_veiculos_morador"], "verMoradoresUnidade");

/** A resident with an e-mail, made through the API (each sample its own: an e-mail invites once). */
const moradorComEmail = async (f: SampleRecords) =>
  f.criar(`/api/unidades/${(await f.unidade()).id}/moradores`, {
    nome_completo: `Morador Convidado ${f.seq()}`,
    tipo_morador: "proprietario",
    email: `convidado-${f.seq()}-${randomBytes(3).toString("hex")}@teste.local`,
  });

export interface MoradorDeps {
  db: Db;
  auth: Auth;
  outbox: Outbox;
  config: AppConfig;
  signInFailures: PasswordAttemptLimit;
}

export const moradorRoutes =
  ({ db, auth, outbox, config, signInFailures }: MoradorDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const contas = contasService({ db, auth, outbox, publicUrl: config.publicUrl, signInFailures });
    // The invitation's public routes share the recovery's limit per address: no guessing tokens or passwords at speed.
    const limite = { max: config.rateLimits.recovery.max, timeWindow: config.rateLimits.recovery.window * 1000 };

    /** An invitation a sample can accept: a resident with an e-mail and a pending account whose token is known. */
    const conviteDeAmostra = async (f: SampleRecords) => {
      const morador = await moradorComEmail(f);
      const token = randomBytes(24).toString("base64url");
      await db.insert(moradorContas).values({
        morador_id: morador.id,
        email: String(morador.email),
        convite_hash: hashDoConvite(token),
        convite_expira_em: new Date(Date.now() + 86_400_000),
      });
      return token;
    };

    app.get(
      "/api/unidades/:id/contas-moradores",
      {
        config: {
          access: lerUnidade,
          description: "as contas da Área do Morador dos moradores da unidade (`rows`: status, email, convite, ativação); morador sem conta não aparece",
          scope: 404,
          sample: { path: async (f) => `/api/unidades/${(await f.unidade()).id}/contas-moradores` },
        },
        schema: { params: idParams, response: { 200: z.object({ rows: z.array(contaMoradorSchema) }) } },
      },
      async (request) => {
        const rows = await contas.daUnidade(scopeOf(request), request.params.id);
        if (!rows) throw notFound();
        return { rows };
      },
    );

    app.post(
      "/api/moradores/:id/convite",
      {
        config: {
          access: gerenciar,
          description:
            "'Convidar para a Área do Morador': envia ao email do morador o link para criar a senha (uso único, 7 dias; um convite novo invalida o anterior) → 201 `{ conta }`; 400 sem email, 409 morador inativo ou já com acesso",
          scope: 404,
          sample: { path: async (f) => `/api/moradores/${(await moradorComEmail(f)).id}/convite` },
        },
        schema: { params: idParams, response: { 201: contaMoradorRespostaSchema } },
      },
      async (request, reply) => {
        const conta = await contas.convidar(scopeOf(request), request.params.id, { nome: currentProfile(request).nome_completo });
        return reply.status(201).send({ conta });
      },
    );

    app.get(
      "/api/morador/convite",
      {
        config: {
          access: "public",
          rateLimit: limite,
          description:
            "o que a página do convite mostra antes da senha: se o link vale e para quem (nome, email, unidade) e se o email já entra no portal; limitado por endereço (5 em 5 minutos)",
          scope: "sem_escopo",
          sample: { path: async (f) => `/api/morador/convite?token=${await conviteDeAmostra(f)}` },
        },
        schema: { querystring: conviteQuerySchema, response: { 200: conviteInfoSchema } },
      },
      async (request) => contas.conviteInfo(request.query.token),
    );

    app.post(
      "/api/morador/convite",
      {
        config: {
          access: "public",
          rateLimit: limite,
          description:
            "aceita o convite: `{ tipo: 'nova_senha', token, novaSenha, confirmacao }`, ou `{ tipo: 'senha_existente', token, senhaAtual }` quando o email já entra no portal → 204; depois o morador entra em /login; o link não vale de novo",
          scope: "sem_escopo",
          sample: {
            body: async (f) => ({
              tipo: "nova_senha",
              token: await conviteDeAmostra(f),
              novaSenha: "Sentinela#Morador-2026",
              confirmacao: "Sentinela#Morador-2026",
            }),
          },
        },
        schema: { body: aceitarConviteSchema, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        await contas.aceitar(request.body, request.ip);
        return reply.status(204).send();
      },
    );

    app.get(
      "/api/morador/eu",
      {
        config: {
          access: "morador",
          description: "o morador da sessão: nome, email e as suas unidades (só as de conta ativa, morador, unidade e condomínio ativos)",
          scope: "sem_escopo",
        },
        schema: { response: { 200: moradorEuSchema } },
      },
      async (request) => {
        const { user, unidades } = currentMorador(request);
        return { nome: user.name, email: user.email, unidades };
      },
    );
  };
