import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MSG } from "@shared/messages";
import { mePasswordSchema, sessaoResponseSchema, sessoesEncerradasSchema, sessoesResponseSchema } from "@shared/schemas/auth";
import { semConteudo } from "@shared/schemas/common";
import { meResponseSchema } from "@shared/schemas/profile";
import { apiErrorBodySchema } from "@shared/api-error-schema";
import { completeFirstAccess, type Auth } from "../../auth/auth";
import { assertStrongPassword, passwordUserInputs } from "../../auth/password-strength";
import type { SessionContext } from "../../auth/guard";
import { checkCountedPassword, type PasswordAttemptLimit } from "../../auth/sign-in-limit";
import { endOtherSessions, openSessions } from "../../auth/sessions";
import type { SessionLimits } from "../../config";
import type { Db } from "../../db/client";
import { AppError, unauthorized } from "../../errors";

export interface MeDeps {
  auth: Auth;
  db: Db;
  limits: SessionLimits;
  /** The sign-in failure counters: a wrong current password counts as one. */
  signInFailures: PasswordAttemptLimit;
}

export const meRoutes =
  ({ auth, db, limits, signInFailures }: MeDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = (request: { session: SessionContext | null }) => {
      if (!request.session) throw unauthorized();
      return request.session;
    };

    app.get(
      "/api/me",
      {
        config: {
          access: "authenticated",
          description: "`{ user, profile, morador }`: perfil do Portaria Web com grupos e permissões (ou `null`) e se a pessoa entra na Área do Morador",
          scope: "sem_escopo",
        },
        schema: { response: { 200: meResponseSchema } },
      },
      async (request) => {
        const session = signedIn(request);
        return { user: session.user, profile: session.profile, morador: session.unidadesDoMorador.length > 0 };
      },
    );

    // Whether the session is still alive, asked by the staff areas on a timer: not a use of the
    // session, so it does not postpone the idle timeout (auth/guard.ts).
    app.get(
      "/api/me/sessao",
      {
        config: {
          access: "authenticated",
          passive: true,
          description: "`{ expira_em }`: quando a sessão termina se nada mais acontecer; **não** conta como uso (as telas perguntam a cada minuto)",
          scope: "sem_escopo",
        },
        schema: { response: { 200: sessaoResponseSchema } },
      },
      async (request) => {
        const session = signedIn(request);
        return {
          expira_em: new Date(Math.min(session.createdAt + limits.maxAgeMs, session.lastUsedAt + limits.idleMs)).toISOString(),
        };
      },
    );

    // Sets a new password for the signed-in user: at first access (new password only), or from
    // Minha conta (the current one too). The other sessions of the account end; this one stays.
    app.post(
      "/api/me/senha",
      {
        config: {
          access: "authenticated",
          description:
            "`{ senhaAtual, novaSenha, confirmacao }` → 204; `senhaAtual` é exigida de quem já concluiu o primeiro acesso (Minha conta); a nova precisa ser diferente da atual; conclui o primeiro acesso, encerra as outras sessões",
          scope: "sem_escopo",
          // Every principal of the matrix signed in with the fixtures' password (testing/harness.ts).
          sample: { body: () => ({ senhaAtual: "senha-de-teste-1", novaSenha: "Sentinela#Portaria-2026", confirmacao: "Sentinela#Portaria-2026" }) },
        },
        schema: { body: mePasswordSchema, response: { 204: semConteudo, 429: apiErrorBodySchema } },
      },
      async (request, reply) => {
        const session = signedIn(request);
        const { user, profile } = session;
        const { senhaAtual, novaSenha } = request.body;
        const ctx = await auth.$context;
        const credential = await ctx.internalAdapter.findCredentialAccount(user.id);
        const currentHash = credential?.password ?? null;
        const firstAccess = profile !== null && !profile.primeiro_acesso_concluido;
        if (!firstAccess && currentHash) {
          if (!senhaAtual) throw AppError.from(400, "VALIDATION_ERROR", MSG.currentPasswordRequired, { senhaAtual: MSG.currentPasswordRequired.message });
          // A stolen session must not become a way to guess the password without limit.
          // The slot is taken before the password is evaluated (sign-in-limit.ts).
          const checked = await checkCountedPassword(signInFailures, (input) => ctx.password.verify(input), {
            email: user.email,
            ip: request.ip,
            hash: currentHash,
            password: senhaAtual,
          });
          if ("wait" in checked)
            return reply
              .header("retry-after", String(checked.wait))
              .status(429)
              .send(AppError.from(429, "RATE_LIMITED", MSG.rateLimited).toBody(request.id));
          if (!checked.right) throw AppError.from(400, "WRONG_PASSWORD", MSG.currentPasswordWrong, { senhaAtual: MSG.currentPasswordWrong.message });
        }
        if (currentHash && (await ctx.password.verify({ hash: currentHash, password: novaSenha }))) {
          throw AppError.from(400, "PASSWORD_UNCHANGED", MSG.passwordUnchanged, { novaSenha: MSG.passwordUnchanged.message });
        }
        await assertStrongPassword(
          novaSenha,
          passwordUserInputs({ email: user.email, name: [user.name, profile?.nome_completo], numbers: [profile?.cpf, profile?.telefone_celular] }),
          "novaSenha",
        );
        const hash = await ctx.password.hash(novaSenha);
        if (credential) await ctx.internalAdapter.updatePassword(user.id, hash);
        else await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
        await completeFirstAccess(db, user.id);
        await endOtherSessions(db, user.id, session.sessionId);
        return reply.status(204).send();
      },
    );

    // Minha conta: the account's open sessions (device, last use), and ending all the others at
    // once (a lost phone, a shared gate computer): the one in use stays.
    app.get(
      "/api/me/sessoes",
      {
        config: {
          access: "authenticated",
          description: "`{ rows, inatividade_minutos }`: as sessões abertas da conta (`id, dispositivo, ip, criada_em, ultimo_uso, atual`)",
          scope: "sem_escopo",
        },
        schema: { response: { 200: sessoesResponseSchema } },
      },
      async (request) => {
        const session = signedIn(request);
        return { rows: await openSessions(db, session.user.id, session.sessionId, limits), inatividade_minutos: Math.round(limits.idleMs / 60_000) };
      },
    );

    app.post(
      "/api/me/sessoes/encerrar-outras",
      {
        config: {
          access: "authenticated",
          description: "encerra todas as outras sessões da conta → `{ encerradas }`",
          scope: "sem_escopo",
          sample: { body: () => ({}) },
        },
        schema: { response: { 200: sessoesEncerradasSchema } },
      },
      async (request) => {
        const session = signedIn(request);
        return { encerradas: await endOtherSessions(db, session.user.id, session.sessionId) };
      },
    );
  };
