import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { ConfigError } from "../config";
import { user, usuarios } from "../db/schema";
import { seed } from "../seed";
import { ADMIN, createTestApp, openTestDatabase, signIn, TEST_ORIGIN, testConfig, userWithPermissions, type TestApp } from "../testing/harness";
import { createAuthUser } from "./accounts";
import { checkPasswordStrength, MIN_PASSWORD_SCORE, passwordUserInputs } from "./password-strength";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

// Each call from its own address: the reset attempts here must not meet the recovery rate limit.
let caller = 0;
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: `192.0.2.${++caller}`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });
const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

/** An active Portaria Web user with first access done. */
async function createUser(email: string, nome: string, password: string, firstAccessDone = true) {
  const authUser = await createAuthUser(t.auth, { email, name: nome, password });
  await t.database.db.insert(usuarios).values({
    auth_user_id: authUser.id,
    nome_completo: nome,
    email,
    status: firstAccessDone ? "ativo" : "pendente_confirmacao",
    primeiro_acesso_concluido: firstAccessDone,
  });
  return authUser;
}

/** A reset token as the e-mailed link carries it (requested server-side: no rate limit). */
async function resetToken(email: string) {
  await t.auth.api.requestPasswordReset({ body: { email, redirectTo: "/login" } });
  await t.outbox.deliverPending();
  const message = t.mailer.outbox.at(-1)!;
  expect(message.to).toBe(email);
  return message.text.match(/token=([\w.-]+)/)![1]!;
}

function expectWeak(response: { statusCode: number; json(): unknown }, field: string, ...reasons: string[]) {
  expect(response.statusCode).toBe(400);
  const { error } = response.json() as { error: { code: string; title: string; message: string; fields: Record<string, string> } };
  expect(error).toMatchObject({ code: "WEAK_PASSWORD", title: "Senha fraca" });
  expect(error.message).toMatch(/^Senha fraca: \S/);
  for (const reason of reasons) expect(error.message).toContain(reason);
  expect(error.fields[field]).toBe(error.message);
}

describe("the strength checker", () => {
  it("gives zxcvbn's pt-BR reasons and counts personal data and the company's name as guessable", async () => {
    const common = await checkPasswordStrength("senha123");
    expect(common.ok).toBe(false);
    expect(common.reasons).toContain("Esta é uma senha comumente usada.");
    expect(common.reasons.every((r) => /[.!?]$/.test(r))).toBe(true);

    expect((await checkPasswordStrength("Sentinela2026")).reasons[0]).toBe("A senha não deve conter seus dados pessoais nem o nome da empresa ou do portal.");
    const inputs = passwordUserInputs({ email: "joana.prado@teste.local", name: ["Joana Prado"], numbers: ["529.982.247-25"] });
    expect((await checkPasswordStrength("JoanaPrado", inputs)).ok).toBe(false);
    expect((await checkPasswordStrength("52998224725", inputs)).ok).toBe(false);
    // The same digits are fine for someone else: they are guessable only as this user's CPF.
    expect((await checkPasswordStrength("52998224725", passwordUserInputs())).ok).toBe(true);
  });

  // The demo data's password is checked beside the demo generator (scripts/demo/data.test.ts).
  it("accepts the passwords the seeds and the test harness set", async () => {
    const inputs = passwordUserInputs({ email: ADMIN.email, name: ["Administrador"] });
    for (const password of [ADMIN.password, "senha-de-teste-1"]) {
      const verdict = await checkPasswordStrength(password, inputs);
      expect(verdict.score, password).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    }
  });
});

describe("weak passwords are refused with the reasons, on top of the minimum length", () => {
  it("on the password page (first access): nothing changes", async () => {
    await createUser("joana.prado@teste.local", "Joana Prado", "provisoria-da-joana-1", false);
    const cookie = await signIn(t, "joana.prado@teste.local", "provisoria-da-joana-1");

    // The spec's length message still comes first.
    const short = await post("/api/me/senha", { novaSenha: "12345", confirmacao: "12345" }, cookie);
    expect(short.json().error).toMatchObject({ title: "Senha muito curta", message: "A nova senha deve ter pelo menos 6 caracteres." });

    expectWeak(await post("/api/me/senha", { novaSenha: "123456", confirmacao: "123456" }, cookie), "novaSenha", "Esta é uma senha muito usada.");
    expectWeak(
      await post("/api/me/senha", { novaSenha: "JoanaPrado", confirmacao: "JoanaPrado" }, cookie),
      "novaSenha",
      "A senha não deve conter seus dados pessoais",
    );

    expect((await me(cookie)).json().profile).toMatchObject({ status: "pendente_confirmacao", primeiro_acesso_concluido: false });
    await signIn(t, "joana.prado@teste.local", "provisoria-da-joana-1");
    expect((await post("/api/auth/sign-in/email", { email: "joana.prado@teste.local", password: "JoanaPrado" })).statusCode).toBe(401);

    const strong = await post("/api/me/senha", { novaSenha: "girassol-na-janela", confirmacao: "girassol-na-janela" }, cookie);
    expect(strong.statusCode).toBe(204);
  });

  it("on the reset link: the token stays usable and the old password still works", async () => {
    await createUser("renato.lima@teste.local", "Renato Lima", "senha-do-renato-1");
    const session = await signIn(t, "renato.lima@teste.local", "senha-do-renato-1");
    const token = await resetToken("renato.lima@teste.local");

    const short = await post("/api/auth/reset-password", { newPassword: "abc", token });
    expect(short.json().error).toMatchObject({ title: "Senha muito curta", message: "A nova senha deve ter pelo menos 6 caracteres." });
    expectWeak(await post("/api/auth/reset-password", { newPassword: "qwerty123", token }), "newPassword", "Esta é uma senha comumente usada.");
    // The user behind the token counts: their own name is guessable.
    expectWeak(await post("/api/auth/reset-password", { newPassword: "renatolima", token }), "newPassword", "dados pessoais");
    // Neither a trailing slash nor the token in the query string skips the check.
    expectWeak(await post("/api/auth/reset-password/", { newPassword: "senha123", token }), "newPassword");
    expectWeak(await post(`/api/auth/reset-password?token=${token}`, { newPassword: "senha123" }), "newPassword");

    await signIn(t, "renato.lima@teste.local", "senha-do-renato-1");
    expect((await me(session)).statusCode).toBe(200); // a refused reset ends no session

    expect((await post("/api/auth/reset-password", { newPassword: "bicicleta-azul-no-muro", token })).statusCode).toBe(200);
    await signIn(t, "renato.lima@teste.local", "bicicleta-azul-no-muro");
  });

  it("on user creation by an administrator: no user is created", async () => {
    const payload = { nome_completo: "Bruno Costa", email: "bruno.costa@teste.local", cpf: "529.982.247-25" };
    const short = await post("/api/usuarios", { ...payload, senha: "12345" }, admin);
    expect(short.json().error).toMatchObject({ title: "Senha curta", message: "A senha deve ter pelo menos 6 caracteres." });
    expectWeak(await post("/api/usuarios", { ...payload, senha: "123456" }, admin), "senha", "Esta é uma senha muito usada.");
    expectWeak(await post("/api/usuarios", { ...payload, senha: "BrunoCosta" }, admin), "senha", "dados pessoais");
    expectWeak(await post("/api/usuarios", { ...payload, senha: "52998224725" }, admin), "senha");
    expectWeak(await post("/api/usuarios", { ...payload, senha: "sentinela123" }, admin), "senha", "nome da empresa");

    const db = t.database.db;
    expect(await db.select().from(usuarios).where(eq(usuarios.email, payload.email))).toHaveLength(0);
    expect(await db.select().from(user).where(eq(user.email, payload.email))).toHaveLength(0);

    const created = await post("/api/usuarios", { ...payload, senha: "mesa-de-madeira-7" }, admin);
    expect(created.statusCode).toBe(201);
  });

  it("offers no other way to set a password (better-auth's change-password is off)", async () => {
    const { cookie, password } = await userWithPermissions(t, "sem-atalho@teste.local", []);
    const response = await post("/api/auth/change-password", { currentPassword: password, newPassword: "123456" }, cookie);
    expect(response.statusCode).toBe(404);
    await signIn(t, "sem-atalho@teste.local", password);
  });
});

describe("the first administrator's password", () => {
  it("refuses a weak ADMIN_PASSWORD at the first start, and generates a strong one when none is given", async () => {
    const database = await openTestDatabase();
    try {
      const portal = await buildApp(testConfig(), { database });
      await expect(seed(database.db, portal.auth, { email: "chefe@teste.local", password: "sentinela2026" })).rejects.toThrow(ConfigError);
      expect(await database.db.select().from(usuarios)).toHaveLength(0);

      const result = await seed(database.db, portal.auth, { email: "chefe@teste.local" });
      const generated = result.createdAdmin!.password;
      expect((await checkPasswordStrength(generated)).ok).toBe(true);
      await portal.app.close();
    } finally {
      await database.dispose();
    }
  });
});
