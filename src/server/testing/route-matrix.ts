import type { Access } from "../auth/guard";
import { isDocumentedUrl } from "../http/openapi";
import type { RegisteredRoute, SampleRecords } from "../route-contract";
import { PERMISSION_NAMES, type PermissionName } from "@shared/permissions";
import { storedTextFields } from "./route-fields";

// The authorization matrix, the scope test and the fuzzer are generated from the app's own route
// table: a new route is covered as soon as it is registered, and fails these checks until its
// declaration (src/server/route-contract.ts, beside its handler) is whole.

export type RouteEntry = RegisteredRoute;

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Every /api route but better-auth's own catch-all (/api/auth/*). */
export const apiRoutes = (routes: readonly RouteEntry[]) => routes.filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/auth/"));

/** A route with path parameters, or one that takes a body, cannot be called without a sample. */
export const needsSample = (route: RouteEntry) => route.url.includes(":") || route.method !== "GET";

/** A request that uses up its target (edit, delete, status change): the allowed call gets a fresh record. */
export const consumesTarget = (route: RouteEntry) => route.method !== "GET" && route.url.includes(":");

function accessProblem(access: unknown): string | null {
  if (access === undefined) return "declares no access (config: { access }): the guard answers it with 500";
  if (access === "public" || access === "authenticated" || access === "profile" || access === "morador") return null;
  const names = (access as { anyOf?: unknown; allOf?: unknown }).anyOf ?? (access as { allOf?: unknown }).allOf;
  const both = "anyOf" in (access as object) && "allOf" in (access as object);
  if (!both && Array.isArray(names) && names.length > 0 && names.every((p) => (PERMISSION_NAMES as readonly unknown[]).includes(p))) return null;
  return `declares an access the matrix does not know: ${JSON.stringify(access)}`;
}

/** The concrete call of a route: its sample's path and body (`payload`) on these records (made as needed). */
export async function sampleCall(route: RouteEntry, records: SampleRecords) {
  const sample = route.config.sample;
  if (route.url.includes(":") && !sample?.path) throw new Error(`${routeKey(route)}: declares no sample path (config: { sample })`);
  return {
    method: route.method as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: sample?.path ? await sample.path(records) : route.url,
    payload: (await sample?.body?.(records)) as object | undefined,
  };
}

/**
 * What keeps the matrix, the scope test, the OpenAPI document and the fuzzer from covering a
 * route: its declaration (its `config`, beside its handler) lacks who may call it, what it does,
 * what a user of another condominium gets, a valid call, or how the free text it stores is read back.
 */
export function routeTableProblems(routes: readonly RouteEntry[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const key = routeKey(route);
    const { config } = route;
    if (isDocumentedUrl(route.url) && !config.description)
      problems.push(`${key}: declares no description (config: { description }): what it does, for the API's document`);
    if (!apiRoutes([route]).length) continue;
    const problem = accessProblem(config.access);
    if (problem) problems.push(`${key}: ${problem}`);
    if (needsSample(route) && !config.sample) problems.push(`${key}: declares no sample (config: { sample }): its path and a valid body`);
    if (config.scope === undefined) problems.push(`${key}: declares no scope (config: { scope }): what a user of another condominium gets`);
    const texts = storedTextFields(route);
    if (route.method !== "GET" && texts.length && !config.storesText)
      problems.push(`${key}: takes free text (${texts.join(", ")}) but declares no storesText (config: { storesText }): how the fuzzer reads it back`);
  }
  return problems;
}

/** Who calls: the test makes one signed-in user (or none) per principal. */
export type Principal =
  | { kind: "anonimo" }
  | { kind: "sem_perfil" } // auth user without a Portaria Web profile
  | { kind: "sem_permissao" } // profile in a group with no permission
  | { kind: "primeiro_acesso_pendente" } // profile holding every permission, first access not done
  | { kind: "inativo" } // profile holding every permission, deactivated after signing in
  | { kind: "morador" } // auth user with an active resident account (Área do Morador), no profile
  | { kind: "permissao"; permission: PermissionName } // profile holding exactly this one
  | { kind: "permissoes"; permissions: readonly PermissionName[] }; // profile holding exactly these

export interface MatrixCase {
  principal: Principal;
  /** The exact refusal, or any 2xx. */
  expected: 401 | 403 | "2xx";
}

export const principalLabel = (p: Principal) =>
  p.kind === "permissao" ? `perfil só com ${p.permission}` : p.kind === "permissoes" ? `perfil só com ${p.permissions.join(" e ")}` : p.kind;

/** The expected answer of each principal, derived from the route's access declaration alone. */
export function matrixCases(access: Access): MatrixCase[] {
  const problem = accessProblem(access);
  if (problem) throw new Error(problem);
  if (access === "public") return [{ principal: { kind: "anonimo" }, expected: "2xx" }];
  const cases: MatrixCase[] = [
    { principal: { kind: "anonimo" }, expected: 401 },
    { principal: { kind: "inativo" }, expected: 401 },
  ];
  // Setting one's password (first access) is exactly what an "authenticated" route is for: a
  // pending principal calling it would stop being pending, so it is not part of that row.
  if (access === "authenticated")
    return [
      ...cases,
      { principal: { kind: "sem_perfil" }, expected: "2xx" },
      { principal: { kind: "sem_permissao" }, expected: "2xx" },
      { principal: { kind: "morador" }, expected: "2xx" },
    ];
  // The Área do Morador: a resident only; no Portaria Web user, whatever they hold.
  if (access === "morador")
    return [
      ...cases,
      { principal: { kind: "sem_perfil" }, expected: 403 },
      { principal: { kind: "sem_permissao" }, expected: 403 },
      { principal: { kind: "primeiro_acesso_pendente" }, expected: 403 },
      { principal: { kind: "morador" }, expected: "2xx" },
    ];
  // A resident is no Portaria Web user: every staff route refuses them.
  cases.push(
    { principal: { kind: "sem_perfil" }, expected: 403 },
    { principal: { kind: "primeiro_acesso_pendente" }, expected: 403 },
    { principal: { kind: "morador" }, expected: 403 },
  );
  if (access === "profile") return [...cases, { principal: { kind: "sem_permissao" }, expected: "2xx" }];
  if ("allOf" in access) {
    // Every one of them is needed: each alone is refused, all of them together pass.
    const other = PERMISSION_NAMES.find((p) => !access.allOf.includes(p))!;
    return [
      ...cases,
      { principal: { kind: "sem_permissao" }, expected: 403 },
      { principal: { kind: "permissao", permission: other }, expected: 403 },
      ...access.allOf.map((permission): MatrixCase => ({ principal: { kind: "permissao", permission }, expected: 403 })),
      { principal: { kind: "permissoes", permissions: access.allOf }, expected: "2xx" },
    ];
  }
  const other = PERMISSION_NAMES.find((p) => !access.anyOf.includes(p))!;
  return [
    ...cases,
    { principal: { kind: "sem_permissao" }, expected: 403 },
    { principal: { kind: "permissao", permission: other }, expected: 403 },
    ...access.anyOf.map((permission): MatrixCase => ({ principal: { kind: "permissao", permission }, expected: "2xx" })),
  ];
}
