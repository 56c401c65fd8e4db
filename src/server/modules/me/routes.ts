import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { newPasswordSchema } from "../../../shared/schemas/auth";
import type { MeResponse } from "../../../shared/schemas/profile";
import { completeFirstAccess, type Auth } from "../../auth/auth";
import { assertStrongPassword, passwordUserInputs } from "../../auth/password-strength";
import type { Db } from "../../db/client";
import { unauthorized } from "../../errors";

export const meRoutes =
  (auth: Auth, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/api/me", { config: { access: "authenticated" } }, async (request): Promise<MeResponse> => {
      const session = request.session;
      if (!session) throw unauthorized();
      return { user: session.user, profile: session.profile };
    });

    // Sets a new password for the signed-in user (first access, or a change while signed in).
    // The other sessions of the account end; this one stays.
    app.post(
      "/api/me/senha",
      { config: { access: "authenticated" }, schema: { body: newPasswordSchema } },
      async (request, reply) => {
        const session = request.session;
        if (!session) throw unauthorized();
        const { user, profile } = session;
        await assertStrongPassword(
          request.body.novaSenha,
          passwordUserInputs({
            email: user.email,
            name: [user.name, profile?.nome_completo],
            numbers: [profile?.cpf, profile?.telefone_celular],
          }),
          "novaSenha",
        );
        const ctx = await auth.$context;
        const hash = await ctx.password.hash(request.body.novaSenha);
        const credential = await ctx.internalAdapter.findCredentialAccount(session.user.id);
        if (credential) await ctx.internalAdapter.updatePassword(session.user.id, hash);
        else
          await ctx.internalAdapter.linkAccount({
            userId: session.user.id,
            providerId: "credential",
            accountId: session.user.id,
            password: hash,
          });
        await completeFirstAccess(db, session.user.id);
        const sessions = await ctx.internalAdapter.listSessions(session.user.id);
        const others = sessions.filter((s) => s.id !== session.sessionId).map((s) => s.token);
        if (others.length) await ctx.internalAdapter.deleteSessions(others);
        return reply.status(204).send();
      },
    );
  };
