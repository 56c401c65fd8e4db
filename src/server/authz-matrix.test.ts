import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PERMISSION_NAMES, type PermissionName } from "@shared/permissions";
import { buildApp } from "./app";
import { createAuthUser } from "./auth/accounts";
import { requirePermission, type Access } from "./auth/guard";
import { idParams } from "./modules/common";
import { session, usuarios } from "./db/schema";
import { Fixtures } from "./testing/fixtures";
import {
  ADMIN,
  createTestApp,
  databaseSnapshot,
  request,
  moradorDaAmostra,
  signIn,
  testConfig,
  userWithPermissions,
  errorWithoutRequestId,
} from "./testing/harness";
import { apiRoutes, consumesTarget, matrixCases, principalLabel, routeKey, routeTableProblems, sampleCall, type Principal } from "./testing/route-matrix";

// Every /api route × every kind of caller, generated from the app's own route table
// (src/server/testing/route-matrix.ts derives what each caller must get).

const t = await createTestApp();
afterAll(() => t.close());

let admin: string;
let shared: Fixtures;
const cookies = new Map<string, string>();
let inativoSession: typeof session.$inferSelect;

const cookieKey = (p: Principal) =>
  p.kind === "permissao" ? `permissao:${p.permission}` : p.kind === "permissoes" ? `permissoes:${[...p.permissions].sort().join("+")}` : p.kind;

beforeAll(async () => {
  const db = t.database.db;
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  shared = new Fixtures(t, admin);

  const semPerfil = { email: "sem-perfil@teste.local", name: "Sem Perfil", password: "senha-de-teste-1" };
  await createAuthUser(t.auth, semPerfil);
  cookies.set("sem_perfil", await signIn(t, semPerfil.email, semPerfil.password));
  cookies.set("sem_permissao", (await userWithPermissions(t, "sem-permissao@teste.local", [])).cookie);
  // The samples' resident: the Área do Morador's samples act on its unit.
  cookies.set("morador", (await moradorDaAmostra(t)).cookie);

  const pendente = await userWithPermissions(t, "pendente@teste.local", [...PERMISSION_NAMES]);
  await db.update(usuarios).set({ primeiro_acesso_concluido: false }).where(eq(usuarios.id, pendente.usuarioId));
  cookies.set("primeiro_acesso_pendente", pendente.cookie);

  const needed = new Set<PermissionName>();
  const combinations = new Map<string, readonly PermissionName[]>();
  for (const route of apiRoutes(t.routes)) {
    if (route.config.access === undefined) continue;
    for (const c of matrixCases(route.config.access)) {
      if (c.principal.kind === "permissao") needed.add(c.principal.permission);
      if (c.principal.kind === "permissoes") combinations.set(cookieKey(c.principal), c.principal.permissions);
    }
  }
  for (const permission of needed) {
    cookies.set(`permissao:${permission}`, (await userWithPermissions(t, `so-${permission}@teste.local`, [permission])).cookie);
  }
  for (const [key, permissions] of combinations) {
    cookies.set(key, (await userWithPermissions(t, `so-${permissions.join("-e-")}@teste.local`, [...permissions])).cookie);
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

async function call(principal: Principal, { method, url, payload }: Awaited<ReturnType<typeof sampleCall>>) {
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

  it("reports a route added without its declaration; without access, the guard answers it with 500, never 2xx", async () => {
    // Another app on the same database, with routes registered the way a forgetful change would:
    // one with nothing beside its handler, one with only who may call it.
    const extra = await buildApp(testConfig(), { database: t.database, mailer: t.mailer });
    extra.app.get("/api/sem-declaracao", async () => ({ segredo: "dado pessoal" }));
    extra.app.post(
      "/api/exemplos/:id",
      { config: { access: requirePermission("criar_condominios") }, schema: { params: idParams, body: z.object({ nome: z.string().max(100) }) } },
      async () => ({}),
    );
    await extra.app.ready();
    try {
      // The matrix, the scope test, the OpenAPI test and the fuzzer all assert this list is empty.
      expect(routeTableProblems(extra.routes)).toEqual([
        "GET /api/sem-declaracao: declares no description (config: { description }): what it does, for the API's document",
        "GET /api/sem-declaracao: declares no access (config: { access }): the guard answers it with 500",
        "GET /api/sem-declaracao: declares no scope (config: { scope }): what a user of another condominium gets",
        "POST /api/exemplos/:id: declares no description (config: { description }): what it does, for the API's document",
        "POST /api/exemplos/:id: declares no sample (config: { sample }): its path and a valid body",
        "POST /api/exemplos/:id: declares no scope (config: { scope }): what a user of another condominium gets",
        "POST /api/exemplos/:id: takes free text (nome) but declares no storesText (config: { storesText }): how the fuzzer reads it back",
      ]);
      const route = extra.routes.find((r) => r.url === "/api/sem-declaracao")!;
      expect(() => matrixCases(route.config.access as Access)).toThrow("declares no access");
      for (const cookie of [undefined, admin]) {
        const response = await extra.app.inject({ url: "/api/sem-declaracao", headers: cookie ? { cookie } : {} });
        expect(response.statusCode).toBe(500);
        expect(errorWithoutRequestId(response)).toStrictEqual({
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
    const cases = matrixCases(route.config.access!);
    const refusals = cases.filter((c) => c.expected !== "2xx");

    // Refused calls aim at real records with a valid body: without the guard they would act.
    const target = await sampleCall(route, shared);
    const before = await databaseSnapshot(t);
    for (const c of refusals) {
      const response = await call(c.principal, target);
      const who = `${key} as ${principalLabel(c.principal)}`;
      expect(response.statusCode, `${who}: ${response.body}`).toBe(c.expected);
      // Only the error shape: no record data, no field details.
      expect(errorWithoutRequestId(response), who).toStrictEqual({
        error: { code: c.expected === 401 ? "UNAUTHENTICATED" : "FORBIDDEN", title: expect.any(String), message: expect.any(String) },
      });
    }
    expect(await databaseSnapshot(t), `${key}: a refused call changed the database`).toStrictEqual(before);

    for (const c of cases.filter((c) => c.expected === "2xx")) {
      const response = await call(c.principal, await sampleCall(route, consumesTarget(route) ? new Fixtures(t, admin) : shared));
      const [low, high] = route.config.redirects ? [300, 400] : [200, 300];
      expect(response.statusCode, `${key} as ${principalLabel(c.principal)}: ${response.body}`).toBeGreaterThanOrEqual(low);
      expect(response.statusCode, `${key} as ${principalLabel(c.principal)}: ${response.body}`).toBeLessThan(high);
    }
  });
});

/**
 * Managers who are not administrators (issue 12): each may call its routes (the matrix above), but
 * nobody grants what they do not hold. Every escalation is refused with its reason and changes
 * nothing; the records are read back as an administrator.
 */
describe("escalation matrix: managers who are not administrators", () => {
  type Attempt = [
    who: "gestor de usuários" | "gestor de grupos",
    what: string,
    call: () => Promise<{ method: "POST" | "PUT" | "PATCH"; url: string; payload: object }>,
    message: string,
  ];
  const REFUSED = {
    grant: "Você não pode conceder permissões que não possui.",
    admins: "Somente administradores podem alterar membros do grupo Administrador.",
    ownGroups: "Você não pode alterar os seus próprios grupos.",
    ownStatus: "Você não pode alterar o status da sua própria conta para inativo ou bloqueado.",
  };
  let gestorUsuarios: Awaited<ReturnType<typeof userWithPermissions>>;
  let gestorGrupos: Awaited<ReturnType<typeof userWithPermissions>>;
  let adminProfileId: string;
  let adminGroupId: string;
  let grupoForte: { id: string; permissao_ids: string[] };
  let grupoFraco: { id: string };
  let alvo: { id: string };
  const permissionId = new Map<string, string>();

  beforeAll(async () => {
    gestorUsuarios = await userWithPermissions(t, "gestor-usuarios@teste.local", ["gerenciar_usuarios_portaria"]);
    gestorGrupos = await userWithPermissions(t, "gestor-grupos@teste.local", ["gerenciar_grupos_permissoes"]);
    const me = (await request(t, "GET", "/api/me", { cookie: admin })).json().profile;
    adminProfileId = me.id;
    adminGroupId = me.grupos[0].id;
    for (const p of (await request(t, "GET", "/api/permissoes", { cookie: admin })).json().rows) permissionId.set(p.nome_permissao, p.id);
    const create = async (nome_grupo: string, names: string[]) =>
      (await request(t, "POST", "/api/grupos", { cookie: admin, payload: { nome_grupo, permissao_ids: names.map((n) => permissionId.get(n)!) } })).json();
    grupoForte = await create("Síndicos (escalada)", ["visualizar_condominios", "gerenciar_usuarios_portaria"]);
    grupoFraco = await create("Cadastro de usuários (escalada)", ["gerenciar_usuarios_portaria"]);
    alvo = await new Fixtures(t, admin).usuario();
  });

  const novoUsuario = (grupo_ids: string[]) => ({
    nome_completo: "Usuária Nova",
    email: `nova-${Date.now()}@teste.local`,
    senha: "Sentinela#Portaria-2026",
    grupo_ids,
  });
  const attempts: Attempt[] = [
    [
      "gestor de usuários",
      "adds itself to Administrador",
      async () => ({
        method: "PUT",
        url: `/api/usuarios/${gestorUsuarios.usuarioId}`,
        payload: { nome_completo: "Gestor", status: "ativo", grupo_ids: [gestorUsuarios.grupoId, adminGroupId] },
      }),
      REFUSED.ownGroups,
    ],
    [
      "gestor de usuários",
      "adds another user to Administrador",
      async () => ({ method: "PUT", url: `/api/usuarios/${alvo.id}`, payload: { nome_completo: "Alvo", status: "ativo", grupo_ids: [adminGroupId] } }),
      REFUSED.admins,
    ],
    [
      "gestor de usuários",
      "adds a user to a group holding permissions it lacks",
      async () => ({ method: "PUT", url: `/api/usuarios/${alvo.id}`, payload: { nome_completo: "Alvo", status: "ativo", grupo_ids: [grupoForte.id] } }),
      REFUSED.grant,
    ],
    [
      "gestor de usuários",
      "creates a user in Administrador",
      async () => ({ method: "POST", url: "/api/usuarios", payload: novoUsuario([adminGroupId]) }),
      REFUSED.admins,
    ],
    [
      "gestor de usuários",
      "creates a user in a group holding permissions it lacks",
      async () => ({ method: "POST", url: "/api/usuarios", payload: novoUsuario([grupoForte.id]) }),
      REFUSED.grant,
    ],
    [
      "gestor de usuários",
      "blocks the administrator",
      async () => ({ method: "PATCH", url: `/api/usuarios/${adminProfileId}/status`, payload: { status: "bloqueado" } }),
      REFUSED.admins,
    ],
    [
      "gestor de usuários",
      "edits the administrator",
      async () => ({
        method: "PUT",
        url: `/api/usuarios/${adminProfileId}`,
        payload: { nome_completo: "Ex-administrador", status: "inativo", grupo_ids: [adminGroupId] },
      }),
      REFUSED.admins,
    ],
    [
      "gestor de usuários",
      "sends the administrator a reset e-mail",
      async () => ({ method: "POST", url: `/api/usuarios/${adminProfileId}/reset-senha`, payload: {} }),
      REFUSED.admins,
    ],
    [
      "gestor de usuários",
      "deactivates itself",
      async () => ({ method: "PATCH", url: `/api/usuarios/${gestorUsuarios.usuarioId}/status`, payload: { status: "inativo" } }),
      REFUSED.ownStatus,
    ],
    [
      "gestor de grupos",
      "gives its own group a permission it lacks",
      async () => ({
        method: "PUT",
        url: `/api/grupos/${gestorGrupos.grupoId}`,
        payload: {
          nome_grupo: "grupo de gestor-grupos@teste.local",
          permissao_ids: [permissionId.get("gerenciar_grupos_permissoes")!, permissionId.get("gerenciar_usuarios_portaria")!],
        },
      }),
      REFUSED.grant,
    ],
    [
      "gestor de grupos",
      "gives its own group every permission",
      async () => ({
        method: "PUT",
        url: `/api/grupos/${gestorGrupos.grupoId}`,
        payload: { nome_grupo: "grupo de gestor-grupos@teste.local", permissao_ids: [...permissionId.values()] },
      }),
      REFUSED.grant,
    ],
    [
      "gestor de grupos",
      "creates a group with a permission it lacks",
      async () => ({
        method: "POST",
        url: "/api/grupos",
        payload: { nome_grupo: "Grupo Forte Novo", permissao_ids: [permissionId.get("visualizar_condominios")!] },
      }),
      REFUSED.grant,
    ],
    [
      "gestor de grupos",
      "extends another group with a permission it lacks",
      async () => ({
        method: "PUT",
        url: `/api/grupos/${grupoFraco.id}`,
        payload: {
          nome_grupo: "Cadastro de usuários (escalada)",
          permissao_ids: [permissionId.get("gerenciar_usuarios_portaria")!, permissionId.get("excluir_condominios")!],
        },
      }),
      REFUSED.grant,
    ],
  ];

  it.each(attempts)("%s %s: 403 'Ação não permitida', nothing changed", async (who, _what, call, message) => {
    const cookie = who === "gestor de usuários" ? gestorUsuarios.cookie : gestorGrupos.cookie;
    const { method, url, payload } = await call();
    const before = await databaseSnapshot(t);
    const response = await request(t, method, url, { cookie, payload });
    expect(response.statusCode, response.body).toBe(403);
    expect(errorWithoutRequestId(response)).toStrictEqual({ error: { code: "RULE", title: "Ação não permitida", message } });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("reads everything back unchanged as an administrator", async () => {
    const get = async (url: string) => (await request(t, "GET", url, { cookie: admin })).json();
    const adminUser = await get(`/api/usuarios/${adminProfileId}`);
    expect(adminUser).toMatchObject({ status: "ativo", nome_completo: "Administrador", grupos: [{ id: adminGroupId, nome_grupo: "Administrador" }] });
    expect((await get(`/api/usuarios/${gestorUsuarios.usuarioId}`)).grupos.map((g: { id: string }) => g.id)).toEqual([gestorUsuarios.grupoId]);
    expect((await get(`/api/usuarios/${alvo.id}`)).grupos).toEqual([]);
    expect((await get(`/api/grupos/${gestorGrupos.grupoId}`)).permissao_ids).toEqual([permissionId.get("gerenciar_grupos_permissoes")]);
    expect(new Set((await get(`/api/grupos/${grupoForte.id}`)).permissao_ids)).toEqual(new Set(grupoForte.permissao_ids));
    expect((await get("/api/grupos")).rows.map((g: { nome_grupo: string }) => g.nome_grupo)).not.toContain("Grupo Forte Novo");
    // The administrator's session still works: nothing was blocked.
    expect((await request(t, "GET", "/api/me", { cookie: admin })).statusCode).toBe(200);
  });

  it("still lets each manager do what it holds", async () => {
    const assign = await request(t, "PUT", `/api/usuarios/${alvo.id}`, {
      cookie: gestorUsuarios.cookie,
      payload: { nome_completo: "Alvo", status: "ativo", grupo_ids: [grupoFraco.id] },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().grupos).toEqual([{ id: grupoFraco.id, nome_grupo: "Cadastro de usuários (escalada)" }]);
    const create = await request(t, "POST", "/api/grupos", {
      cookie: gestorGrupos.cookie,
      payload: { nome_grupo: "Gestores de grupos 2", permissao_ids: [permissionId.get("gerenciar_grupos_permissoes")!] },
    });
    expect(create.statusCode, create.body).toBe(201);
    // Taking a permission away is not granting one.
    const shrink = await request(t, "PUT", `/api/grupos/${grupoForte.id}`, {
      cookie: gestorGrupos.cookie,
      payload: { nome_grupo: "Síndicos (escalada)", permissao_ids: [permissionId.get("gerenciar_usuarios_portaria")!] },
    });
    expect(shrink.statusCode, shrink.body).toBe(200);
    expect(shrink.json().permissao_ids).toEqual([permissionId.get("gerenciar_usuarios_portaria")]);
  });
});
