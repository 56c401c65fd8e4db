import type { FastifyBaseLogger } from "fastify";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { and, eq, like, ne, sql } from "drizzle-orm";
import { MIN_PASSWORD_LENGTH } from "@shared/schemas/auth";
import { BLOCKED_STATUSES, type UserStatus } from "@shared/permissions";
import { MSG } from "@shared/messages";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Outbox } from "../email/outbox";
import { recoveryEmail } from "../email/templates";
import { attemptKey, type AttemptLimiter } from "./attempt-limiter";
import { limitedPasswordHashing } from "./password-hashing";

/** Header our Fastify adapter sets from the socket (or the trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-portal-client-ip";

export const PASSWORD_PAGE_PATH = "/portaria-web/alterar-senha";

export interface AuthDeps {
  config: AppConfig;
  db: Db;
  outbox: Outbox;
  /** Recovery e-mails per address (config.rateLimits.recoveryPerAddress). */
  recoveryLimiter: AttemptLimiter;
  secret: string;
  /** Where better-auth's own messages go (the process logger); by default, nowhere but errors to stderr. */
  log?: Pick<FastifyBaseLogger, "debug" | "info" | "warn" | "error">;
}

/** better-auth keeps each reset link as `reset-password:<token>`, valued with the account id. */
export const RESET_PREFIX = "reset-password:";

export function createAuth({ config, db, outbox, recoveryLimiter, secret, log }: AuthDeps) {
  const { rateLimits } = config;
  return betterAuth({
    appName: "Portal Sentinela",
    // Through the process logger, as JSON lines like every other (no coloured text between them).
    logger: log
      ? { level: "debug", log: (level, message, ...args) => log[level]({ component: "better-auth", ...(args.length ? { args } : {}) }, message) }
      : { level: "error" },
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    trustedOrigins: config.trustedOrigins,
    // Passwords are set only where the strength check runs: /api/me/senha, the reset, user create.
    disabledPaths: ["/change-password"],
    emailAndPassword: {
      enabled: true,
      // Accounts are created by administrators only (Portaria Web > Usuários).
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      password: limitedPasswordHashing(),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Runs inside the request: it only queues (the outbox sends), so the answer takes the same
      // time whether the account exists or not, and an SMTP outage loses nothing.
      async sendResetPassword({ user, token }) {
        const issued = `${RESET_PREFIX}${token}`;
        const count = await recoveryLimiter.hit(attemptKey("recuperacao", user.email));
        if (count > config.rateLimits.recoveryPerAddress.max) {
          // Over the limit: this link is never sent, so it is withdrawn; the earlier ones stay valid.
          await db.delete(schema.verification).where(eq(schema.verification.identifier, issued));
          return;
        }
        const url = `${config.publicUrl}${PASSWORD_PAGE_PATH}?token=${encodeURIComponent(token)}`;
        await db.transaction(async (tx) => {
          // One live link per account: issuing this one ends every earlier unused one.
          await tx.delete(schema.verification).where(and(resetLinksOf(user.id), ne(schema.verification.identifier, issued)));
          await outbox.enqueue("recuperacao_senha", { to: user.email, ...recoveryEmail(user.name, url) }, tx as unknown as Db);
        });
      },
      async onPasswordReset({ user }) {
        // Using one link ends them all (better-auth consumed the one used).
        await db.delete(schema.verification).where(resetLinksOf(user.id));
        // Recovering the password is also a way to finish first access.
        await completeFirstAccess(db, user.id);
      },
    },
    // expiresAt is the absolute end (sign-in + SESSION_MAX_AGE_MINUTES), never pushed forward; the
    // idle timeout is ours, on the session's updated_at (auth/guard.ts).
    session: {
      expiresIn: Math.floor(config.session.maxAgeMs / 1000),
      updateAge: Math.floor(config.session.maxAgeMs / 1000),
      disableSessionRefresh: true,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": rateLimits.signIn,
        "/request-password-reset": rateLimits.recovery,
        "/reset-password": rateLimits.recovery,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
    },
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            const status = await profileStatus(db, session.userId);
            if (status && BLOCKED_STATUSES.includes(status)) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_DISABLED", message: MSG.accountDisabled.message });
            }
          },
        },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The reset links better-auth issued to an account (identifier `reset-password:<token>`, value the user id). */
function resetLinksOf(authUserId: string) {
  return and(like(schema.verification.identifier, `${RESET_PREFIX}%`), eq(schema.verification.value, authUserId));
}

async function profileStatus(db: Db, authUserId: string): Promise<UserStatus | null> {
  const rows = await db.select({ status: schema.usuarios.status }).from(schema.usuarios).where(eq(schema.usuarios.auth_user_id, authUserId)).limit(1);
  return (rows[0]?.status as UserStatus | undefined) ?? null;
}

/** Marks first access done; a user still pending confirmation becomes ativo (one statement). */
export async function completeFirstAccess(db: Db, authUserId: string) {
  await db
    .update(schema.usuarios)
    .set({
      primeiro_acesso_concluido: true,
      status: sql`case when ${schema.usuarios.status} = 'pendente_confirmacao' then 'ativo' else ${schema.usuarios.status} end`,
      updated_at: new Date(),
    })
    .where(eq(schema.usuarios.auth_user_id, authUserId));
}
