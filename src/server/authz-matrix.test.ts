import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_NAMES, type PermissionName } from "../shared/permissions";
import { buildApp } from "./app";
import { createAuthUser } from "./auth/accounts";
import type { Access } from "./auth/guard";
import { session, usuarios } from "./db/schema";
import { Fixtures } from "./testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, testConfig, userWithPermissions } from "./testing/harness";
import {
  apiRoutes,
  consumesTarget,
  matrixCases,
  principalLabel,
  ROUTE_SAMPLES,
  routeKey,
  routeTableProblems,
  type Principal,
  type RouteEntry,
} from "./testing/route-matrix";

// Every /api route × every kind of caller, generated from the app's own route table
// (src/server/testing/route-matrix.ts derives what each caller must get).

const t = await createTestApp();
afterAll(() => t.close());

let admin: string;
let shared: Fixtures;
const cookies = new Map<string, string>();
let inativoSession: typeof session.$inferSelect;

const cookieKey = (p: Principal) => (p.kind === "permissao" ? `permissao:${p.permission}` : p.kind);

beforeAll(async () => {
  const db = t.database.db;
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  shared = new Fixtures(t, admin);

  const semPerfil = { email: "sem-perfil@teste.local", name: "Sem Perfil", password: "senha-de-teste-1" };
  await createAuthUser(t.auth, semPerfil);
  cookies.set("sem_perfil", await signIn(t, semPerfil.email, semPerfil.password));
  cookies.set("sem_permissao", (await userWithPermissions(t, "sem-permissao@teste.local", [])).cookie);

  const pendente = await userWithPermissions(t, "pendente@teste.local", [...PERMISSION_NAMES]);
  await db.update(usuarios).set({ primeiro_acesso_concluido: false }).where(eq(usuarios.id, pendente.usuarioId));
  cookies.set("primeiro_acesso_pendente", pendente.cookie);

  const needed = new Set<PermissionName>();
  for (const route of apiRoutes(t.routes)) {
    if (route.access === undefined) continue;
    for (const c of matrixCases(route.access as Access)) if (c.principal.kind === "permissao") needed.add(c.principal.permission);
  }
  for (const permission of needed) {
    cookies.set(`permissao:${permission}`, (await userWithPermissions(t, `so-${permission}@teste.local`, [permission])).cookie);
  }

  // Signed in with every permission, then deactivated by an administrator through the API.
  const inativo = await userWithPermissions(t, "inativo@teste.local", [...PERMISSION_NAMES]);
  expect((await request(t, "GET", "/api/usuarios", { cookie: inativo.cookie })).statusCode).toBe(200);
  inativoSession = (await db.select().from(session).where(eq(session.userId, inativo.authUserId)))[0]!;
  const deactivated = await request(t, "PATCH", `/api/usuarios/${inativo.usuarioId}/status`, { cookie: admin, payload: { status: "inativo" } });
  expect(deactivated.statusCode).toBe(200);
  cookies.set("inativo", inativo.cookie);
});

/**
 * The deactivation ended the session; putting its row back stands for a session that escaped
 * that sweep (opened on another instance at the same moment): the guard itself must refuse it.
 */
async function restoreInativoSession() {
  const db = t.database.db;
  await db.insert(session).values(inativoSession).onConflictDoNothing();
  // The refusal below must come from the account's status, not from a missing session.
  expect(await db.select({ id: session.id }).from(session).where(eq(session.id, inativoSession.id))).toHaveLength(1);
}

/** The concrete call of a route (its sample on these fixtures): creates the records it needs. */
async function prepare(route: RouteEntry, fixtures: Fixtures) {
  const sample = ROUTE_SAMPLES[routeKey(route)];
  const url = sample?.path ? await sample.path(fixtures) : route.url;
  const payload = sample?.body ? await sample.body(fixtures) : undefined;
  return { method: route.method as "GET", url, payload };
}

async function call(principal: Principal, { method, url, payload }: Awaited<ReturnType<typeof prepare>>) {
  if (principal.kind === "inativo") await restoreInativoSession();
  const cookie = principal.kind === "anonimo" ? undefined : cookies.get(cookieKey(principal));
  if (principal.kind !== "anonimo" && !cookie) throw new Error(`no user for ${principalLabel(principal)}`);
  return request(t, method, url, { cookie, payload });
}

describe("route table", () => {
  it("every /api route declares who may call it and has a sample the matrix can call", () => {
    expect(routeTableProblems(t.routes)).toEqual([]);
    expect(apiRoutes(t.routes).length).toBeGreaterThan(30);
  });

  it("reports a route added without a guard declaration, which the guard answers with 500, never 2xx", async () => {
    // Another app on the same database, with one route registered the way a forgetful change would.
    const extra = await buildApp(testConfig(), { database: t.database, mailer: t.mailer });
    extra.app.get("/api/sem-declaracao", async () => ({ segredo: "dado pessoal" }));
    await extra.app.ready();
    try {
      expect(routeTableProblems(extra.routes)).toEqual([
        "GET /api/sem-declaracao: declares no access (config: { access }): the guard answers it with 500",
      ]);
      const route = extra.routes.find((r) => r.url === "/api/sem-declaracao")!;
      expect(() => matrixCases(route.access as Access)).toThrow("declares no access");
      for (const cookie of [undefined, admin]) {
        const response = await extra.app.inject({ url: "/api/sem-declaracao", headers: cookie ? { cookie } : {} });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toStrictEqual({
          error: { code: "ROUTE_WITHOUT_ACCESS", title: "Erro inesperado", message: "Ocorreu um erro inesperado. Tente novamente em instantes." },
        });
      }
    } finally {
      await extra.app.close();
    }
  });
});

describe("authorization matrix", () => {
  it.each(apiRoutes(t.routes).map((route) => [routeKey(route), route] as const))("%s", async (key, route) => {
    const cases = matrixCases(route.access as Access);
    const refusals = cases.filter((c) => c.expected !== "2xx");

    // Refused calls aim at real records with a valid body: without the guard they would act.
    const target = await prepare(route, shared);
    const before = await databaseSnapshot(t);
    for (const c of refusals) {
      const response = await call(c.principal, target);
      const who = `${key} as ${principalLabel(c.principal)}`;
      expect(response.statusCode, `${who}: ${response.body}`).toBe(c.expected);
      // Only the error shape: no record data, no field details.
      expect(response.json(), who).toStrictEqual({
        error: { code: c.expected === 401 ? "UNAUTHENTICATED" : "FORBIDDEN", title: expect.any(String), message: expect.any(String) },
      });
    }
    expect(await databaseSnapshot(t), `${key}: a refused call changed the database`).toStrictEqual(before);

    for (const c of cases.filter((c) => c.expected === "2xx")) {
      const response = await call(c.principal, await prepare(route, consumesTarget(route) ? new Fixtures(t, admin) : shared));
      expect(response.statusCode, `${key} as ${principalLabel(c.principal)}: ${response.body}`).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, `${key} as ${principalLabel(c.principal)}: ${response.body}`).toBeLessThan(300);
    }
  });
});
