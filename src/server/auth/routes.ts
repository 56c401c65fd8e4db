import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { apiErrorBodySchema } from "@shared/api-error-schema";
import { AUTH_REFUSAL, MSG, type CatalogueMessage } from "@shared/messages";
import { loginSchema, MIN_PASSWORD_LENGTH, recoveryRequestSchema } from "@shared/schemas/auth";
import { AppError, notFound } from "../errors";
import { CLIENT_IP_HEADER, type Auth } from "./auth";
import type { PasswordAttemptLimit, PasswordSlot } from "./sign-in-limit";
import { resetTokenOwner } from "./reset-link";
import { checkPasswordStrength, passwordUserInputs, weakPasswordError } from "./password-strength";

// better-auth speaks English codes; the product speaks the spec's pt-BR catalogue.
const AUTH_ERRORS: Record<string, CatalogueMessage> = {
  INVALID_EMAIL_OR_PASSWORD: MSG.authError,
  INVALID_EMAIL: MSG.authError,
  ACCOUNT_DISABLED: MSG.accountDisabled,
  PASSWORD_TOO_SHORT: MSG.passwordTooShort,
  PASSWORD_TOO_LONG: AUTH_REFUSAL.passwordTooLong,
  INVALID_TOKEN: MSG.recoveryLinkInvalid,
};

function translate(path: string, status: number, body: { code?: string; message?: string } | null): AppError {
  if (status === 429) return AppError.from(429, "RATE_LIMITED", MSG.rateLimited);
  const code = body?.code ?? "AUTH_ERROR";
  const known = AUTH_ERRORS[code];
  if (known) return AppError.from(status, code, known);
  if (status === 400 || code === "VALIDATION_ERROR") {
    if (path.endsWith("/sign-in/email")) return AppError.from(400, "VALIDATION_ERROR", MSG.loginRequired);
    if (path.endsWith("/request-password-reset")) return AppError.from(400, "VALIDATION_ERROR", MSG.recoveryEmailRequired);
    if (path.endsWith("/reset-password")) return AppError.from(400, "VALIDATION_ERROR", MSG.passwordTooShort);
    return AppError.from(400, code, MSG.invalidInput);
  }
  if (status === 401) return AppError.from(401, code, MSG.notAuthenticated);
  if (status === 403) return AppError.from(403, code, MSG.accessDenied);
  if (status === 404) return AppError.from(404, code, MSG.notFound);
  return AppError.from(status >= 500 ? 500 : status, code, MSG.internal);
}

/**
 * The reset's new password must be strong too, and differ from the current one. Checked only for a token that is still valid, so
 * an expired or used link gets the link message and an anonymous caller without a token costs
 * no strength check (better-auth rate-limits those); the token names the user whose e-mail and
 * name count as guessable words. Lengths outside 6..128 are left to better-auth's own messages.
 */
async function checkResetPassword(auth: Auth, url: URL, body: unknown): Promise<AppError | null> {
  const { newPassword, token: bodyToken } = (body ?? {}) as { newPassword?: unknown; token?: unknown };
  const token = typeof bodyToken === "string" && bodyToken ? bodyToken : url.searchParams.get("token");
  if (typeof newPassword !== "string" || !token) return null;
  if (newPassword.length < MIN_PASSWORD_LENGTH || newPassword.length > 128) return null;
  const owner = await resetTokenOwner(auth, token);
  if (!owner) return null;
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.findUserById(owner);
  // A new password, not the one the account already has.
  const credential = user && (await ctx.internalAdapter.findCredentialAccount(user.id));
  if (credential?.password && (await ctx.password.verify({ hash: credential.password, password: newPassword }))) {
    return AppError.from(400, "PASSWORD_UNCHANGED", MSG.passwordUnchanged, { newPassword: MSG.passwordUnchanged.message });
  }
  const verdict = await checkPasswordStrength(newPassword, passwordUserInputs({ email: user?.email, name: [user?.name] }));
  return verdict.ok ? null : weakPasswordError(verdict, "newPassword");
}

function toFetchRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  // The only client address better-auth sees: the socket's, or the trusted proxy's (Fastify trustProxy).
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/**
 * The better-auth endpoints the screens call, each with its body and its answer (better-auth's,
 * reduced to what the schema declares: the session token stays in its httpOnly cookie). Every
 * other better-auth endpoint (sign-up, verify-password, update-user, list-sessions...) answers 404
 * as if it did not exist.
 */
const ENDPOINTS = [
  {
    url: "/api/auth/sign-in/email",
    description: "`{ email, password }` → cookie de sessão",
    body: loginSchema.extend({ rememberMe: z.boolean().optional() }),
    answer: z.object({ redirect: z.boolean(), user: z.object({ id: z.string(), email: z.string(), name: z.string() }) }),
  },
  { url: "/api/auth/sign-out", description: "encerra a sessão", answer: z.object({ success: z.boolean() }) },
  {
    url: "/api/auth/request-password-reset",
    description:
      "`{ email }`; mesma resposta para emails conhecidos ou não; põe o link na fila de emails (no máximo 3 por endereço por hora; o novo link anula os anteriores)",
    body: recoveryRequestSchema.extend({ redirectTo: z.string().max(2000).optional() }),
    answer: z.object({ status: z.boolean(), message: z.string() }),
  },
  {
    url: "/api/auth/reset-password",
    description: "`{ newPassword, token }`; token de uso único, válido por 1 h; anula os outros links da conta; encerra as sessões",
    // The token comes in the body or as ?token= (the e-mail's link).
    body: z.object({ newPassword: z.string({ error: MSG.passwordTooShort.message }), token: z.string().max(500).optional() }),
    answer: z.object({ status: z.boolean() }),
  },
] as const;
const SIGN_IN = "/api/auth/sign-in/email";

function rateLimited(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .header("retry-after", String(retryAfterSeconds))
    .status(429)
    .send(AppError.from(429, "RATE_LIMITED", MSG.rateLimited).toBody(reply.request.id));
}

export interface AuthRoutesOptions {
  publicUrl: string;
  /** Wrong passwords per account and address, and per account (sign-in-limit.ts). */
  signInFailures: PasswordAttemptLimit;
}

/** Each endpoint: Fastify request (validated) -> Fetch Request -> better-auth -> Fastify reply. */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth, { publicUrl, signInFailures }: AuthRoutesOptions) {
  for (const endpoint of ENDPOINTS) {
    const path = endpoint.url;
    app.route({
      method: "POST",
      url: path,
      config: { access: "public", description: endpoint.description },
      schema: {
        ...("body" in endpoint ? { body: endpoint.body } : {}),
        response: { 200: endpoint.answer, "4xx": apiErrorBodySchema, "5xx": apiErrorBodySchema },
      },
      async handler(request, reply) {
        const url = new URL(request.url, publicUrl);
        if (path === "/api/auth/reset-password") {
          const invalid = await checkResetPassword(auth, url, request.body);
          if (invalid) return reply.status(400).send(invalid.toBody(request.id));
        }
        // The slot is taken before better-auth evaluates the password (sign-in-limit.ts).
        let attempt: PasswordSlot | null = null;
        if (path === SIGN_IN) {
          const taken = await signInFailures.begin(String((request.body as { email?: unknown }).email), request.ip);
          if (!("settle" in taken)) return rateLimited(reply, taken.wait);
          attempt = taken;
        }
        const response = await auth.handler(toFetchRequest(request, publicUrl));
        // 401 is a wrong password (or no such account); anything else was right or never evaluated.
        await attempt?.settle(response.status === 401 ? "wrong" : response.ok ? "right" : "not-evaluated");
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
          const error = translate(path, response.status, body);
          if (error.statusCode >= 500) request.log.error({ body }, "better-auth error");
          const retryAfter = response.headers.get("x-retry-after");
          if (retryAfter) reply.header("retry-after", retryAfter);
          return reply.status(error.statusCode).send(error.toBody(request.id));
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header("set-cookie", cookies);
        return reply.status(200).send(endpoint.answer.parse(await response.json()));
      },
    });
  }
  // Anything else under /api/auth: not found, whatever better-auth would have done with it.
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { response: { 404: apiErrorBodySchema } },
    handler() {
      throw notFound();
    },
  });
}
