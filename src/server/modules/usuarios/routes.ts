import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StoredText } from "../../route-contract";
import { z } from "zod";
import { MSG } from "@shared/messages";
import { BLOCKED_STATUSES, type UserStatus } from "@shared/permissions";
import { accountRefusal, membershipRefusal, scopeRefusal, type ScopeGrant } from "@shared/authz-rules";
import {
  usuarioCreateSchema,
  usuarioListQuerySchema,
  usuarioPageSchema,
  usuarioSchema,
  usuarioStatusResponseSchema,
  usuarioStatusSchema,
  usuarioUpdateSchema,
} from "@shared/schemas/usuarios";
import { semConteudo } from "@shared/schemas/common";
import { createAuthUser } from "../../auth/accounts";
import type { Auth } from "../../auth/auth";
import { assertStrongPassword, passwordUserInputs } from "../../auth/password-strength";
import { currentProfile, requirePermission } from "../../auth/guard";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { AppError, notFound, pgErrorCode, refuseIf, ruleRefusal } from "../../errors";
import type { Outbox } from "../../email/outbox";
import type { LimiteDeEnvios } from "../../email/limite-envios";
import { newUserEmail } from "../../email/templates";
import { idParams, withUniqueMessage, type ListTotals } from "../common";
import { gruposRepository } from "../grupos/repository";
import { usuariosRepository } from "./repository";
import { scopeOf } from "../../scope";

const access = requirePermission("gerenciar_usuarios_portaria");
const UNIQUE_MESSAGES = { usuarios_email_unique: MSG.userEmailDuplicate, usuarios_cpf_unique: MSG.userCpfDuplicate };

export interface UsuariosDeps {
  db: Db;
  auth: Auth;
  outbox: Outbox;
  /** New users' e-mails per creating user (email/limite-envios.ts). */
  envios: LimiteDeEnvios;
  config: AppConfig;
  totals?: ListTotals;
}

/** How the fuzzer reads a user's texts back (route-contract.ts). */
const usuarioLido: StoredText = { readBack: (created, get) => get(`/api/usuarios/${created.id}`) };

export const usuariosRoutes =
  ({ db, auth, outbox, envios, config, totals }: UsuariosDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = usuariosRepository(db, totals);
    const gruposRepo = gruposRepository(db);

    /** The groups `ids` with the permissions each grants; all of them must exist. */
    async function groupGrants(ids: readonly string[]) {
      const found = await gruposRepo.grants(ids);
      if (found.length !== ids.length) throw AppError.from(400, "VALIDATION_ERROR", MSG.unknownGroup);
      return found;
    }

    const UNKNOWN_CONDOMINIO = MSG.condominiosUnknown;

    /** The condominiums a user serves, as given; every listed one must exist. */
    async function wantedScope(input: { acesso_todos_condominios?: boolean; condominio_ids?: string[] }, current: ScopeGrant | null): Promise<ScopeGrant> {
      const todos = input.acesso_todos_condominios ?? current?.acesso_todos_condominios ?? false;
      const ids = todos ? [] : (input.condominio_ids ?? (current?.acesso_todos_condominios ? [] : (current?.condominio_ids ?? [])));
      if ((await repo.countCondominios(ids)) !== ids.length) {
        throw AppError.from(400, "VALIDATION_ERROR", UNKNOWN_CONDOMINIO, { condominio_ids: UNKNOWN_CONDOMINIO.message });
      }
      return { acesso_todos_condominios: todos, condominio_ids: ids };
    }

    const grantOf = (u: { acesso_todos_condominios: boolean; condominios: { id: string }[] }): ScopeGrant => ({
      acesso_todos_condominios: u.acesso_todos_condominios,
      condominio_ids: u.condominios.map((c) => c.id).sort(),
    });

    /** A blocked or deactivated account loses its sessions at once. */
    async function endSessionsIfBlocked(authUserId: string, status: UserStatus) {
      if (!BLOCKED_STATUSES.includes(status)) return;
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(authUserId);
    }

    app.get(
      "/api/usuarios",
      {
        config: {
          access,
          description: "`{ rows, total, next }` (paginação como nas listas de cadastros, abaixo); busca em nome, email e CPF; por nome",
          scope: "lista",
        },
        schema: { querystring: usuarioListQuerySchema, response: { 200: usuarioPageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query),
    );

    app.get(
      "/api/usuarios/:id",
      {
        config: {
          access,
          description: "um usuário com grupos",
          // The fixture user serves every condominium: out of reach of a manager who serves one.
          scope: 404,
          sample: { path: async (f) => `/api/usuarios/${(await f.usuario()).id}` },
        },
        schema: { params: idParams, response: { 200: usuarioSchema } },
      },
      async (request) => {
        const usuario = await repo.get(scopeOf(request), request.params.id);
        if (!usuario) throw notFound(MSG.userNotFound);
        const { auth_user_id: _omit, ...rest } = usuario;
        return rest;
      },
    );

    // Auth user, then profile + memberships in one transaction; if the profile fails, the auth
    // user is removed again so no half-created account is left behind.
    app.post(
      "/api/usuarios",
      {
        config: {
          access,
          description:
            "`{ nome_completo, email, senha, telefone_celular?, cpf?, grupo_ids }` → conta + perfil `pendente_confirmacao` + grupos; email de boas-vindas",
          scope: "sem_escopo",
          sample: {
            body: (f) => {
              const n = f.seq();
              return { nome_completo: `Usuária Amostra ${n}`, email: `amostra-${n}@teste.local`, senha: "Sentinela#Portaria-2026" };
            },
          },
          storesText: usuarioLido,
        },
        schema: { body: usuarioCreateSchema, response: { 201: usuarioSchema } },
      },
      async (request, reply) => {
        const input = request.body;
        const me = currentProfile(request);
        // Nobody grants what they do not hold: every group of the new user is checked, and the condominiums.
        refuseIf(membershipRefusal(me, null, [], await groupGrants(input.grupo_ids)));
        const escopo = await wantedScope(input, null);
        refuseIf(scopeRefusal(me, null, null, escopo));
        const ctx = await auth.$context;
        if (await ctx.internalAdapter.findUserByEmail(input.email)) throw AppError.from(409, "DUPLICATE", MSG.userEmailDuplicate);
        // The initial password too: it opens the account until the user's first access.
        await assertStrongPassword(
          input.senha,
          passwordUserInputs({ email: input.email, name: [input.nome_completo], numbers: [input.cpf, input.telefone_celular] }),
          "senha",
        );
        // Each new user gets an e-mail: counted before anything is written (429 creates nothing).
        const envio = await envios.reservar(reply, me.id);
        const authUser = await createAuthUser(auth, { email: input.email, name: input.nome_completo, password: input.senha }).catch(async (error: unknown) => {
          await envio.desfazer();
          throw error;
        });
        let id: string;
        try {
          id = await withUniqueMessage(
            () =>
              repo.insertProfile({
                auth_user_id: authUser.id,
                nome_completo: input.nome_completo,
                email: input.email,
                telefone_celular: input.telefone_celular,
                cpf: input.cpf,
                grupo_ids: input.grupo_ids,
                ...escopo,
              }),
            UNIQUE_MESSAGES,
          );
        } catch (error) {
          await ctx.internalAdapter.deleteUser(authUser.id);
          await envio.desfazer();
          if (error instanceof AppError) throw error;
          request.log.error({ err: error }, "profile insert failed");
          throw AppError.from(pgErrorCode(error) ? 400 : 500, "PROFILE_FAILED", MSG.profileFailed);
        }
        const message = newUserEmail(input.nome_completo, input.email, `${config.publicUrl}/login`);
        // Queued, not sent here: the worker retries when SMTP is down (the account exists either way).
        await outbox
          .enqueue("novo_usuario", { to: input.email, ...message })
          .catch((error: Error) => request.log.error({ err: error }, "new-user e-mail not queued"));
        const created = await repo.get(scopeOf(request), id);
        const { auth_user_id: _omit, ...rest } = created!;
        return reply.status(201).send(rest);
      },
    );

    app.put(
      "/api/usuarios/:id",
      {
        config: {
          access,
          description: "`{ nome_completo, telefone_celular, cpf, status, grupo_ids }`; regras abaixo",
          scope: 404,
          sample: {
            path: async (f) => `/api/usuarios/${(await f.usuario()).id}`,
            body: () => ({ nome_completo: "Usuária Editada", status: "ativo", grupo_ids: [] }),
          },
          storesText: usuarioLido,
        },
        schema: { params: idParams, body: usuarioUpdateSchema, response: { 200: usuarioSchema } },
      },
      async (request) => {
        const me = currentProfile(request);
        const scope = scopeOf(request);
        const target = await repo.get(scope, request.params.id);
        if (!target) throw notFound(MSG.userNotFound);
        const input = request.body;
        refuseIf(accountRefusal(me, target));
        if (target.id === me.id && input.status !== target.status) throw ruleRefusal(MSG.ownStatus);
        const [current, wanted] = await Promise.all([groupGrants(target.grupos.map((g) => g.id)), groupGrants(input.grupo_ids)]);
        refuseIf(membershipRefusal(me, target, current, wanted));
        // Without the scope fields the user's condominiums stay as they are.
        const given = input.acesso_todos_condominios !== undefined || input.condominio_ids !== undefined;
        const escopo = given ? await wantedScope(input, grantOf(target)) : undefined;
        if (escopo) refuseIf(scopeRefusal(me, target, grantOf(target), escopo));
        // The database refuses a change that leaves no active administrator (migration 0009).
        await withUniqueMessage(() => repo.update(target.id, input, escopo), UNIQUE_MESSAGES);
        await endSessionsIfBlocked(target.auth_user_id, input.status);
        const { auth_user_id: _omit, ...rest } = (await repo.get(scope, target.id))!;
        return rest;
      },
    );

    app.patch(
      "/api/usuarios/:id/status",
      {
        config: {
          access,
          description: "`{ status }`; `inativo`/`bloqueado` encerram as sessões na hora",
          scope: 404,
          sample: { path: async (f) => `/api/usuarios/${(await f.usuario()).id}/status`, body: () => ({ status: "bloqueado" }) },
        },
        schema: { params: idParams, body: z.object({ status: usuarioStatusSchema }), response: { 200: usuarioStatusResponseSchema } },
      },
      async (request) => {
        const me = currentProfile(request);
        const target = await repo.get(scopeOf(request), request.params.id);
        if (!target) throw notFound(MSG.userNotFound);
        if (target.id === me.id && request.body.status !== target.status) throw ruleRefusal(MSG.ownStatus);
        refuseIf(accountRefusal(me, target));
        await repo.setStatus(target.id, request.body.status);
        await endSessionsIfBlocked(target.auth_user_id, request.body.status);
        return { id: target.id, status: request.body.status };
      },
    );

    app.post(
      "/api/usuarios/:id/reset-senha",
      {
        config: {
          access,
          description: "envia o email de redefinição; não para a própria conta",
          scope: 404,
          sample: { path: async (f) => `/api/usuarios/${(await f.usuario()).id}/reset-senha`, body: () => ({}) },
        },
        schema: { params: idParams, response: { 204: semConteudo } },
      },
      async (request, reply) => {
        const me = currentProfile(request);
        const target = await repo.get(scopeOf(request), request.params.id);
        if (!target) throw notFound(MSG.userNotFound);
        if (target.id === me.id) throw ruleRefusal(MSG.ownReset);
        refuseIf(accountRefusal(me, target));
        if (!target.email) throw AppError.from(400, "NO_EMAIL", MSG.noEmail);
        await auth.api.requestPasswordReset({ body: { email: target.email, redirectTo: "/login" } });
        return reply.status(204).send();
      },
    );
  };
