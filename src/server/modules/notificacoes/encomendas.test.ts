import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diasAguardando } from "@shared/schemas/encomendas";
import { NOTIFICACAO_TEXTOS } from "@shared/schemas/notificacoes";
import { saoPauloWallClockMs } from "@shared/time";
import { encomendaEventos, encomendas, moradorPreferencias, moradores, notificacoes, pushInscricoes } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, residentWithAccount, signIn, userWithPermissions } from "../../testing/harness";
import { esperar } from "../../testing/fakes/http";
import { iniciarPushFalso } from "../../testing/fakes/web-push";
import { iniciarSmsFalso } from "../../testing/fakes/sms";
import { iniciarWhatsAppFalso } from "../../testing/fakes/whatsapp";
import { cofreDeCodigos } from "../encomendas/codigo";

// A parcel's notice (gate-operation-spec §3.4, §4; decision 0279) as the resident and the providers
// see it: the code the resident's app shows goes at once by push, e-mail and WhatsApp's parcel
// template; SMS only to whom nothing else reaches; quiet hours hold the silent channels; and a
// parcel waiting 3 days is reminded once per 3 days.

const MODELO = "encomenda_na_portaria";
const push = await iniciarPushFalso();
const whatsapp = await iniciarWhatsAppFalso({ token: "token-do-whatsapp", phoneNumberId: "109876543210", modelos: ["visitante_na_portaria", MODELO] });
const sms = await iniciarSmsFalso({ token: "token-do-sms" });
const t = await createTestApp({
  notificacoes: {
    whatsapp: {
      apiUrl: whatsapp.url,
      versao: "v21.0",
      phoneNumberId: "109876543210",
      token: "token-do-whatsapp",
      template: "visitante_na_portaria",
      templateEncomenda: MODELO,
    },
    sms: { apiUrl: sms.url, token: "token-do-sms", from: "Sentinela" },
    email: true,
    varreduraMs: 100,
    pushCa: push.ca,
  },
});
afterAll(async () => {
  await t.close();
  await Promise.all([push.close(), whatsapp.close(), sms.close()]);
});

let admin: string;
let condominioId = "";
let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  condominioId = (await new Fixtures(t, admin).criar("/api/condominios", { nome: "Residencial Pacote" })).id;
  porteiro = await userWithPermissions(t, "porteiro.pacote@teste.local", ["gerenciar_encomendas"], [condominioId]);
});

let seq = 0;
/** A resident with an account and a mobile, alone in a new unit; with a browser subscribed to push unless told otherwise. */
async function morador(opcoes: { push?: boolean } = {}) {
  seq++;
  const unidadeId = (await new Fixtures(t, admin).criar("/api/unidades", { condominio_id: condominioId, bloco: "P", numero_unidade: `${100 + seq}` })).id;
  const email = `morador${seq}.pacote@teste.local`;
  const r = await residentWithAccount(t, email, unidadeId);
  const celular = `(11) 9${String(7000_0000 + seq).padStart(8, "0")}`;
  await t.database.db.update(moradores).set({ telefone_celular: celular }).where(eq(moradores.id, r.moradorId));
  let endpoint: string | undefined;
  if (opcoes.push ?? true) {
    const inscricao = push.inscricao();
    endpoint = inscricao.endpoint;
    await t.database.db.insert(pushInscricoes).values({ auth_user_id: r.authUserId, endpoint, p256dh: inscricao.keys.p256dh, auth: inscricao.keys.auth });
  }
  return { ...r, email, unidadeId, endpoint, celular: `55${celular.replace(/\D/g, "")}` };
}

async function ate<T>(condicao: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms = 5000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await condicao();
    if (valor) return valor;
    if (Date.now() > limite) throw new Error("esperou demais");
    await esperar(20);
  }
}

async function receber(unidadeId: string, transportadora = "correios") {
  const r = await request(t, "POST", "/api/encomendas", {
    cookie: porteiro.cookie,
    payload: {
      condominio_id: condominioId,
      unidade_id: unidadeId,
      destinatario_nome: "Quem Mora Aqui",
      transportadora,
      tipo: "pacote",
    },
  });
  expect(r.statusCode).toBe(201);
  return r.json() as { id: string };
}

/** The code the resident's app shows for the parcel. */
async function codigoNoApp(m: { cookie: string; unidadeId: string }, encomendaId: string): Promise<string> {
  const r = await request(t, "GET", `/api/morador/unidades/${m.unidadeId}/encomendas`, { cookie: m.cookie });
  expect(r.statusCode).toBe(200);
  const e = (r.json() as { aguardando: { id: string; codigo: string }[] }).aguardando.find((a) => a.id === encomendaId);
  return e!.codigo;
}

const linhas = (encomendaId: string) =>
  t.database.db.select().from(notificacoes).where(eq(notificacoes.referencia_id, encomendaId)).orderBy(notificacoes.tipo, notificacoes.canal);

describe("a parcel's notice", () => {
  it("carries the app's code by push, e-mail and WhatsApp at once, and no SMS", async () => {
    const ana = await morador();
    const { id } = await receber(ana.unidadeId, "mercado_livre");
    const codigo = await codigoNoApp(ana, id);
    expect(codigo).toMatch(/^\d{6}$/);
    const corpo = NOTIFICACAO_TEXTOS.encomendaCorpo("Mercado Livre", codigo);

    const recebido = await ate(() => push.recebidos.find((p) => p.endpoint === ana.endpoint));
    expect(recebido.payload).toStrictEqual({
      title: NOTIFICACAO_TEXTOS.encomendaTitulo,
      body: corpo,
      url: `/morador/encomendas?unidade=${ana.unidadeId}`,
      tag: `encomenda-${id}`,
    });
    // Kept a day for a phone that is off; a visitor's request lasts 60 s.
    expect(recebido.ttl).toBe(86_400);

    const wa = await ate(() => whatsapp.recebidas.find((m) => m.to === ana.celular));
    expect(wa.template?.name).toBe(MODELO);
    expect(wa.template!.components![0]!.parameters.map((p) => p.text)).toStrictEqual(["Mercado Livre", codigo]);

    await t.outbox.deliverPending();
    const mail = await ate(() => t.mailer.outbox.find((m) => m.to === ana.email));
    expect(mail.subject).toBe(NOTIFICACAO_TEXTOS.encomendaTitulo);
    expect(mail.text).toContain(corpo);
    expect(mail.text).toContain(`/morador/encomendas?unidade=${ana.unidadeId}`);

    await ate(async () => (await linhas(id)).every((l) => l.estado === "enviada"));
    expect((await linhas(id)).map((l) => l.canal)).toStrictEqual(["app", "email", "push", "whatsapp"]);
    expect(sms.recebidas.filter((m) => m.to === ana.celular)).toHaveLength(0);

    // The custody says the unit was told.
    const eventos = await t.database.db.select().from(encomendaEventos).where(eq(encomendaEventos.encomenda_id, id)).orderBy(encomendaEventos.seq);
    expect(eventos.map((e) => e.tipo)).toStrictEqual(["recebida", "notificada"]);
  });

  it("reaches by SMS whom neither push nor WhatsApp reaches", async () => {
    const bia = await morador({ push: false });
    await t.database.db.insert(moradorPreferencias).values({ morador_id: bia.moradorId, whatsapp: false });
    const { id } = await receber(bia.unidadeId, "shopee");
    const codigo = await codigoNoApp(bia, id);
    const texto = await ate(() => sms.recebidas.find((m) => m.to === bia.celular));
    expect(texto.text).toBe(NOTIFICACAO_TEXTOS.encomendaCorpo("Shopee", codigo));
    expect(whatsapp.recebidas.filter((m) => m.to === bia.celular)).toHaveLength(0);
  });

  it("holds e-mail, WhatsApp and SMS until the resident's quiet hours end; the push still rings", async () => {
    const caio = await morador();
    // Quiet hours around now, São Paulo's clock: from an hour ago to two hours ahead.
    const agora = saoPauloWallClockMs(Date.now());
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    await t.database.db
      .insert(moradorPreferencias)
      .values({ morador_id: caio.moradorId, silencio_de: hhmm(agora - 3_600_000), silencio_ate: hhmm(agora + 7_200_000) });
    const { id } = await receber(caio.unidadeId);
    await ate(() => push.recebidos.find((p) => p.endpoint === caio.endpoint));
    await esperar(500);
    const escritas = await linhas(id);
    const retidas = escritas.filter((l) => l.canal === "email" || l.canal === "whatsapp");
    expect(retidas.map((l) => l.estado)).toStrictEqual(["pendente", "pendente"]);
    for (const l of retidas) {
      const espera = l.enviar_apos.getTime() - Date.now();
      expect(espera).toBeGreaterThan(60 * 60_000);
      expect(espera).toBeLessThanOrEqual(2 * 60 * 60_000 + 60_000);
    }
    expect(whatsapp.recebidas.filter((m) => m.to === caio.celular)).toHaveLength(0);
  });

  it("is not sent for a parcel handed out before its turn", async () => {
    const dani = await morador({ push: false });
    const agora = saoPauloWallClockMs(Date.now());
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    await t.database.db
      .insert(moradorPreferencias)
      .values({ morador_id: dani.moradorId, silencio_de: hhmm(agora - 3_600_000), silencio_ate: hhmm(agora + 3_600_000) });
    const { id } = await receber(dani.unidadeId);
    const codigo = await codigoNoApp(dani, id);
    const entregue = await request(t, "POST", "/api/encomendas/retirada", {
      cookie: porteiro.cookie,
      payload: { unidade_id: dani.unidadeId, encomenda_ids: [id], forma: "codigo", codigo, retirada_por_nome: "Quem Mora Aqui" },
    });
    expect(entregue.statusCode).toBe(200);
    // Its quiet hours end now: the sweep cancels what no longer has a reason to go.
    await t.database.db
      .update(notificacoes)
      .set({ proxima_tentativa_em: new Date(Date.now() - 1000) })
      .where(eq(notificacoes.referencia_id, id));
    await ate(async () => (await linhas(id)).every((l) => l.estado !== "pendente"));
    expect((await linhas(id)).filter((l) => l.canal !== "app").map((l) => l.estado)).toStrictEqual(["cancelada", "cancelada"]);
    expect(whatsapp.recebidas.filter((m) => m.to === dani.celular)).toHaveLength(0);
  });
});

describe("the reminder of a parcel waiting", () => {
  it("goes after 3 days, once, and again 3 days later, with the days waited and the code", async () => {
    const edu = await morador();
    // A parcel that came 3 days and an hour ago (inserted as the demo's history is: the code kept as the service keeps it).
    const cofre = cofreDeCodigos(t.cadeia.chave);
    const id = randomUUID();
    const codigo = "047213";
    const recebidaEm = new Date(Date.now() - 3 * 86_400_000 - 3_600_000);
    await t.database.db.insert(encomendas).values({
      id,
      condominio_id: condominioId,
      unidade_id: edu.unidadeId,
      destinatario_nome: "Edu",
      transportadora: "amazon",
      tipo: "caixa",
      recebida_em: recebidaEm,
      recebida_por_nome: "Porteiro",
      codigo_retirada_hash: cofre.hash(edu.unidadeId, codigo),
      codigo_retirada_cifrado: cofre.cifrar(id, codigo),
    });
    const lembrete = () => linhas(id).then((ls) => ls.filter((l) => l.tipo === "lembrete_encomenda"));

    expect(await t.notificacoes.lembrarEncomendas()).toBeGreaterThanOrEqual(1);
    const recebido = await ate(() => push.recebidos.find((p) => p.endpoint === edu.endpoint));
    expect(recebido.payload).toMatchObject({
      title: NOTIFICACAO_TEXTOS.lembreteTitulo,
      body: NOTIFICACAO_TEXTOS.lembreteCorpo("Amazon", diasAguardando(recebidaEm), codigo),
    });
    const primeiros = (await lembrete()).length;
    expect(primeiros).toBeGreaterThan(0);

    // Not again the same day, nor two days later.
    await t.notificacoes.lembrarEncomendas();
    await t.notificacoes.lembrarEncomendas(Date.now() + 2 * 86_400_000);
    expect(await lembrete()).toHaveLength(primeiros);
    // Three days after the last one, again.
    await t.notificacoes.lembrarEncomendas(Date.now() + 3 * 86_400_000 + 60_000);
    expect(await lembrete()).toHaveLength(2 * primeiros);
  });
});
