import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios } from "../../db/schema";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, userWithPermissions, type TestApp } from "../../testing/harness";

// A user manager serving one condominium reaches only users serving condominiums, all within
// theirs (gatehouse-spec §2): a user serving no condominium, or every one, is out of reach (404
// like a missing one) on every action of Usuários, and such a user cannot be made by them.

let t: TestApp;
let gestor: string;
let condominio = "";
const alvos = { nenhum: "", todos: "", meu: "" };
const MANAGER_PERMISSIONS = ["gerenciar_usuarios_portaria"];

beforeAll(async () => {
  t = await createTestApp();
  const [a] = await t.database.db.insert(condominios).values({ nome: "Residencial Gestor" }).returning();
  condominio = a!.id;
  gestor = (await userWithPermissions(t, "gestor-escopo@teste.local", MANAGER_PERMISSIONS, [condominio])).cookie;
  alvos.nenhum = (await userWithPermissions(t, "sem-condominio@teste.local", [], [])).usuarioId;
  alvos.todos = (await userWithPermissions(t, "todos-condominios@teste.local", [])).usuarioId;
  alvos.meu = (await userWithPermissions(t, "do-gestor@teste.local", [], [condominio])).usuarioId;
});
afterAll(() => t.close());

const payload = { nome_completo: "Alterado", status: "ativo", grupo_ids: [] };

describe("a user manager serving one condominium", () => {
  it("does not list users serving no condominium or every one", async () => {
    const rows = (await request(t, "GET", "/api/usuarios?limit=100", { cookie: gestor })).json().rows as { id: string }[];
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(alvos.meu);
    expect(ids).not.toContain(alvos.nenhum);
    expect(ids).not.toContain(alvos.todos);
  });

  it.each(["nenhum", "todos"] as const)("answers 404 to every action on a user serving %s, and changes nothing", async (quem) => {
    const id = alvos[quem];
    const before = await databaseSnapshot(t);
    const answers = [
      await request(t, "GET", `/api/usuarios/${id}`, { cookie: gestor }),
      await request(t, "PUT", `/api/usuarios/${id}`, { cookie: gestor, payload }),
      await request(t, "PUT", `/api/usuarios/${id}`, { cookie: gestor, payload: { ...payload, condominio_ids: [condominio] } }),
      await request(t, "PATCH", `/api/usuarios/${id}/status`, { cookie: gestor, payload: { status: "bloqueado" } }),
      await request(t, "POST", `/api/usuarios/${id}/reset-senha`, { cookie: gestor }),
    ];
    const missing = await request(t, "GET", "/api/usuarios/00000000-0000-4000-8000-000000000000", { cookie: gestor });
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error).toMatchObject({ code: missing.json().error.code, message: missing.json().error.message });
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("cannot create a user serving no condominium, nor take a user's last one away", async () => {
    const before = await databaseSnapshot(t);
    const created = await request(t, "POST", "/api/usuarios", {
      cookie: gestor,
      payload: { nome_completo: "Sem Condomínio", email: "novo-sem-condominio@teste.local", senha: "Portaria#Sentinela-2026", condominio_ids: [] },
    });
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json().error.message).toBe("Escolha ao menos um dos condomínios que você atende.");
    const emptied = await request(t, "PUT", `/api/usuarios/${alvos.meu}`, { cookie: gestor, payload: { ...payload, condominio_ids: [] } });
    expect(emptied.statusCode, emptied.body).toBe(403);
    expect(emptied.json().error.message).toBe("Escolha ao menos um dos condomínios que você atende.");
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("still manages the users of its condominium, and an administrator still reaches everyone", async () => {
    expect((await request(t, "PUT", `/api/usuarios/${alvos.meu}`, { cookie: gestor, payload })).statusCode).toBe(200);
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    for (const id of [alvos.nenhum, alvos.todos]) expect((await request(t, "GET", `/api/usuarios/${id}`, { cookie: admin })).statusCode).toBe(200);
  });
});
