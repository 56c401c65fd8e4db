import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grupoPermissoes, grupos, permissoes, usuarioGrupos, usuarios } from "../db/schema";
import { ADMIN, createTestApp, request, signIn, userWithPermissions, type TestApp } from "../testing/harness";

let t: TestApp;
let admin: string;
let noPerms: string;
let otherPerm: string;
let adminGroupId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  noPerms = (await userWithPermissions(t, "sem-permissao@teste.local", [])).cookie;
  otherPerm = (await userWithPermissions(t, "outra@teste.local", ["visualizar_unidades"])).cookie;
  adminGroupId = (await t.database.db.select().from(grupos).where(eq(grupos.nome_grupo, "Administrador")))[0]!.id;
});
afterAll(() => t.close());

const tableCounts = async () => {
  const db = t.database.db;
  const [[p], [g], [u], [gp], [ug]] = await Promise.all([
    db.select({ n: count() }).from(permissoes),
    db.select({ n: count() }).from(grupos),
    db.select({ n: count() }).from(usuarios),
    db.select({ n: count() }).from(grupoPermissoes),
    db.select({ n: count() }).from(usuarioGrupos),
  ]);
  return [p!.n, g!.n, u!.n, gp!.n, ug!.n];
};

describe("every administration route refuses callers without the permission", () => {
  const someId = "00000000-0000-4000-8000-000000000000";
  const routes: [method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object][] = [
    ["GET", "/api/permissoes"],
    ["POST", "/api/permissoes", { nome_permissao: "nova", categoria: "X" }],
    ["PUT", `/api/permissoes/${someId}`, { nome_permissao: "nova", categoria: "X" }],
    ["DELETE", `/api/permissoes/${someId}`],
    ["GET", "/api/grupos"],
    ["GET", `/api/grupos/${someId}`],
    ["POST", "/api/grupos", { nome_grupo: "Novo" }],
    ["PUT", `/api/grupos/${someId}`, { nome_grupo: "Novo" }],
    ["DELETE", `/api/grupos/${someId}`],
    ["GET", "/api/usuarios"],
    ["GET", `/api/usuarios/${someId}`],
    ["POST", "/api/usuarios", { nome_completo: "X", email: "x@teste.local", senha: "123456" }],
    ["PUT", `/api/usuarios/${someId}`, { nome_completo: "X", status: "ativo" }],
    ["PATCH", `/api/usuarios/${someId}/status`, { status: "inativo" }],
    ["POST", `/api/usuarios/${someId}/reset-senha`, {}],
  ];

  it.each(routes)("%s %s: 401 without session, 403 without permission, nothing changed", async (method, url, payload) => {
    const before = await tableCounts();
    const anonymous = await request(t, method, url, { payload });
    expect(anonymous.statusCode).toBe(401);
    for (const cookie of [noPerms, otherPerm]) {
      const refused = await request(t, method, url, { cookie, payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.title).toBe("Acesso Negado");
      expect(refused.body).not.toContain("admin@teste.local");
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("lets the painel and page views through for any Portaria Web user, not for anonymous", async () => {
    expect((await request(t, "GET", "/api/painel")).statusCode).toBe(401);
    expect((await request(t, "GET", "/api/painel", { cookie: noPerms })).statusCode).toBe(200);
    expect((await request(t, "GET", "/api/painel/condominios", { cookie: noPerms })).statusCode).toBe(200);
    expect((await request(t, "POST", "/api/page-views", { cookie: noPerms, payload: { path: "/portaria-web" } })).statusCode).toBe(204);
    expect((await request(t, "POST", "/api/page-views", { cookie: noPerms, payload: { path: "/outro" } })).statusCode).toBe(400);
  });
});

describe("permissions catalogue", () => {
  it("lists by category then name", async () => {
    const response = await request(t, "GET", "/api/permissoes", { cookie: admin });
    expect(response.statusCode).toBe(200);
    const rows: { categoria: string; nome_permissao: string }[] = response.json().rows;
    const sorted = [...rows].sort((a, b) => (a.categoria + "\u0000" + a.nome_permissao < b.categoria + "\u0000" + b.nome_permissao ? -1 : 1));
    expect(rows.map((r) => r.nome_permissao)).toEqual(sorted.map((r) => r.nome_permissao));
    expect(rows.length).toBeGreaterThanOrEqual(19);
  });

  it("normalises the name, defaults the category to 'Outras', and grants it to Administrador", async () => {
    const response = await request(t, "POST", "/api/permissoes", {
      cookie: admin,
      payload: { nome_permissao: "  Abrir   Portão Social ", categoria: "", descricao: "Abre o portão" },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ nome_permissao: "abrir_portao_social", categoria: "Outras", descricao: "Abre o portão" });
    const me = await request(t, "GET", "/api/me", { cookie: admin });
    expect(me.json().profile.permissions).toContain("abrir_portao_social");
  });

  it("refuses a missing name with the spec's message and a duplicate with 409", async () => {
    const missing = await request(t, "POST", "/api/permissoes", { cookie: admin, payload: { nome_permissao: "   ", categoria: "X" } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ title: "Campos obrigatórios", message: "Nome da permissão e categoria são obrigatórios." });
    const duplicate = await request(t, "POST", "/api/permissoes", { cookie: admin, payload: { nome_permissao: "Visualizar Unidades" } });
    expect(duplicate.statusCode).toBe(409);
  });

  it("refuses to delete a permission used by a group, with the exact message, and deletes an unused one", async () => {
    const used = (await request(t, "POST", "/api/permissoes", { cookie: admin, payload: { nome_permissao: "abrir_garagem" } })).json();
    const grupo = (await request(t, "POST", "/api/grupos", { cookie: admin, payload: { nome_grupo: "Garagistas", permissao_ids: [used.id] } })).json();
    const refused = await request(t, "DELETE", `/api/permissoes/${used.id}`, { cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('A permissão "abrir_garagem" está em uso por 1 grupo(s) e não pode ser excluída.');
    expect(await t.database.db.select().from(permissoes).where(eq(permissoes.id, used.id))).toHaveLength(1);

    await request(t, "DELETE", `/api/grupos/${grupo.id}`, { cookie: admin });
    expect((await request(t, "DELETE", `/api/permissoes/${used.id}`, { cookie: admin })).statusCode).toBe(204);
    expect(await t.database.db.select().from(permissoes).where(eq(permissoes.id, used.id))).toHaveLength(0);
  });

  it("keeps the system's own permissions: no rename, no delete", async () => {
    const system = (await t.database.db.select().from(permissoes).where(eq(permissoes.nome_permissao, "gerenciar_grupos_permissoes")))[0]!;
    const rename = await request(t, "PUT", `/api/permissoes/${system.id}`, { cookie: admin, payload: { nome_permissao: "outra_coisa" } });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.message).toBe("Esta permissão é usada pelo próprio sistema e não pode ser renomeada.");
    const del = await request(t, "DELETE", `/api/permissoes/${system.id}`, { cookie: admin });
    expect(del.statusCode).toBe(403);
    const describe = await request(t, "PUT", `/api/permissoes/${system.id}`, {
      cookie: admin,
      payload: { nome_permissao: "gerenciar_grupos_permissoes", categoria: "Administração", descricao: "Nova descrição" },
    });
    expect(describe.statusCode).toBe(200);
  });

  it("edits a permission", async () => {
    const created = (await request(t, "POST", "/api/permissoes", { cookie: admin, payload: { nome_permissao: "editavel", categoria: "A" } })).json();
    const updated = await request(t, "PUT", `/api/permissoes/${created.id}`, {
      cookie: admin,
      payload: { nome_permissao: "Editada Agora", categoria: "B", descricao: "" },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ nome_permissao: "editada_agora", categoria: "B", descricao: null });
  });
});

describe("groups", () => {
  it("creates a group with permissions, lists it with its user count, edits only the differences, deletes it", async () => {
    const perms = (await request(t, "GET", "/api/permissoes", { cookie: admin })).json().rows as { id: string; nome_permissao: string }[];
    const byName = (n: string) => perms.find((p) => p.nome_permissao === n)!.id;
    const created = await request(t, "POST", "/api/grupos", {
      cookie: admin,
      payload: { nome_grupo: "Porteiros", descricao: "Equipe da portaria", permissao_ids: [byName("visualizar_unidades")] },
    });
    expect(created.statusCode).toBe(201);
    const grupo = created.json();
    expect(grupo).toMatchObject({ nome_grupo: "Porteiros", user_count: 0, permissao_ids: [byName("visualizar_unidades")] });

    const list = (await request(t, "GET", "/api/grupos", { cookie: admin })).json().rows;
    expect(list.find((g: { nome_grupo: string }) => g.nome_grupo === "Administrador").user_count).toBe(1);

    const edited = await request(t, "PUT", `/api/grupos/${grupo.id}`, {
      cookie: admin,
      payload: { nome_grupo: "Porteiros Noturnos", descricao: null, permissao_ids: [byName("visualizar_veiculos"), byName("visualizar_unidades")] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().nome_grupo).toBe("Porteiros Noturnos");
    expect(new Set(edited.json().permissao_ids)).toEqual(new Set([byName("visualizar_veiculos"), byName("visualizar_unidades")]));

    expect((await request(t, "DELETE", `/api/grupos/${grupo.id}`, { cookie: admin })).statusCode).toBe(204);
    expect((await request(t, "GET", `/api/grupos/${grupo.id}`, { cookie: admin })).statusCode).toBe(404);
  });

  it("requires a name", async () => {
    const response = await request(t, "POST", "/api/grupos", { cookie: admin, payload: { nome_grupo: "  " } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ title: "Campo obrigatório", message: "O nome do grupo é obrigatório." });
  });

  it("protects Administrador: no delete, no rename, no permission removed", async () => {
    const before = await tableCounts();
    const current = (await request(t, "GET", `/api/grupos/${adminGroupId}`, { cookie: admin })).json();

    const del = await request(t, "DELETE", `/api/grupos/${adminGroupId}`, { cookie: admin });
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe("O grupo Administrador não pode ser excluído.");

    const rename = await request(t, "PUT", `/api/grupos/${adminGroupId}`, {
      cookie: admin,
      payload: { nome_grupo: "Chefes", permissao_ids: current.permissao_ids },
    });
    expect(rename.statusCode).toBe(403);

    const remove = await request(t, "PUT", `/api/grupos/${adminGroupId}`, {
      cookie: admin,
      payload: { nome_grupo: "Administrador", permissao_ids: current.permissao_ids.slice(1) },
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.message).toBe("As permissões do grupo Administrador não podem ser alteradas.");
    expect(await tableCounts()).toEqual(before);

    const description = await request(t, "PUT", `/api/grupos/${adminGroupId}`, {
      cookie: admin,
      payload: { nome_grupo: "Administrador", descricao: "Todos os acessos", permissao_ids: current.permissao_ids },
    });
    expect(description.statusCode).toBe(200);

    // Saved without a permission list (as the screen does), it keeps every permission.
    const withoutList = await request(t, "PUT", `/api/grupos/${adminGroupId}`, { cookie: admin, payload: { nome_grupo: "Administrador" } });
    expect(withoutList.statusCode).toBe(200);
    expect(new Set(withoutList.json().permissao_ids)).toEqual(new Set(current.permissao_ids));
  });

  it("lets user managers read the group list (to assign groups) but not change groups", async () => {
    const manager = (await userWithPermissions(t, "gestor@teste.local", ["gerenciar_usuarios_portaria"])).cookie;
    expect((await request(t, "GET", "/api/grupos", { cookie: manager })).statusCode).toBe(200);
    expect((await request(t, "POST", "/api/grupos", { cookie: manager, payload: { nome_grupo: "X" } })).statusCode).toBe(403);
    expect((await request(t, "GET", "/api/permissoes", { cookie: manager })).statusCode).toBe(403);
  });
});

describe("users", () => {
  it("creates a pending user with groups, e-mails them, and they can sign in only to set a password", async () => {
    const grupo = (await request(t, "POST", "/api/grupos", { cookie: admin, payload: { nome_grupo: "Zeladoria" } })).json();
    const created = await request(t, "POST", "/api/usuarios", {
      cookie: admin,
      payload: {
        nome_completo: "Carlos Porteiro",
        email: "Carlos@Teste.local",
        senha: "provisoria",
        telefone_celular: "",
        cpf: "529.982.247-25",
        grupo_ids: [grupo.id],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      nome_completo: "Carlos Porteiro",
      email: "carlos@teste.local",
      telefone_celular: null,
      cpf: "52998224725",
      status: "pendente_confirmacao",
      primeiro_acesso_concluido: false,
      grupos: [{ id: grupo.id, nome_grupo: "Zeladoria" }],
    });
    await t.outbox.deliverPending();
    const mail = t.mailer.outbox.at(-1)!;
    expect(mail.to).toBe("carlos@teste.local");
    expect(mail.text).toContain("/login");

    const cookie = await signIn(t, "carlos@teste.local", "provisoria");
    expect((await request(t, "GET", "/api/painel", { cookie })).statusCode).toBe(403);
  });

  it("refuses missing fields, a short password, an invalid CPF and a duplicate e-mail, creating nothing", async () => {
    const before = await tableCounts();
    const missing = await request(t, "POST", "/api/usuarios", { cookie: admin, payload: { nome_completo: "Sem Email", senha: "123456" } });
    expect(missing.json().error).toMatchObject({ message: "Nome, email e senha são obrigatórios." });
    const short = await request(t, "POST", "/api/usuarios", { cookie: admin, payload: { nome_completo: "A", email: "a@teste.local", senha: "123" } });
    expect(short.json().error).toMatchObject({ title: "Senha curta", message: "A senha deve ter pelo menos 6 caracteres." });
    const cpf = await request(t, "POST", "/api/usuarios", {
      cookie: admin,
      payload: { nome_completo: "A", email: "a@teste.local", senha: "123456", cpf: "111.111.111-12" },
    });
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json().error.fields.cpf).toBe("CPF inválido. Confira os números.");
    const duplicate = await request(t, "POST", "/api/usuarios", {
      cookie: admin,
      payload: { nome_completo: "Outro Admin", email: ADMIN.email, senha: "123456" },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await tableCounts()).toEqual(before);
  });

  it("searches by name, e-mail and CPF and filters by status", async () => {
    const search = async (q: string, status = "todos") =>
      (await request(t, "GET", `/api/usuarios?q=${encodeURIComponent(q)}&status=${status}`, { cookie: admin })).json();
    expect((await search("carlos")).rows.map((u: { email: string }) => u.email)).toEqual(["carlos@teste.local"]);
    expect((await search("CARLOS@TESTE")).total).toBe(1);
    expect((await search("529.982")).rows[0].email).toBe("carlos@teste.local");
    expect((await search("", "pendente_confirmacao")).rows.every((u: { status: string }) => u.status === "pendente_confirmacao")).toBe(true);
    expect((await search("%")).total).toBe(0);
    expect((await search("carlos2")).total).toBe(0);
    const all = await search("");
    const names = all.rows.map((u: { nome_completo: string }) => u.nome_completo);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("enforces the rules on your own account", async () => {
    const me = (await request(t, "GET", "/api/me", { cookie: admin })).json().profile;
    const own = await request(t, "PATCH", `/api/usuarios/${me.id}/status`, { cookie: admin, payload: { status: "inativo" } });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({
      title: "Ação não permitida",
      message: "Você não pode alterar o status da sua própria conta para inativo ou bloqueado.",
    });
    const ownEdit = await request(t, "PUT", `/api/usuarios/${me.id}`, {
      cookie: admin,
      payload: { nome_completo: me.nome_completo, status: "bloqueado", grupo_ids: me.grupos.map((g: { id: string }) => g.id) },
    });
    expect(ownEdit.statusCode).toBe(403);
    const leaveAdmin = await request(t, "PUT", `/api/usuarios/${me.id}`, {
      cookie: admin,
      payload: { nome_completo: me.nome_completo, status: "ativo", grupo_ids: [] },
    });
    expect(leaveAdmin.statusCode).toBe(403);
    expect(leaveAdmin.json().error).toMatchObject({ title: "Ação não permitida", message: "Você não pode alterar os seus próprios grupos." });
    const reset = await request(t, "POST", `/api/usuarios/${me.id}/reset-senha`, { cookie: admin, payload: {} });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error.message).toBe("Você não pode resetar a senha da sua própria conta desta forma.");
  });

  it("edits another user, sends them a reset e-mail, and deactivation ends their session at once", async () => {
    const other = await userWithPermissions(t, "alvo@teste.local", ["visualizar_unidades"]);
    expect((await request(t, "GET", "/api/me", { cookie: other.cookie })).statusCode).toBe(200);

    const edit = await request(t, "PUT", `/api/usuarios/${other.usuarioId}`, {
      cookie: admin,
      payload: { nome_completo: "Alvo Editado", telefone_celular: "(11) 98765-4321", cpf: "", status: "ativo", grupo_ids: [adminGroupId] },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ nome_completo: "Alvo Editado", telefone_celular: "11987654321", cpf: null, grupos: [{ nome_grupo: "Administrador" }] });

    const blank = await request(t, "PUT", `/api/usuarios/${other.usuarioId}`, { cookie: admin, payload: { nome_completo: " ", status: "ativo" } });
    expect(blank.json().error.message).toBe("O nome completo é obrigatório.");

    await t.outbox.deliverPending();
    const outbox = t.mailer.outbox.length;
    expect((await request(t, "POST", `/api/usuarios/${other.usuarioId}/reset-senha`, { cookie: admin, payload: {} })).statusCode).toBe(204);
    await t.outbox.deliverPending();
    expect(t.mailer.outbox.length).toBe(outbox + 1);
    expect(t.mailer.outbox.at(-1)!.to).toBe("alvo@teste.local");

    const deactivate = await request(t, "PATCH", `/api/usuarios/${other.usuarioId}/status`, { cookie: admin, payload: { status: "inativo" } });
    expect(deactivate.statusCode).toBe(200);
    expect((await request(t, "GET", "/api/me", { cookie: other.cookie })).statusCode).toBe(401);
    const again = await request(t, "POST", "/api/auth/sign-in/email", { payload: { email: "alvo@teste.local", password: other.password } });
    expect(again.statusCode).toBe(403);

    expect((await request(t, "PATCH", `/api/usuarios/${other.usuarioId}/status`, { cookie: admin, payload: { status: "ativo" } })).statusCode).toBe(200);
    await signIn(t, "alvo@teste.local", other.password);
  });
});

describe("database guards", () => {
  it("refuses to delete or rename Administrador even outside the API", async () => {
    const db = t.database.db;
    await expect(db.delete(grupos).where(eq(grupos.id, adminGroupId))).rejects.toThrow();
    await expect(db.update(grupos).set({ nome_grupo: "Outro" }).where(eq(grupos.id, adminGroupId))).rejects.toThrow();
    expect(await db.select().from(grupos).where(eq(grupos.nome_grupo, "Administrador"))).toHaveLength(1);
  });

  it("grants a permission inserted by hand to Administrador", async () => {
    const db = t.database.db;
    const [p] = await db.insert(permissoes).values({ nome_permissao: "inserida_direto" }).returning();
    const links = await db.select().from(grupoPermissoes).where(eq(grupoPermissoes.permissao_id, p!.id));
    expect(links.map((l) => l.grupo_id)).toEqual([adminGroupId]);
  });
});
