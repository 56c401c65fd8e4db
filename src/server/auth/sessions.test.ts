import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, usuarios, verification } from "../db/schema";
import { ADMIN, createTestApp, request, signIn, TEST_ORIGIN, userWithPermissions, type TestApp, errorWithoutRequestId } from "../testing/harness";
import { createAuthUser } from "./accounts";
import { describeDevice } from "./sessions";

// Issue 12, accounts and sessions: session lengths, Minha conta (password change, open sessions),
// a new password that differs from the current one, answers no cache keeps, bodies nested too deep.

let t: TestApp;
beforeAll(async () => {
  // The tests move sessions' clocks back in the database; a session kept in memory for a few
  // seconds (CACHE_TTL_MS) would not see that, while real time passing it does.
  t = await createTestApp({ cacheTtlMs: 0 });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const sessionsOf = (userId: string) => t.database.db.select().from(session).where(eq(session.userId, userId));
const me = (cookie: string) => request(t, "GET", "/api/me", { cookie });

async function signInWith(email: string, password: string, userAgent: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_ORIGIN, "user-agent": userAgent },
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return response.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Moves a session's clock back: its sign-in and last use `ms` earlier. */
async function age(userId: string, { created = 0, used = 0 }: { created?: number; used?: number }) {
  const [row] = await sessionsOf(userId);
  await t.database.db
    .update(session)
    .set({ createdAt: new Date(row!.createdAt.getTime() - created), updatedAt: new Date(row!.updatedAt.getTime() - used) })
    .where(eq(session.id, row!.id));
  return row!.id;
}

describe("session lengths", () => {
  it("a sign-in opens a session that ends 12 hours later at the latest", async () => {
    const user = await userWithPermissions(t, "doze-horas@teste.local", []);
    const [row] = await sessionsOf(user.authUserId);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 12 * 60 * MINUTE)).toBeLessThan(MINUTE);
  });

  it("ends a session after 30 minutes without a request, and deletes it", async () => {
    const user = await userWithPermissions(t, "ocioso@teste.local", ["visualizar_unidades"]);
    expect((await me(user.cookie)).statusCode).toBe(200);
    await age(user.authUserId, { used: 31 * MINUTE });
    const refused = await request(t, "GET", "/api/unidades", { cookie: user.cookie });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ title: "Sessão expirada", message: "Entre novamente para continuar." });
    expect(await sessionsOf(user.authUserId)).toEqual([]);
  });

  it("a request postpones the idle end; the staff areas' own timer does not", async () => {
    const user = await userWithPermissions(t, "em-uso@teste.local", []);
    await age(user.authUserId, { used: 20 * MINUTE });
    const before = (await sessionsOf(user.authUserId))[0]!.updatedAt.getTime();
    const check = await request(t, "GET", "/api/me/sessao", { cookie: user.cookie });
    expect(check.statusCode).toBe(200);
    // The check says when the session ends if nothing else happens: 10 minutes from now.
    expect(Math.abs(new Date(check.json().expira_em).getTime() - (before + 30 * MINUTE))).toBeLessThan(2_000);
    expect((await sessionsOf(user.authUserId))[0]!.updatedAt.getTime()).toBe(before);

    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await sessionsOf(user.authUserId))[0]!.updatedAt.getTime()).toBeGreaterThan(Date.now() - MINUTE);
    await age(user.authUserId, { used: 25 * MINUTE });
    expect((await me(user.cookie)).statusCode).toBe(200); // 25 minutes idle: still alive
  });

  it("ends a session opened more than 12 hours ago even if it is in use (and one from before this rule)", async () => {
    const user = await userWithPermissions(t, "antiga@teste.local", []);
    // A session of the old 7-day kind: its expiry is far away, but it was opened 12 h 1 min ago.
    const [row] = await sessionsOf(user.authUserId);
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 12 * 60 * MINUTE - MINUTE), expiresAt: new Date(Date.now() + 6 * 24 * 60 * MINUTE) })
      .where(eq(session.id, row!.id));
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect(await sessionsOf(user.authUserId)).toEqual([]);
  });

  it("follows SESSION_MAX_AGE_MINUTES and SESSION_IDLE_MINUTES", async () => {
    const short = await createTestApp({ session: { maxAgeMs: 60 * MINUTE, idleMs: 5 * MINUTE } });
    try {
      const cookie = await signIn(short, ADMIN.email, ADMIN.password);
      const [row] = await short.database.db.select().from(session).orderBy(session.createdAt);
      expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 60 * MINUTE)).toBeLessThan(MINUTE);
      await short.database.db
        .update(session)
        .set({ updatedAt: new Date(Date.now() - 6 * MINUTE) })
        .where(eq(session.id, row!.id));
      expect((await request(short, "GET", "/api/me", { cookie })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe("Minha conta: password", () => {
  const change = (cookie: string, payload: object) => request(t, "POST", "/api/me/senha", { cookie, payload });

  it("asks for the current password, refuses a wrong one and the same one, and changes it", async () => {
    const user = await userWithPermissions(t, "minha-conta@teste.local", []);
    const other = await signIn(t, "minha-conta@teste.local", user.password);
    const nova = "Girassol-Cometa-Farol-2026";

    const missing = await change(user.cookie, { novaSenha: nova, confirmacao: nova });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ message: "Informe a sua senha atual.", fields: { senhaAtual: "Informe a sua senha atual." } });

    const wrong = await change(user.cookie, { senhaAtual: "senha-errada-9", novaSenha: nova, confirmacao: nova });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ title: "Erro ao alterar senha", message: "A senha atual está incorreta." });

    const same = await change(user.cookie, { senhaAtual: user.password, novaSenha: user.password, confirmacao: user.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({
      message: "A nova senha deve ser diferente da senha atual.",
      fields: { novaSenha: "A nova senha deve ser diferente da senha atual." },
    });
    // Nothing changed so far: the old password still signs in, the other session still works.
    expect((await me(other)).statusCode).toBe(200);
    await signIn(t, "minha-conta@teste.local", user.password);

    const ok = await change(user.cookie, { senhaAtual: user.password, novaSenha: nova, confirmacao: nova });
    expect(ok.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await signIn(t, "minha-conta@teste.local", nova);
  });

  it("at first access the new password must differ from the provisional one", async () => {
    const authUser = await createAuthUser(t.auth, { email: "novata@teste.local", name: "Novata", password: "Provisoria-Sentinela-1" });
    await t.database.db.insert(usuarios).values({ auth_user_id: authUser.id, nome_completo: "Novata", email: "novata@teste.local" });
    const cookie = await signIn(t, "novata@teste.local", "Provisoria-Sentinela-1");
    const same = await change(cookie, { novaSenha: "Provisoria-Sentinela-1", confirmacao: "Provisoria-Sentinela-1" });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe("A nova senha deve ser diferente da senha atual.");
    expect((await me(cookie)).json().profile.primeiro_acesso_concluido).toBe(false);
    const ok = await change(cookie, { novaSenha: "Jabuticaba-Lanterna-77", confirmacao: "Jabuticaba-Lanterna-77" });
    expect(ok.statusCode).toBe(204);
  });

  it("a reset link does not accept the current password as the new one", async () => {
    const user = await userWithPermissions(t, "reset-igual@teste.local", []);
    const token = "token-de-teste-reset-igual";
    await t.database.db.insert(verification).values({
      id: "verificacao-reset-igual",
      identifier: `reset-password:${token}`,
      value: user.authUserId,
      expiresAt: new Date(Date.now() + 30 * MINUTE),
    });
    const same = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: user.password, token },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe("A nova senha deve ser diferente da senha atual.");
    // The link is still usable with a new password.
    const rows = await t.database.db
      .select()
      .from(verification)
      .where(and(eq(verification.value, user.authUserId), like(verification.identifier, "reset-password:%")));
    expect(rows).toHaveLength(1);
  });
});

describe("Minha conta: open sessions", () => {
  it("lists the account's sessions with device and last use, and ends the others", async () => {
    const user = await userWithPermissions(t, "dois-aparelhos@teste.local", []);
    await t.database.db.delete(session).where(eq(session.userId, user.authUserId));
    const desktop = await signInWith("dois-aparelhos@teste.local", user.password, CHROME_LINUX);
    const phone = await signInWith("dois-aparelhos@teste.local", user.password, SAFARI_IPHONE);
    const someoneElse = await userWithPermissions(t, "vizinha@teste.local", []);

    const list = await request(t, "GET", "/api/me/sessoes", { cookie: desktop });
    expect(list.statusCode).toBe(200);
    const rows = list.json().rows as { id: string; dispositivo: string; atual: boolean; ultimo_uso: string; criada_em: string }[];
    expect(rows.map((r) => [r.dispositivo, r.atual]).sort()).toEqual([
      ["Chrome 131 · Linux", true],
      ["Safari 17 · iOS", false],
    ]);
    for (const row of rows) expect(Date.now() - new Date(row.ultimo_uso).getTime()).toBeLessThan(MINUTE);
    expect(list.body).not.toContain("token");

    const ended = await request(t, "POST", "/api/me/sessoes/encerrar-outras", { cookie: desktop, payload: {} });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ encerradas: 1 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(desktop)).statusCode).toBe(200);
    expect((await me(someoneElse.cookie)).statusCode).toBe(200);
    expect((await request(t, "GET", "/api/me/sessoes", { cookie: desktop })).json().rows).toHaveLength(1);
  });

  it("does not list sessions that already ended by idleness", async () => {
    const user = await userWithPermissions(t, "sessao-velha@teste.local", []);
    const current = await signIn(t, "sessao-velha@teste.local", user.password);
    const rows = await sessionsOf(user.authUserId);
    const stale = rows.find((r) => current.includes(r.token) === false)!;
    await t.database.db
      .update(session)
      .set({ updatedAt: new Date(Date.now() - 31 * MINUTE) })
      .where(eq(session.id, stale.id));
    const list = (await request(t, "GET", "/api/me/sessoes", { cookie: current })).json().rows;
    expect(list).toHaveLength(1);
    expect(list[0].atual).toBe(true);
  });

  it("names devices from their User-Agent", () => {
    expect(describeDevice(CHROME_LINUX)).toBe("Chrome 131 · Linux");
    expect(describeDevice(null)).toBe("Dispositivo desconhecido");
    expect(describeDevice("")).toBe("Dispositivo desconhecido");
  });
});

describe("answers no cache keeps", () => {
  it("every API answer carries Cache-Control: no-store, refusals included", async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const answers = await Promise.all([
      request(t, "GET", "/api/me", { cookie: admin }),
      request(t, "GET", "/api/usuarios", { cookie: admin }),
      request(t, "GET", "/api/me/sessoes", { cookie: admin }),
      request(t, "GET", "/api/usuarios"),
      request(t, "POST", "/api/auth/sign-in/email", { payload: { email: ADMIN.email, password: "errada-123" } }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 401]);
    for (const answer of answers) expect(answer.headers["cache-control"]).toBe("no-store");
  });
});

describe("JSON nested too deep", () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  const send = (url: string, body: string, cookie?: string) =>
    t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) }, payload: body });

  it.each([
    ["/api/auth/sign-in/email", `{"email":"a@b.c","password":${deepObject(8000)}}`],
    ["/api/auth/request-password-reset", `{"email":${nested(8000)}}`],
    ["/api/leads", `{"nome":"X","email":"x@y.z","extra":${deepObject(40)}}`],
  ])("%s: 400 in the one error shape", async (url, body) => {
    const response = await send(url, body);
    expect(response.statusCode).toBe(400);
    expect(errorWithoutRequestId(response)).toStrictEqual({
      error: { code: "TOO_DEEP", title: "Dados inválidos", message: "O conteúdo enviado tem níveis demais de aninhamento." },
    });
  });

  it("refuses it on a signed-in route too, and keeps ordinary nesting (and brackets inside strings) working", async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await send("/api/condominios", `{"nome":${deepObject(100)}}`, admin)).json().error.code).toBe("TOO_DEEP");
    const brackets = await send("/api/condominios", JSON.stringify({ nome: `Residencial ${"{[".repeat(40)}` }), admin);
    expect(brackets.statusCode).toBe(201);
    const unknown = await send("/api/condominios", `{"nome":"Residencial Raso","x":${deepObject(10)}}`, admin);
    expect(unknown.json().error.code).toBe("UNKNOWN_FIELD");
  });
});

describe("data minimisation", () => {
  it("who manages vehicles but not residents receives each resident's name and id only", async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const condominio = (await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: "Residencial Minimização" } })).json();
    const unidade = (await request(t, "POST", "/api/unidades", { cookie: admin, payload: { condominio_id: condominio.id, numero_unidade: "12" } })).json();
    const morador = (
      await request(t, "POST", `/api/unidades/${unidade.id}/moradores`, {
        cookie: admin,
        payload: {
          nome_completo: "Beatriz Reservada",
          tipo_morador: "proprietario",
          cpf: "529.982.247-25",
          rg: "12.345.678-9",
          data_nascimento: "1980-04-02",
          telefone_celular: "(11) 91234-5678",
          email: "bia@exemplo.com.br",
        },
      })
    ).json();
    await request(t, "POST", `/api/moradores/${morador.id}/veiculos`, { cookie: admin, payload: { placa: "BIA1C23", tipo_veiculo: "carro" } });

    const veiculos = await userWithPermissions(t, "so-veiculos@teste.local", ["gerenciar_veiculos_morador"]);
    const limited = await request(t, "GET", `/api/unidades/${unidade.id}/moradores`, { cookie: veiculos.cookie });
    expect(limited.statusCode).toBe(200);
    const [row] = limited.json().rows;
    expect(Object.keys(row).sort()).toEqual(["id", "nome_completo", "unidade_id", "veiculos", "veiculos_total"]);
    expect(row.veiculos[0].placa).toBe("BIA1C23");
    expect(row.veiculos_total).toBe(1);
    for (const secret of ["52998224725", "12.345.678-9", "1980-04-02", "11912345678", "bia@exemplo.com.br"]) expect(limited.body).not.toContain(secret);

    const moradores = await userWithPermissions(t, "gere-moradores@teste.local", ["gerenciar_moradores_unidade"]);
    const full = (await request(t, "GET", `/api/unidades/${unidade.id}/moradores`, { cookie: moradores.cookie })).json().rows[0];
    expect(full).toMatchObject({ cpf: "52998224725", rg: "12.345.678-9", data_nascimento: "1980-04-02", telefone_celular: "11912345678" });
  });

  it("who manages residents but may not see vehicles receives how many each resident has, never the vehicles", async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const condominio = (await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: "Residencial Garagem Fechada" } })).json();
    const unidade = (await request(t, "POST", "/api/unidades", { cookie: admin, payload: { condominio_id: condominio.id, numero_unidade: "31" } })).json();
    const newMorador = async (nome_completo: string) =>
      (await request(t, "POST", `/api/unidades/${unidade.id}/moradores`, { cookie: admin, payload: { nome_completo, tipo_morador: "proprietario" } })).json();
    const dono = await newMorador("Davi Dois Carros");
    const semCarro = await newMorador("Elisa Sem Carro");
    for (const [placa, ativo] of [
      ["DAV1D23", true],
      ["DAV4E56", false],
    ] as const)
      await request(t, "POST", `/api/moradores/${dono.id}/veiculos`, {
        cookie: admin,
        payload: { placa, tipo_veiculo: "carro", marca: "Marca Secreta", ativo },
      });

    const moradores = await userWithPermissions(t, "moradores-sem-veiculos@teste.local", ["gerenciar_moradores_unidade"]);
    const answer = await request(t, "GET", `/api/unidades/${unidade.id}/moradores`, { cookie: moradores.cookie });
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().rows as { id: string; veiculos: unknown[]; veiculos_total: number; tipo_morador: string }[];
    expect(rows.map((r) => [r.id, r.veiculos, r.veiculos_total, r.tipo_morador])).toEqual([
      [dono.id, [], 2, "proprietario"],
      [semCarro.id, [], 0, "proprietario"],
    ]);
    for (const secret of ["DAV1D23", "DAV4E56", "Marca Secreta"]) expect(answer.body).not.toContain(secret);

    // Who may see them receives the same count beside the vehicles themselves.
    const leitor = await userWithPermissions(t, "moradores-e-veiculos@teste.local", ["gerenciar_moradores_unidade", "visualizar_veiculos"]);
    const seen = (await request(t, "GET", `/api/unidades/${unidade.id}/moradores`, { cookie: leitor.cookie })).json().rows[0];
    expect(seen.veiculos.map((v: { placa: string }) => v.placa)).toEqual(["DAV1D23", "DAV4E56"]);
    expect(seen.veiculos_total).toBe(2);
  });
});
