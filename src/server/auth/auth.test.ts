import { and, eq, like } from "drizzle-orm";
import { PERMISSION_NAMES } from "@shared/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filaEmails, session, usuarios, verification } from "../db/schema";
import { ADMIN, createTestApp, databaseSnapshot, signIn, TEST_ORIGIN, type TestApp } from "../testing/harness";
import { createAuthUser } from "./accounts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });
const me = (cookie?: string) => t.app.inject({ method: "GET", url: "/api/me", headers: cookie ? { cookie } : {} });
const sessionsOf = (userId: string) => t.database.db.select().from(session).where(eq(session.userId, userId));
const LINK_INVALID = { title: "Erro ao alterar senha", message: "O link de recuperação é inválido ou expirou. Solicite um novo link." };

/** A Portaria Web user as an administrator would create it (pending, first access not done). */
async function createUser(email: string, password: string, status = "pendente_confirmacao", firstAccessDone = false) {
  const user = await createAuthUser(t.auth, { email, name: email.split("@")[0]!, password });
  await t.database.db.insert(usuarios).values({
    auth_user_id: user.id,
    nome_completo: `Usuário ${email}`,
    email,
    status,
    primeiro_acesso_concluido: firstAccessDone,
  });
  return user;
}

describe("sign-in", () => {
  it("signs the admin in and /api/me returns the profile with every permission", async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password);
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe(ADMIN.email);
    expect(body.profile).toMatchObject({ status: "ativo", primeiro_acesso_concluido: true });
    expect(body.profile.grupos.map((g: { nome_grupo: string }) => g.nome_grupo)).toEqual(["Administrador"]);
    expect(body.profile.permissions).toContain("gerenciar_usuarios_portaria");
    expect([...body.profile.permissions].sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  it("refuses a wrong password with the spec's message", async () => {
    const response = await post("/api/auth/sign-in/email", { email: ADMIN.email, password: "errada-123" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ title: "Erro de autenticação", message: "Email ou senha incorretos." });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses empty fields with 'Campos obrigatórios'", async () => {
    const response = await post("/api/auth/sign-in/email", { email: "", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ title: "Campos obrigatórios", message: "Por favor, preencha email e senha." });
  });

  it.each(["inativo", "bloqueado"])("refuses an account with status %s and creates no session", async (status) => {
    const user = await createUser(`${status}@teste.local`, "senha-boa-123", status, true);
    const response = await post("/api/auth/sign-in/email", { email: `${status}@teste.local`, password: "senha-boa-123" });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.title).toBe("Erro de autenticação");
    const sessions = await t.database.db.select().from(session).where(eq(session.userId, user.id));
    expect(sessions).toHaveLength(0);
  });

  it("has no public sign-up", async () => {
    const response = await post("/api/auth/sign-up/email", { email: "novo@teste.local", password: "senha-123456", name: "Novo" });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const login = await post("/api/auth/sign-in/email", { email: "novo@teste.local", password: "senha-123456" });
    expect(login.statusCode).toBe(401);
  });

  it("refuses a state-changing request without a trusted Origin", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "http://evil.example" },
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("session", () => {
  it("answers 401 on /api/me without a session", async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("ends the session on sign-out", async () => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await post("/api/auth/sign-out", {}, cookie)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  // Deactivated on another instance (straight in the database): see src/server/cache.test.ts.
  it("ends an open session when an administrator deactivates the account", async () => {
    await createUser("vai-sair@teste.local", "senha-boa-123", "ativo", true);
    const cookie = await signIn(t, "vai-sair@teste.local", "senha-boa-123");
    expect((await me(cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, "vai-sair@teste.local"));
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/usuarios/${row!.id}/status`,
      headers: { origin: TEST_ORIGIN, cookie: admin },
      payload: { status: "inativo" },
    });
    expect(patch.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe("first access", () => {
  it("lets a new user sign in, set a password, and become ativo with first access done", async () => {
    await createUser("novato@teste.local", "provisoria-1");
    const cookie = await signIn(t, "novato@teste.local", "provisoria-1");
    const before = (await me(cookie)).json();
    expect(before.profile).toMatchObject({ status: "pendente_confirmacao", primeiro_acesso_concluido: false });

    const short = await post("/api/me/senha", { novaSenha: "123", confirmacao: "123" }, cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ title: "Senha muito curta", message: "A nova senha deve ter pelo menos 6 caracteres." });

    const mismatch = await post("/api/me/senha", { novaSenha: "nova-senha-1", confirmacao: "outra-senha" }, cookie);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      title: "Senhas não conferem",
      message: "A nova senha e a confirmação de senha devem ser iguais.",
    });
    expect((await me(cookie)).json().profile.primeiro_acesso_concluido).toBe(false);

    const ok = await post("/api/me/senha", { novaSenha: "nova-senha-1", confirmacao: "nova-senha-1" }, cookie);
    expect(ok.statusCode).toBe(204);
    expect((await me(cookie)).json().profile).toMatchObject({ status: "ativo", primeiro_acesso_concluido: true });

    expect((await post("/api/auth/sign-in/email", { email: "novato@teste.local", password: "provisoria-1" })).statusCode).toBe(401);
    await signIn(t, "novato@teste.local", "nova-senha-1");
  });

  it("refuses to change a password without a session", async () => {
    const response = await post("/api/me/senha", { novaSenha: "nova-senha-1", confirmacao: "nova-senha-1" });
    expect(response.statusCode).toBe(401);
  });

  it("a password change ends the user's other sessions and keeps the current one", async () => {
    const user = await createUser("troca@teste.local", "senha-de-hoje-1", "ativo", true);
    const other = await createUser("vizinho@teste.local", "senha-do-vizinho-1", "ativo", true);
    const current = await signIn(t, "troca@teste.local", "senha-de-hoje-1");
    const laptop = await signIn(t, "troca@teste.local", "senha-de-hoje-1");
    const phone = await signIn(t, "troca@teste.local", "senha-de-hoje-1");
    const neighbour = await signIn(t, "vizinho@teste.local", "senha-do-vizinho-1");
    expect(await sessionsOf(user.id)).toHaveLength(3);

    const changed = await post("/api/me/senha", { senhaAtual: "senha-de-hoje-1", novaSenha: "senha-de-amanha-2", confirmacao: "senha-de-amanha-2" }, current);
    expect(changed.statusCode).toBe(204);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    // Someone else's session is untouched.
    expect((await me(neighbour)).statusCode).toBe(200);
    expect(await sessionsOf(other.id)).toHaveLength(1);
  });
});

describe("password recovery", () => {
  // better-auth may send the recovery e-mail after answering: wait for a message to `to` not
  // read before (its link and the end of the earlier links are committed together, auth.ts).
  const read = new Set<unknown>();
  const lastLink = async (to: string) => {
    for (let tries = 0; tries < 100; tries++) {
      await t.outbox.deliverPending();
      const message = t.mailer.outbox.findLast((m) => m.to === to && !read.has(m));
      if (message) {
        read.add(message);
        const match = message.text.match(/https?:\/\/\S+token=([\w.-]+)/);
        return { message, token: match?.[1] };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { message: undefined, token: undefined };
  };

  it("sends a pt-BR e-mail with a working link, and the token works once", async () => {
    const user = await createUser("esqueci@teste.local", "antiga-senha-1", "ativo", true);
    const oldSession = await signIn(t, "esqueci@teste.local", "antiga-senha-1");
    const otherSession = await signIn(t, "esqueci@teste.local", "antiga-senha-1");
    const sent = await post("/api/auth/request-password-reset", { email: "esqueci@teste.local", redirectTo: "/login" });
    expect(sent.statusCode).toBe(200);
    const { message, token } = await lastLink("esqueci@teste.local");
    expect(message?.to).toBe("esqueci@teste.local");
    expect(message?.subject).toBe("Redefinição de senha");
    expect(message?.html).toContain(`${TEST_ORIGIN}/portaria-web/alterar-senha?token=`);
    expect(token).toBeTruthy();

    const reset = await post("/api/auth/reset-password", { newPassword: "nova-senha-2", token: token! });
    expect(reset.statusCode).toBe(200);
    // Every session of the account ends when the password is reset (the reset opens none).
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await me(otherSession)).statusCode).toBe(401);
    expect(await sessionsOf(user.id)).toHaveLength(0);
    await signIn(t, "esqueci@teste.local", "nova-senha-2");

    // Single use: the same link again is refused and changes nothing.
    const again = await post("/api/auth/reset-password", { newPassword: "nova-senha-3", token: token! });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject(LINK_INVALID);
    await signIn(t, "esqueci@teste.local", "nova-senha-2");
    expect((await post("/api/auth/sign-in/email", { email: "esqueci@teste.local", password: "nova-senha-3" })).statusCode).toBe(401);
  });

  it("makes the link valid for 1 hour, and refuses it once expired", async () => {
    const user = await createUser("atrasado@teste.local", "senha-de-antes-1", "ativo", true);
    const requestedAt = Date.now();
    expect((await post("/api/auth/request-password-reset", { email: "atrasado@teste.local" })).statusCode).toBe(200);
    const { token } = await lastLink("atrasado@teste.local");
    const [row] = await t.database.db
      .select()
      .from(verification)
      .where(and(eq(verification.value, user.id), like(verification.identifier, "reset-password:%")));
    expect(row).toBeDefined();
    const hour = 60 * 60 * 1000;
    expect(row!.expiresAt.getTime()).toBeGreaterThan(requestedAt + hour - 60_000);
    expect(row!.expiresAt.getTime()).toBeLessThan(Date.now() + hour + 60_000);

    // An hour later (the row's expiry moved to the past): refused, the password is unchanged.
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row!.id));
    const late = await post("/api/auth/reset-password", { newPassword: "senha-atrasada-2", token: token! });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject(LINK_INVALID);
    await signIn(t, "atrasado@teste.local", "senha-de-antes-1");
    expect((await post("/api/auth/sign-in/email", { email: "atrasado@teste.local", password: "senha-atrasada-2" })).statusCode).toBe(401);
  });

  it("refuses a made-up token with the link message", async () => {
    const response = await post("/api/auth/reset-password", { newPassword: "senha-inventada-1", token: "nao-existe-123" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject(LINK_INVALID);
  });

  it("answers exactly the same for a known, an unknown and an inativo e-mail (no account discovery)", async () => {
    await createUser("conhecido@teste.local", "senha-conhecida-1", "ativo", true);
    await createUser("desligado@teste.local", "senha-desligada-1", "inativo", true);
    const ask = async (email: string) => {
      const response = await post("/api/auth/request-password-reset", { email, redirectTo: "/login" });
      // The date and the request's own id differ from one answer to the next, whoever asks.
      const { date: _date, "x-request-id": _id, ...headers } = response.headers;
      return { status: response.statusCode, body: response.body, headers };
    };
    const known = await ask("conhecido@teste.local");
    await t.outbox.deliverPending();
    const before = t.mailer.outbox.length;
    const unknown = await ask("ninguem@teste.local");
    await t.outbox.deliverPending();
    expect(t.mailer.outbox.length).toBe(before); // nothing is sent to an address with no account
    const inactive = await ask("desligado@teste.local");
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(inactive).toEqual(known);
    expect(known.headers["set-cookie"]).toBeUndefined();
  });

  it("keeps one live link per account: a new one ends the earlier, using one ends them all", async () => {
    const user = await createUser("dois-links@teste.local", "Senha-Antiga-Dois-1", "ativo", true);
    // Requested server-side: the per-address HTTP limit of this file's other tests does not apply.
    const ask = () => t.auth.api.requestPasswordReset({ body: { email: "dois-links@teste.local" } });
    let client = 0;
    const reset = (token: string, newPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        remoteAddress: `198.51.100.${++client}`,
        headers: { origin: TEST_ORIGIN },
        payload: { token, newPassword },
      });
    await ask();
    const first = (await lastLink("dois-links@teste.local")).token!;
    await ask();
    const second = (await lastLink("dois-links@teste.local")).token!;
    expect(second).not.toBe(first);

    const stale = await reset(first, "Senha-Do-Primeiro-2");
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toMatchObject(LINK_INVALID);

    // A link better-auth would still honour (issued around the rule, e.g. by an older instance).
    await t.database.db.insert(verification).values({
      id: "link-paralelo",
      identifier: "reset-password:link-paralelo-123",
      value: user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await reset(second, "Senha-Do-Segundo-3")).statusCode).toBe(200);
    const parallel = await reset("link-paralelo-123", "Senha-Do-Paralelo-4");
    expect(parallel.json().error).toMatchObject(LINK_INVALID);
    await signIn(t, "dois-links@teste.local", "Senha-Do-Segundo-3");
  });

  it("answers before any e-mail is sent: the request only queues it", async () => {
    await createUser("fila@teste.local", "Senha-Da-Fila-1", "ativo", true);
    const sentBefore = t.mailer.outbox.length;
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      remoteAddress: "198.51.100.77",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "fila@teste.local" },
    });
    expect(answer.statusCode).toBe(200);
    expect(t.mailer.outbox.length).toBe(sentBefore);
    const [queued] = await t.database.db.select().from(filaEmails).where(eq(filaEmails.destinatario, "fila@teste.local"));
    expect(queued).toMatchObject({ tipo: "recuperacao_senha", assunto: "Redefinição de senha" });
    await t.outbox.deliverPending();
    expect(t.mailer.outbox.length).toBe(sentBefore + 1);
    const [sent] = await t.database.db.select().from(filaEmails).where(eq(filaEmails.id, queued!.id));
    // Sent: kept for the record without the link.
    expect(sent).toMatchObject({ status: "enviado", texto: "", html: "" });
    expect(sent!.enviado_em).toBeInstanceOf(Date);
  });

  it("refuses an empty e-mail with 'Email obrigatório'", async () => {
    const response = await post("/api/auth/request-password-reset", { email: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ title: "Email obrigatório", message: "Por favor, informe o email para recuperação." });
  });
});

describe("the auth endpoints the screens do not use", () => {
  it.each([
    ["POST", "/api/auth/verify-password", { password: ADMIN.password }],
    ["POST", "/api/auth/update-user", { name: "Outro Nome" }],
    ["POST", "/api/auth/change-email", { newEmail: "tomado@teste.local" }],
    ["POST", "/api/auth/change-password", { currentPassword: ADMIN.password, newPassword: "Trocada-Por-Fora-1" }],
    ["POST", "/api/auth/sign-up/email", { email: "intruso@teste.local", password: "Intruso-Senha-1", name: "Intruso" }],
    ["POST", "/api/auth/revoke-sessions", {}],
    ["POST", "/api/auth/delete-user", {}],
    ["GET", "/api/auth/get-session", undefined],
    ["GET", "/api/auth/list-sessions", undefined],
    ["GET", "/api/auth/ok", undefined],
  ] as const)("%s %s answers 404 and changes nothing, even with a session", async (method, url, payload) => {
    const cookie = await signIn(t, ADMIN.email, ADMIN.password);
    const before = await databaseSnapshot(t);
    const response = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: "NOT_FOUND" });
    expect(await databaseSnapshot(t)).toEqual(before);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});
