import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppConfig } from "../config";
import { RESET_PREFIX, type Auth } from "./auth";

// The password page asks whether its e-mailed link still works before the user types two
// passwords (issue 13). The answer is one boolean: nothing about the account behind the token.

export const RESET_LINK_PATH = "/api/redefinicao-senha";

/**
 * The account a reset token would reset, if better-auth would still take it: stored (it deletes
 * a token once used) and not expired. The same lookup as its /reset-password.
 */
export async function resetTokenOwner(auth: Auth, token: string): Promise<string | null> {
  const ctx = await auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`${RESET_PREFIX}${token}`);
  return verification && verification.expiresAt > new Date() ? verification.value : null;
}

export async function isResetTokenValid(auth: Auth, token: string): Promise<boolean> {
  return (await resetTokenOwner(auth, token)) !== null;
}

const querySchema = z.object({
  // better-auth's tokens are 24 characters; anything much longer is not one.
  token: z.string({ error: "Link inválido." }).max(200, "Link inválido.").optional(),
});

export const resetLinkRoutes =
  (auth: Auth, config: AppConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      RESET_LINK_PATH,
      {
        config: {
          access: "public",
          // The limit of the recovery routes, per client address: no guessing tokens at speed.
          rateLimit: { max: config.rateLimits.recovery.max, timeWindow: config.rateLimits.recovery.window * 1000 },
          description:
            "`{ valido }`: se o link de redefinição de senha ainda serve (existe, não foi usado, não expirou); nada mais sobre a conta; limitado por endereço como a recuperação (5 em 5 minutos, 429)",
          scope: "sem_escopo",
          // A link that still works: the answer is the same { valido } for anyone.
          sample: { path: async (f) => `/api/redefinicao-senha?token=${await f.resetToken()}` },
        },
        schema: { querystring: querySchema, response: { 200: z.object({ valido: z.boolean() }) } },
      },
      async (request) => ({ valido: request.query.token ? await isResetTokenValid(auth, request.query.token) : false }),
    );
  };
