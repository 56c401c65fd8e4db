import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moradorContas } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, capturedLogs, createTestApp, databaseSnapshot, request, signIn, testConfig, userWithPermissions } from "../../testing/harness";

// Resident accounts in the Área do Morador (gate-operation-spec §3.1), as the unit's manager and
// the resident use them: the invitation by e-mail (single use, 7 days), the resident's password,
// the sign-in that reaches only their own unit(s), and access that ends at once with the resident.

const logs = capturedLogs();
// The invitation's public routes have the recovery's limit per address (5 in 5 minutes): raised
// here, where one address makes every call; the limit itself is asserted at the end.
const t = await createTestApp({ rateLimits: { ...testConfig().rateLimits, recovery: { window: 300, max: 1000 } } }, { logger: logs.logger });
afterAll(() => t.close());

let admin: string;
let fixtures: Fixtures;
const ids = { condominio: "", unidade: "", outraUnidade: "" };
const SENHA = "Sentinela#Morador-2026";

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Convite" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "C", numero_unidade: "31" })).id;
  ids.outraUnidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "C", numero_unidade: "32" })).id;
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, cookie: string | undefined = admin) =>
  request(t, method, url, { cookie, payload });

const novoMorador = async (nome_completo: string, extra: object = {}, unidade = ids.unidade) =>
  (await fixtures.criar(`/api/unidades/${unidade}/moradores`, { nome_completo, tipo_morador: "proprietario", ...extra })) as { id: string };

/** The invitation e-mailed to `email` (sent now), and the token its link carries. */
async function conviteEnviado(email: string) {
  await t.outbox.deliverPending();
  const mensagem = [...t.mailer.outbox].reverse().find((m) => m.to === email);
  expect(mensagem, `no e-mail to ${email}`).toBeDefined();
  const link = /https?:\/\/\S+\/morador\/convite\?token=([A-Za-z0-9_-]+)/.exec(mensagem!.text ?? "");
  expect(link, mensagem!.text).not.toBeNull();
  return { mensagem: mensagem!, token: decodeURIComponent(link![1]!) };
}

const aceitar = (token: string, senha = SENHA) =>
  call("POST", "/api/morador/convite", { tipo: "nova_senha", token, novaSenha: senha, confirmacao: senha }, undefined);

describe("inviting a resident", () => {
  it("e-mails a single-use link valid 7 days; the resident sets a password, signs in and reaches only their unit", async () => {
    const rita = await novoMorador("Rita Convidada", { email: "Rita.Convidada@Exemplo.com.br" });
    const convite = await call("POST", `/api/moradores/${rita.id}/convite`);
    expect(convite.statusCode, convite.body).toBe(201);
    const { conta } = convite.json();
    expect(conta).toMatchObject({ morador_id: rita.id, status: "convidado", email: "rita.convidada@exemplo.com.br", ativado_em: null });
    const dias = (new Date(conta.convite_expira_em).getTime() - Date.now()) / 86_400_000;
    expect(dias).toBeGreaterThan(6.99);
    expect(dias).toBeLessThanOrEqual(7);

    const { mensagem, token } = await conviteEnviado("rita.convidada@exemplo.com.br");
    expect(mensagem.subject).toBe("Seu acesso à Área do Morador — Residencial Convite");
    expect(mensagem.text).toContain("unidade Bloco C · 31");
    // Only the hash of the token is kept.
    const [linha] = await t.database.db.select().from(moradorContas).where(eq(moradorContas.morador_id, rita.id));
    expect(JSON.stringify(linha)).not.toContain(token);

    // The page learns who the invitation is for, nothing about anyone else.
    const info = await call("GET", `/api/morador/convite?token=${encodeURIComponent(token)}`, undefined, undefined);
    expect(info.json()).toEqual({
      valido: true,
      nome: "Rita Convidada",
      email: "rita.convidada@exemplo.com.br",
      condominio: "Residencial Convite",
      unidade: "Bloco C · 31",
      conta_existente: false,
    });

    expect((await aceitar(token)).statusCode).toBe(204);
    // Single use: the same link again is refused, and the page says it no longer works.
    const outra = await aceitar(token);
    expect(outra.statusCode).toBe(400);
    expect(outra.json().error.message).toBe("Este convite não vale mais: peça um novo à administração do condomínio.");
    expect((await call("GET", `/api/morador/convite?token=${encodeURIComponent(token)}`, undefined, undefined)).json()).toMatchObject({ valido: false });

    const cookie = await signIn(t, "rita.convidada@exemplo.com.br", SENHA);
    const me = (await call("GET", "/api/me", undefined, cookie)).json();
    expect(me).toMatchObject({ profile: null, morador: true });
    expect((await call("GET", "/api/morador/eu", undefined, cookie)).json()).toEqual({
      nome: "Rita Convidada",
      email: "rita.convidada@exemplo.com.br",
      unidades: [
        {
          morador_id: rita.id,
          unidade_id: ids.unidade,
          condominio_id: ids.condominio,
          condominio: "Residencial Convite",
          bloco: "C",
          numero_unidade: "31",
          rotulo: "Bloco C · 31",
        },
      ],
    });
    // No Portaria Web: the staff's routes refuse her.
    for (const url of ["/api/unidades", `/api/unidades/${ids.unidade}/moradores`, "/api/registros"]) {
      expect((await call("GET", url, undefined, cookie)).statusCode, url).toBe(403);
    }
    // The unit page shows the account active.
    const contas = (await call("GET", `/api/unidades/${ids.unidade}/contas-moradores`)).json().rows;
    expect(contas).toContainEqual(expect.objectContaining({ morador_id: rita.id, status: "ativo", convite_expira_em: null, ativado_em: expect.any(String) }));
    // Invited again once active: refused, nothing sent.
    const denovo = await call("POST", `/api/moradores/${rita.id}/convite`);
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().error.message).toBe("Este morador já tem acesso à Área do Morador.");
  });

  it("a new invitation replaces the one before it; an expired one does not work", async () => {
    const caio = await novoMorador("Caio Reconvidado", { email: "caio.reconvidado@exemplo.com.br" });
    await call("POST", `/api/moradores/${caio.id}/convite`);
    const primeiro = (await conviteEnviado("caio.reconvidado@exemplo.com.br")).token;
    await call("POST", `/api/moradores/${caio.id}/convite`);
    const segundo = (await conviteEnviado("caio.reconvidado@exemplo.com.br")).token;
    expect(segundo).not.toBe(primeiro);
    expect((await aceitar(primeiro)).statusCode).toBe(400);
    // Seven days pass.
    await t.database.db
      .update(moradorContas)
      .set({ convite_expira_em: new Date(Date.now() - 1000) })
      .where(eq(moradorContas.morador_id, caio.id));
    expect((await aceitar(segundo)).statusCode).toBe(400);
    expect((await call("GET", `/api/unidades/${ids.unidade}/contas-moradores`)).json().rows).toContainEqual(
      expect.objectContaining({ morador_id: caio.id, status: "convidado" }),
    );
  });

  it("refuses a resident without e-mail or inactive, a weak password, and a manager of another condominium; nothing changes", async () => {
    const semEmail = await novoMorador("Sem Email");
    const r = await call("POST", `/api/moradores/${semEmail.id}/convite`);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({
      message: "Cadastre o email do morador para convidá-lo.",
      fields: { email: "Cadastre o email do morador para convidá-lo." },
    });

    const inativo = await novoMorador("Inativo Convidado", { email: "inativo.convidado@exemplo.com.br", ativo: false });
    expect((await call("POST", `/api/moradores/${inativo.id}/convite`)).statusCode).toBe(409);

    const dora = await novoMorador("Dora Senha Fraca", { email: "dora@exemplo.com.br" });
    await call("POST", `/api/moradores/${dora.id}/convite`);
    const { token } = await conviteEnviado("dora@exemplo.com.br");
    const fraca = await aceitar(token, "dora1234");
    expect(fraca.statusCode).toBe(400);
    expect(fraca.json().error.fields).toHaveProperty("novaSenha");
    // The link still works after a refused password.
    expect((await call("GET", `/api/morador/convite?token=${token}`, undefined, undefined)).json()).toMatchObject({ valido: true });

    // A manager of another condominium: the resident does not exist for them.
    const outroCondominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Alheio" })).id;
    const gestor = await userWithPermissions(t, "gestor-alheio@teste.local", ["gerenciar_moradores_unidade"], [outroCondominio]);
    const alvo = await novoMorador("Alvo Alheio", { email: "alvo.alheio@exemplo.com.br" });
    const antes = await databaseSnapshot(t);
    expect((await call("POST", `/api/moradores/${alvo.id}/convite`, undefined, gestor.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/unidades/${ids.unidade}/contas-moradores`, undefined, gestor.cookie)).statusCode).toBe(404);
    expect(await databaseSnapshot(t)).toStrictEqual(antes);
  });
});

describe("a resident's access", () => {
  it("ends at once when the resident is deactivated, and when deleted", async () => {
    const enzo = await novoMorador("Enzo Desativado", { email: "enzo@exemplo.com.br" });
    await call("POST", `/api/moradores/${enzo.id}/convite`);
    expect((await aceitar((await conviteEnviado("enzo@exemplo.com.br")).token)).statusCode).toBe(204);
    const cookie = await signIn(t, "enzo@exemplo.com.br", SENHA);
    expect((await call("GET", "/api/morador/eu", undefined, cookie)).statusCode).toBe(200);

    const campos = { nome_completo: "Enzo Desativado", tipo_morador: "proprietario", email: "enzo@exemplo.com.br" };
    expect((await call("PUT", `/api/moradores/${enzo.id}`, { ...campos, ativo: false })).statusCode).toBe(200);
    expect((await call("GET", "/api/morador/eu", undefined, cookie)).statusCode).toBe(403);
    expect((await call("GET", "/api/me", undefined, cookie)).json()).toMatchObject({ morador: false });

    expect((await call("PUT", `/api/moradores/${enzo.id}`, { ...campos, ativo: true })).statusCode).toBe(200);
    expect((await call("GET", "/api/morador/eu", undefined, cookie)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/moradores/${enzo.id}`)).statusCode).toBe(204);
    expect((await call("GET", "/api/morador/eu", undefined, cookie)).statusCode).toBe(403);
  });

  it("a person who lives in two units accepts the second invitation with the password they have, and sees both", async () => {
    const email = "lia.duas.unidades@exemplo.com.br";
    const primeira = await novoMorador("Lia Duas Unidades", { email });
    const segunda = await novoMorador("Lia Duas Unidades", { email }, ids.outraUnidade);
    await call("POST", `/api/moradores/${primeira.id}/convite`);
    expect((await aceitar((await conviteEnviado(email)).token)).statusCode).toBe(204);

    await call("POST", `/api/moradores/${segunda.id}/convite`);
    const { token } = await conviteEnviado(email);
    expect((await call("GET", `/api/morador/convite?token=${token}`, undefined, undefined)).json()).toMatchObject({ valido: true, conta_existente: true });
    // A new password does not replace the one the account has.
    expect((await aceitar(token, "Outra#Senha-Nova-2026")).statusCode).toBe(400);
    const errada = await call("POST", "/api/morador/convite", { tipo: "senha_existente", token, senhaAtual: "nao-e-esta" }, undefined);
    expect(errada.statusCode).toBe(400);
    expect(errada.json().error.fields).toEqual({ senhaAtual: "Senha incorreta." });
    expect((await call("POST", "/api/morador/convite", { tipo: "senha_existente", token, senhaAtual: SENHA }, undefined)).statusCode).toBe(204);

    const cookie = await signIn(t, email, SENHA);
    const unidades = (await call("GET", "/api/morador/eu", undefined, cookie)).json().unidades;
    expect(unidades.map((u: { rotulo: string }) => u.rotulo)).toEqual(["Bloco C · 31", "Bloco C · 32"]);
  });

  it("never logs an invitation's token or a password", async () => {
    const texto = logs.logged();
    expect(texto).toContain("/api/morador/convite?token=");
    expect(texto).not.toContain(SENHA);
    expect(texto).not.toMatch(/convite\?token=[A-Za-z0-9_-]{5,}/);
  });
});

describe("the invitation's public routes", () => {
  it("answer an address at most 5 times in 5 minutes, then 429", async () => {
    const limitada = await createTestApp();
    try {
      const respostas = [];
      for (let i = 0; i < 6; i++) respostas.push((await limitada.app.inject({ method: "GET", url: `/api/morador/convite?token=adivinhando-${i}` })).statusCode);
      expect(respostas).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limitada.close();
    }
  });
});
