import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREFERENCIAS_TEXTOS } from "@shared/schemas/notificacoes";
import { moradores, pushInscricoes } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, residentWithAccount, signIn } from "../../testing/harness";

// The resident's 'Notificações' (gate-operation-spec §3.2) and their browsers' Web Push
// subscriptions (§3.4), as the resident's screen uses them: the defaults, saving, the schema's
// messages, never another unit, and a subscription that belongs to the person signed in.

const t = await createTestApp();
afterAll(() => t.close());

let lia: Awaited<ReturnType<typeof residentWithAccount>>;
let caio: Awaited<ReturnType<typeof residentWithAccount>>;
const ids = { unidade: "", vizinha: "" };

beforeAll(async () => {
  const admin = await signIn(t, ADMIN.email, ADMIN.password);
  const fixtures = new Fixtures(t, admin);
  const condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Avisos" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: condominio, bloco: "B", numero_unidade: "201" })).id;
  ids.vizinha = (await fixtures.criar("/api/unidades", { condominio_id: condominio, bloco: "B", numero_unidade: "202" })).id;
  lia = await residentWithAccount(t, "lia.avisos@teste.local", ids.unidade);
  caio = await residentWithAccount(t, "caio.avisos@teste.local", ids.vizinha);
});

const url = (unidadeId: string) => `/api/morador/unidades/${unidadeId}/preferencias`;
const validas = {
  push: true,
  whatsapp: false,
  sms: true,
  email: false,
  silencio_de: "22:30",
  silencio_ate: "06:45",
  regra_entregas: "liberar_sempre",
  regra_de: "09:00",
  regra_ate: "17:30",
};

describe("a resident's notification preferences", () => {
  it("start as every channel on and 'Sempre perguntar', say which channels exist and whether the record has a phone", async () => {
    const res = await request(t, "GET", url(ids.unidade), { cookie: lia.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      morador_id: lia.moradorId,
      unidade_id: ids.unidade,
      push: true,
      whatsapp: true,
      sms: true,
      email: true,
      silencio_de: null,
      silencio_ate: null,
      regra_entregas: "sempre_perguntar",
      regra_de: null,
      regra_ate: null,
      // No WhatsApp or SMS provider in the test configuration; Web Push is always on.
      canais_disponiveis: { push: true, whatsapp: false, sms: false, email: expect.any(Boolean) },
      tem_celular: false,
      tem_email: true,
    });
  });

  it("are saved and read back; a phone on the record shows", async () => {
    await t.database.db.update(moradores).set({ telefone_celular: "11987654321" }).where(eq(moradores.id, lia.moradorId));
    const salvo = await request(t, "PUT", url(ids.unidade), { cookie: lia.cookie, payload: validas });
    expect(salvo.statusCode, salvo.body).toBe(200);
    const lido = (await request(t, "GET", url(ids.unidade), { cookie: lia.cookie })).json();
    expect(lido).toMatchObject({ ...validas, tem_celular: true });
    expect(salvo.json()).toEqual(lido);

    // Back to 'Sempre perguntar': the window is not kept; empty quiet hours are none.
    const volta = await request(t, "PUT", url(ids.unidade), {
      cookie: lia.cookie,
      payload: { ...validas, silencio_de: "", silencio_ate: "", regra_entregas: "sempre_perguntar" },
    });
    expect(volta.statusCode, volta.body).toBe(200);
    expect(volta.json()).toMatchObject({ silencio_de: null, silencio_ate: null, regra_entregas: "sempre_perguntar", regra_de: null, regra_ate: null });
  });

  it("refuse bad input field by field with the schema's messages, writing nothing", async () => {
    const antes = await databaseSnapshot(t);
    const casos: [object, Record<string, string>][] = [
      [{ silencio_de: "25:00" }, { silencio_de: PREFERENCIAS_TEXTOS.horaInvalida }],
      [{ silencio_de: "7h" }, { silencio_de: PREFERENCIAS_TEXTOS.horaInvalida }],
      [{ silencio_ate: null }, { silencio_ate: PREFERENCIAS_TEXTOS.silencioPar }],
      [{ silencio_ate: "22:30" }, { silencio_ate: PREFERENCIAS_TEXTOS.horasIguais }],
      [{ regra_de: null }, { regra_de: PREFERENCIAS_TEXTOS.regraHorario }],
      [{ regra_ate: "09:00" }, { regra_ate: PREFERENCIAS_TEXTOS.horasIguais }],
      [{ regra_entregas: "as_vezes" }, { regra_entregas: "Escolha a regra das entregas." }],
      [{ push: "sim" }, { push: "Escolha sim ou não." }],
    ];
    for (const [mudanca, campos] of casos) {
      const res = await request(t, "PUT", url(ids.unidade), { cookie: lia.cookie, payload: { ...validas, ...mudanca } });
      expect(res.statusCode, JSON.stringify(mudanca)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(mudanca)).toMatchObject(campos);
    }
    expect(await databaseSnapshot(t)).toEqual(antes);
  });

  it("of another unit, or a unit that does not exist, answer 404 and write nothing", async () => {
    const antes = await databaseSnapshot(t);
    for (const unidade of [ids.vizinha, "00000000-0000-4000-8000-000000000000"]) {
      expect((await request(t, "GET", url(unidade), { cookie: lia.cookie })).statusCode).toBe(404);
      expect((await request(t, "PUT", url(unidade), { cookie: lia.cookie, payload: validas })).statusCode).toBe(404);
    }
    expect(await databaseSnapshot(t)).toEqual(antes);
    // The neighbour still has the defaults.
    expect((await request(t, "GET", url(ids.vizinha), { cookie: caio.cookie })).json()).toMatchObject({ regra_entregas: "sempre_perguntar", push: true });
  });

  it("need a resident's session", async () => {
    expect((await request(t, "GET", url(ids.unidade))).statusCode).toBe(401);
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    expect((await request(t, "GET", url(ids.unidade), { cookie: admin })).statusCode).toBe(403);
  });
});

describe("Web Push subscriptions", () => {
  const inscricao = (endpoint: string) => ({ endpoint, keys: { p256dh: "BOr7chave-publica-do-navegador", auth: "segredo-auth" } });
  const doEndpoint = (endpoint: string) => t.database.db.select().from(pushInscricoes).where(eq(pushInscricoes.endpoint, endpoint));

  it("gives the portal's VAPID public key, the same on every call", async () => {
    const a = await request(t, "GET", "/api/morador/push/chave", { cookie: lia.cookie });
    expect(a.statusCode).toBe(200);
    expect(a.json().chave_publica).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await request(t, "GET", "/api/morador/push/chave", { cookie: caio.cookie })).json()).toEqual(a.json());
  });

  it("binds a browser to the signed-in person; the same browser signed in as someone else moves to them", async () => {
    const endpoint = "https://push.exemplo.test/envio/aparelho-da-lia";
    const res = await request(t, "POST", "/api/morador/push/inscricoes", { cookie: lia.cookie, payload: inscricao(endpoint) });
    expect(res.statusCode, res.body).toBe(204);
    expect(await doEndpoint(endpoint)).toMatchObject([{ auth_user_id: lia.authUserId, p256dh: "BOr7chave-publica-do-navegador" }]);

    // Subscribing again updates the keys, no second row.
    await request(t, "POST", "/api/morador/push/inscricoes", { cookie: lia.cookie, payload: { endpoint, keys: { p256dh: "nova", auth: "novo" } } });
    expect(await doEndpoint(endpoint)).toMatchObject([{ auth_user_id: lia.authUserId, p256dh: "nova", auth: "novo" }]);

    await request(t, "POST", "/api/morador/push/inscricoes", { cookie: caio.cookie, payload: inscricao(endpoint) });
    expect(await doEndpoint(endpoint)).toMatchObject([{ auth_user_id: caio.authUserId }]);
  });

  it("removes only the person's own subscription", async () => {
    const endpoint = "https://push.exemplo.test/envio/aparelho-do-caio";
    await request(t, "POST", "/api/morador/push/inscricoes", { cookie: caio.cookie, payload: inscricao(endpoint) });

    const alheia = await request(t, "DELETE", "/api/morador/push/inscricoes", { cookie: lia.cookie, payload: { endpoint } });
    expect(alheia.statusCode).toBe(204);
    expect(await doEndpoint(endpoint)).toHaveLength(1);

    const propria = await request(t, "DELETE", "/api/morador/push/inscricoes", { cookie: caio.cookie, payload: { endpoint } });
    expect(propria.statusCode).toBe(204);
    expect(await doEndpoint(endpoint)).toHaveLength(0);
  });

  it("refuses what is not a subscription, writing nothing", async () => {
    const antes = await databaseSnapshot(t);
    for (const [payload, mensagem] of [
      [{ endpoint: "nao-e-url", keys: { p256dh: "a", auth: "b" } }, "Inscrição inválida."],
      [{ endpoint: "ftp://push.exemplo.test/x", keys: { p256dh: "a", auth: "b" } }, "Inscrição inválida."],
      [{ endpoint: "https://push.exemplo.test/x", keys: { p256dh: "", auth: "b" } }, "Inscrição inválida."],
      [{ endpoint: "https://push.exemplo.test/x" }, "Campo obrigatório."],
    ] as const) {
      const res = await request(t, "POST", "/api/morador/push/inscricoes", { cookie: lia.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().error.fields)).toContain(mensagem);
    }
    expect(await databaseSnapshot(t)).toEqual(antes);
  });
});
