import { and, eq, sql } from "drizzle-orm";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grupos, usuarioGrupos, usuarios, user } from "../../db/schema";
import { pgConstraint, pgErrorCode } from "../../errors";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, userWithPermissions, type TestApp, errorWithoutRequestId } from "../../testing/harness";

// The system always keeps at least one active member of Administrador (issue 12): through the API,
// against plain SQL (migration 0009), and when two administrators act at the same instant.

let t: TestApp;
let admin: string;
let adminId: string;
let adminGroupId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  const me = (await request(t, "GET", "/api/me", { cookie: admin })).json().profile;
  adminId = me.id;
  adminGroupId = (await t.database.db.select().from(grupos).where(eq(grupos.nome_grupo, "Administrador")))[0]!.id;
});
afterAll(() => t.close());

const LAST_ADMIN = { code: "RULE", title: "Ação não permitida", message: "O sistema precisa de ao menos um administrador ativo." };

const activeAdmins = async () =>
  (
    await t.database.db
      .select({ id: usuarios.id })
      .from(usuarioGrupos)
      .innerJoin(usuarios, eq(usuarios.id, usuarioGrupos.usuario_id))
      .where(and(eq(usuarioGrupos.grupo_id, adminGroupId), eq(usuarios.status, "ativo")))
  ).map((r) => r.id);

/** A second administrator, made one through the API by the first. */
async function secondAdmin(email: string) {
  const other = await userWithPermissions(t, email, []);
  const made = await request(t, "PUT", `/api/usuarios/${other.usuarioId}`, {
    cookie: admin,
    payload: { nome_completo: `Admin ${email}`, status: "ativo", grupo_ids: [other.grupoId, adminGroupId] },
  });
  expect(made.statusCode, made.body).toBe(200);
  return { ...other, cookie: await signIn(t, email, other.password) };
}

const setStatus = (cookie: string, id: string, status: string) => request(t, "PATCH", `/api/usuarios/${id}/status`, { cookie, payload: { status } });

async function sqlRefusal(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    return { code: pgErrorCode(error), constraint: pgConstraint(error) };
  }
  return null;
}

describe("at least one active administrator", () => {
  it("refuses, through the API, the change that would leave none (the other one is only pending)", async () => {
    const other = await secondAdmin("segundo-admin@teste.local");
    // The first administrator puts the second back to pendente_confirmacao: it can still act, but is not active.
    expect((await setStatus(admin, other.usuarioId, "pendente_confirmacao")).statusCode).toBe(200);
    expect(await activeAdmins()).toEqual([adminId]);

    const before = await databaseSnapshot(t);
    const deactivate = await setStatus(other.cookie, adminId, "inativo");
    expect(deactivate.statusCode).toBe(403);
    expect(errorWithoutRequestId(deactivate)).toStrictEqual({ error: LAST_ADMIN });
    const removeFromGroup = await request(t, "PUT", `/api/usuarios/${adminId}`, {
      cookie: other.cookie,
      payload: { nome_completo: "Administrador", status: "ativo", grupo_ids: [] },
    });
    expect(removeFromGroup.statusCode).toBe(403);
    expect(errorWithoutRequestId(removeFromGroup)).toStrictEqual({ error: LAST_ADMIN });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    expect((await request(t, "GET", "/api/me", { cookie: admin })).statusCode).toBe(200);

    // With the second one active again, the first may be deactivated by it.
    expect((await setStatus(admin, other.usuarioId, "ativo")).statusCode).toBe(200);
    expect((await setStatus(other.cookie, adminId, "inativo")).statusCode).toBe(200);
    expect((await setStatus(other.cookie, adminId, "ativo")).statusCode).toBe(200);
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await setStatus(admin, other.usuarioId, "inativo")).statusCode).toBe(200);
    expect(await activeAdmins()).toEqual([adminId]);
  });

  it("is kept by the database against plain SQL", async () => {
    expect(await activeAdmins()).toEqual([adminId]);
    const db = t.database.db;
    const refusals = [
      await sqlRefusal(() => db.update(usuarios).set({ status: "bloqueado" }).where(eq(usuarios.id, adminId))),
      await sqlRefusal(() => db.delete(usuarioGrupos).where(and(eq(usuarioGrupos.usuario_id, adminId), eq(usuarioGrupos.grupo_id, adminGroupId)))),
      await sqlRefusal(() => db.delete(usuarios).where(eq(usuarios.id, adminId))),
      await sqlRefusal(() => db.execute(sql`delete from ${user} where email = ${ADMIN.email}`)),
      await sqlRefusal(() =>
        db.transaction(async (tx) => {
          await tx.update(usuarios).set({ status: "inativo" }).where(eq(usuarios.id, adminId));
        }),
      ),
    ];
    for (const refusal of refusals) expect(refusal).toEqual({ code: "23514", constraint: "administrador_ativo" });
    expect(await activeAdmins()).toEqual([adminId]);
    // A change that keeps one active administrator is fine, even inside one transaction.
    const other = await secondAdmin("terceiro-admin@teste.local");
    await db.transaction(async (tx) => {
      await tx.update(usuarios).set({ status: "inativo" }).where(eq(usuarios.id, other.usuarioId));
      await tx.update(usuarios).set({ nome_completo: "Administrador" }).where(eq(usuarios.id, adminId));
    });
    expect(await activeAdmins()).toEqual([adminId]);
  });

  it("two administrators deactivating each other at the same instant: one of them stays", async () => {
    const other = await secondAdmin("quarto-admin@teste.local");
    expect((await activeAdmins()).sort()).toEqual([adminId, other.usuarioId].sort());
    const answers = await Promise.all([setStatus(admin, other.usuarioId, "inativo"), setStatus(other.cookie, adminId, "inativo")]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    // Refused by the database at commit, or (when the winner committed first) the loser's session had already ended.
    if (refused.statusCode === 403) expect(errorWithoutRequestId(refused)).toStrictEqual({ error: LAST_ADMIN });
    else expect(refused.statusCode).toBe(401);
    expect(await activeAdmins()).toHaveLength(1);

    if (t.database.kind === "postgres") {
      // The same race with nothing in between: two connections, each with its transaction open,
      // commit at once. The check at commit waits for the other and counts again: one is refused.
      await t.database.db.update(usuarios).set({ status: "ativo" }).where(eq(usuarios.id, other.usuarioId));
      await t.database.db.update(usuarios).set({ status: "ativo" }).where(eq(usuarios.id, adminId));
      const pool = (t.database.db as unknown as { $client: Pool }).$client;
      const [a, b] = await Promise.all([pool.connect(), pool.connect()]);
      try {
        await Promise.all([a.query("begin"), b.query("begin")]);
        await a.query("update portaria_web_usuarios set status = 'inativo' where id = $1", [other.usuarioId]);
        await b.query("update portaria_web_usuarios set status = 'inativo' where id = $1", [adminId]);
        const commits = await Promise.allSettled([a.query("commit"), b.query("commit")]);
        const failed = commits.filter((c): c is PromiseRejectedResult => c.status === "rejected");
        expect(failed).toHaveLength(1);
        expect(pgConstraint(failed[0]!.reason)).toBe("administrador_ativo");
      } finally {
        a.release();
        b.release();
      }
      expect(await activeAdmins()).toHaveLength(1);
    }
  });
});

describe("members of Administrador serve every condominium", () => {
  it("whatever the scope sent on create or edit: the answer, their session and the data all say every condominium", async () => {
    // The race above (PostgreSQL) may have left this file's administrator inactive, sessions ended.
    await t.database.db.update(usuarios).set({ status: "ativo" }).where(eq(usuarios.id, adminId));
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const norte = (await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: "Residencial Norte Admin" } })).json();
    const sul = (await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: "Residencial Sul Admin" } })).json();
    const unidadeSul = (await request(t, "POST", "/api/unidades", { cookie: admin, payload: { condominio_id: sul.id, numero_unidade: "7" } })).json();

    // Created into Administrador with one condominium ticked.
    const created = await request(t, "POST", "/api/usuarios", {
      cookie: admin,
      payload: {
        nome_completo: "Administradora Nova",
        email: "adm-escopo@teste.local",
        senha: "senha-inicial-1",
        grupo_ids: [adminGroupId],
        acesso_todos_condominios: false,
        condominio_ids: [norte.id],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().acesso_todos_condominios).toBe(true);

    // Moved into Administrador from a one-condominium user, keeping that condominium.
    const other = await userWithPermissions(t, "vira-admin@teste.local", ["visualizar_unidades"], [norte.id]);
    expect((await request(t, "GET", `/api/unidades/${unidadeSul.id}`, { cookie: other.cookie })).statusCode).toBe(404);
    const made = await request(t, "PUT", `/api/usuarios/${other.usuarioId}`, {
      cookie: admin,
      payload: {
        nome_completo: "Vira Admin",
        status: "ativo",
        grupo_ids: [other.grupoId, adminGroupId],
        acesso_todos_condominios: false,
        condominio_ids: [norte.id],
      },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().acesso_todos_condominios).toBe(true);
    const me = (await request(t, "GET", "/api/me", { cookie: other.cookie })).json().profile;
    expect(me.acesso_todos_condominios).toBe(true);
    expect((await request(t, "GET", `/api/unidades/${unidadeSul.id}`, { cookie: other.cookie })).statusCode).toBe(200);
  });
});
