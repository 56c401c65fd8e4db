import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseCookies } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import { deniedText, type DeniedAction, type PermissionName } from "@shared/permissions";
import { BLOCKED_STATUSES } from "@shared/permissions";
import type { Profile } from "@shared/schemas/profile";
import type { UnidadeDoMorador } from "@shared/schemas/morador";
import { MSG } from "@shared/messages";
import type { SessionLimits } from "../config";
import type { Db } from "../db/client";
import { session } from "../db/schema";
import { eq } from "drizzle-orm";
import { AppError, forbidden, unauthorized } from "../errors";
import type { Auth } from "./auth";
import { loadUnidadesDoMorador } from "./morador";
import { loadProfile } from "./profile";
import { SAFE_METHODS, type TtlCache } from "../cache";

/**
 * Who may call a route: anyone, any signed-in user, any Portaria Web user (profile with first
 * access done), a resident with an active account (the Área do Morador), or such a profile holding any one of the listed permissions (`anyOf`) or every
 * one of them (`allOf`). Every /api route declares one (a test enforces it).
 */
export type Access =
  | "public"
  | "authenticated"
  | "profile"
  /** A resident with an active account in the Área do Morador (gate-operation-spec §3.1); the handler confines them to their units. */
  | "morador"
  | { anyOf: readonly PermissionName[]; denied?: string }
  | { allOf: readonly PermissionName[]; denied?: string };

/**
 * The one permission declaration: any listed name passes. The refusal says the catalogue's text
 * of the first permission, or of `deniedAs` (a finer action of src/shared/permissions.ts).
 */
export const requirePermission = (anyOf: PermissionName | readonly PermissionName[], deniedAs?: PermissionName | DeniedAction): Access => {
  const names = typeof anyOf === "string" ? [anyOf] : anyOf;
  return { anyOf: names, denied: deniedText(deniedAs ?? names[0]!) };
};

/**
 * A route that needs every listed permission (an action that is two at once, e.g. correcting an
 * access record: reading the records and registering at the gate). The refusal says the catalogue's
 * text of `deniedAs`, or of the first permission.
 */
export const requireAllPermissions = (allOf: readonly [PermissionName, ...PermissionName[]], deniedAs?: PermissionName | DeniedAction): Access => ({
  allOf,
  denied: deniedText(deniedAs ?? allOf[0]),
});

/** Whether `held` passes a permission declaration. */
export const permissionsPass = (access: Exclude<Access, string>, held: ReadonlySet<string>) =>
  "allOf" in access ? access.allOf.every((name) => held.has(name)) : access.anyOf.some((name) => held.has(name));

export interface SessionContext {
  user: { id: string; name: string; email: string };
  sessionId: string;
  profile: Profile | null;
  /** The units the person reaches as a resident (the Área do Morador); empty for who is none. */
  unidadesDoMorador: UnidadeDoMorador[];
  /** When the session was opened (the absolute limit counts from here). */
  createdAt: number;
  /** The session's last request (its updated_at), for the idle timeout; kept current by the guard. */
  lastUsedAt: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** A check the client makes on its own (a timer), not a use: it does not postpone the idle timeout. */
    passive?: boolean;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

/** The signed-in Portaria Web profile of a request that passed a "profile" or permission guard. */
export function currentProfile(request: FastifyRequest): Profile {
  const profile = request.session?.profile;
  if (!profile) throw forbidden();
  return profile;
}

/** The signed-in resident of a request that passed a "morador" guard: who, and their units. */
export function currentMorador(request: FastifyRequest): { user: SessionContext["user"]; unidades: UnidadeDoMorador[] } {
  const session = request.session;
  if (!session?.unidadesDoMorador.length) throw forbidden();
  return { user: session.user, unidades: session.unidadesDoMorador };
}

/**
 * The access guard. `sessions` keeps what a request needs about its session for a few seconds
 * per session token (src/server/cache.ts); the app empties it after every state-changing request.
 */
export function registerGuard(
  app: FastifyInstance,
  {
    auth,
    db,
    trustedOrigins,
    sessions,
    limits,
  }: { auth: Auth; db: Db; trustedOrigins: readonly string[]; sessions: TtlCache<SessionContext>; limits: SessionLimits },
) {
  // The last use is written at most this often per session (one UPDATE a minute, not one a request).
  const touchEveryMs = Math.min(60_000, Math.floor(limits.idleMs / 10));

  app.decorateRequest("session", null);

  // CSRF: a state-changing API request must come from one of our own pages.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    // A device's endpoint reads no cookie (its token is in the address): a forged request gains nothing.
    if (request.routeOptions.config?.semCookies) return;
    const origin = request.headers.origin;
    if (!origin || !trustedOrigins.includes(origin)) throw AppError.from(403, "UNTRUSTED_ORIGIN", MSG.accessDenied);
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url?.startsWith("/api/") || request.routeOptions.url.startsWith("/api/auth/")) return;
    if (access === undefined) throw AppError.from(500, "ROUTE_WITHOUT_ACCESS", MSG.internal);
    if (access === "public") return;

    const token = await sessionToken(request, auth);
    const context = token ? await cachedSession(request, token, auth, db, sessions) : null;
    if (!context) throw unauthorized();
    const now = Date.now();
    if (now - context.lastUsedAt > limits.idleMs || now - context.createdAt > limits.maxAgeMs) {
      // Idle for too long, or open for too long: the session ends here, on every instance.
      sessions.delete(token!);
      await db.delete(session).where(eq(session.id, context.sessionId));
      throw unauthorized();
    }
    if (!request.routeOptions.config?.passive && now - context.lastUsedAt >= touchEveryMs) {
      context.lastUsedAt = now;
      await db
        .update(session)
        .set({ updatedAt: new Date(now) })
        .where(eq(session.id, context.sessionId));
    }
    request.session = context;
    if (access === "authenticated") return;
    if (access === "morador") {
      if (context.unidadesDoMorador.length === 0) throw forbidden();
      return;
    }

    const profile = context.profile;
    if (!profile) throw forbidden();
    if (!profile.primeiro_acesso_concluido) throw forbidden(MSG.accessDeniedRedirect);
    if (access === "profile") return;
    const held = new Set(profile.permissions);
    if (!permissionsPass(access, held)) {
      throw forbidden(access.denied ? { title: MSG.accessDenied.title, message: access.denied } : MSG.accessDenied);
    }
  });
}

/** The session token exactly as better-auth reads it (the signed cookie value), or null. */
async function sessionToken(request: FastifyRequest, auth: Auth): Promise<string | null> {
  const header = request.headers.cookie;
  if (!header) return null;
  const name = (await auth.$context).authCookies.sessionToken.name;
  return parseCookies(header).get(name) ?? null;
}

async function cachedSession(request: FastifyRequest, token: string, auth: Auth, db: Db, cache: TtlCache<SessionContext>): Promise<SessionContext | null> {
  if (!cache.enabled) return (await resolveSession(request, auth, db))?.context ?? null;
  const hit = cache.get(token);
  if (hit) return hit;
  const ticket = cache.ticket();
  const resolved = await resolveSession(request, auth, db);
  if (!resolved) return null;
  cache.set(token, resolved.context, ticket, resolved.expiresAt);
  return resolved.context;
}

async function resolveSession(request: FastifyRequest, auth: Auth, db: Db): Promise<{ context: SessionContext; expiresAt: number } | null> {
  const headers = fromNodeHeaders(request.headers);
  const result = await auth.api.getSession({ headers, query: { disableRefresh: false } });
  if (!result) return null;
  const [profile, unidadesDoMorador] = await Promise.all([loadProfile(db, result.user.id), loadUnidadesDoMorador(db, result.user.id)]);
  if (profile && BLOCKED_STATUSES.includes(profile.status)) {
    // A deactivated or blocked account loses every open session at its next request.
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteUserSessions(result.user.id);
    return null;
  }
  return {
    context: {
      user: { id: result.user.id, name: result.user.name, email: result.user.email },
      sessionId: result.session.id,
      profile,
      unidadesDoMorador,
      createdAt: new Date(result.session.createdAt).getTime(),
      lastUsedAt: new Date(result.session.updatedAt).getTime(),
    },
    expiresAt: new Date(result.session.expiresAt).getTime(),
  };
}
