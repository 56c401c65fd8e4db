import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_TEXTOS, NOTIFICACAO_TEXTOS } from "@shared/schemas/notificacoes";
import { SOLICITACOES_TEXTOS } from "@shared/schemas/solicitacoes";
import { linksResposta, moradorPreferencias, moradores, notificacoes, pushInscricoes } from "../../db/schema";
import { CANAL_TEMPO_REAL } from "../../realtime";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, residentWithAccount, signIn, userWithPermissions } from "../../testing/harness";
import { esperar } from "../../testing/fakes/http";
import { saoPauloWallClockMs } from "@shared/time";
import { iniciarPushFalso } from "../../testing/fakes/web-push";
import { iniciarSmsFalso } from "../../testing/fakes/sms";
import { iniciarWhatsAppFalso } from "../../testing/fakes/whatsapp";
import { assinarLink } from "./links";

// The resident's notices (gate-operation-spec §3.3, §3.4) as the residents, the console and the
// providers see them: push at once, WhatsApp only after 15 s without an answer and SMS after 30 s
// (here scaled down by `cascataEscala`), nothing more once someone answers, a provider's refusal
// shown on the request, and the password-less answer link that works once.

const ESCALA = 0.1; // WhatsApp after 1.5 s, SMS after 3 s
const MODELO = "visitante_na_portaria";
const push = await iniciarPushFalso();
const whatsapp = await iniciarWhatsAppFalso({ token: "token-do-whatsapp", phoneNumberId: "109876543210", modelos: [MODELO] });
const sms = await iniciarSmsFalso({ token: "token-do-sms" });
const t = await createTestApp({
  notificacoes: {
    whatsapp: { apiUrl: whatsapp.url, versao: "v21.0", phoneNumberId: "109876543210", token: "token-do-whatsapp", template: MODELO },
    sms: { apiUrl: sms.url, token: "token-do-sms", from: "Sentinela" },
    email: true,
    cascataEscala: ESCALA,
    varreduraMs: 100,
    pushCa: push.ca,
  },
});
afterAll(async () => {
  await t.close();
  await Promise.all([push.close(), whatsapp.close(), sms.close()]);
});

let admin: string;
const ids = { condominio: "", unidade: "", vizinha: "" };
let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  const fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Avisa" })).id;
  const unidade = async (numero_unidade: string) => (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "B", numero_unidade })).id;
  ids.unidade = await unidade("201");
  ids.vizinha = await unidade("202");
  porteiro = await userWithPermissions(t, "porteiro.avisa@teste.local", ["registrar_acesso_visitante"], [ids.condominio]);
});

let seq = 0;
/** A resident with an account, a mobile and a browser subscribed on the fake push service; alone in a new unit unless given one. */
async function morador(opcoes: { celular?: string; unidadeId?: string } = {}) {
  seq++;
  const unidadeId =
    opcoes.unidadeId ?? (await new Fixtures(t, admin).criar("/api/unidades", { condominio_id: ids.condominio, bloco: "C", numero_unidade: `${300 + seq}` })).id;
  const email = `morador${seq}.avisa@teste.local`;
  const r = await residentWithAccount(t, email, unidadeId);
  await t.database.db
    .update(moradores)
    .set({ telefone_celular: opcoes.celular ?? `(11) 9${String(8000_0000 + seq).padStart(8, "0")}` })
    .where(eq(moradores.id, r.moradorId));
  const inscricao = push.inscricao();
  await t.database.db
    .insert(pushInscricoes)
    .values({ auth_user_id: r.authUserId, endpoint: inscricao.endpoint, p256dh: inscricao.keys.p256dh, auth: inscricao.keys.auth });
  return {
    ...r,
    email,
    unidadeId,
    endpoint: inscricao.endpoint,
    celular: `55${(opcoes.celular ?? `(11) 9${String(8000_0000 + seq).padStart(8, "0")}`).replace(/\D/g, "")}`,
  };
}

async function pedir(unidadeId: string, nome = "Vera Visitante") {
  const antes = Date.now();
  const response = await request(t, "POST", "/api/controle-acesso/solicitacoes", {
    cookie: porteiro.cookie,
    payload: { condominio_id: ids.condominio, unidade_id: unidadeId, tipo_pessoa: "visitante", nome_visitante: nome },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, unidade: response.json().unidade as string, antes };
}

const linhas = (referencia: string) => t.database.db.select().from(notificacoes).where(eq(notificacoes.referencia_id, referencia)).orderBy(notificacoes.canal);

async function ate<T>(condicao: () => Promise<T | undefined | false> | T | undefined | false, ms = 5000): Promise<T> {
  const limite = Date.now() + ms;
  for (;;) {
    const valor = await condicao();
    if (valor) return valor;
    if (Date.now() > limite) throw new Error("esperou demais");
    await esperar(20);
  }
}

/** The answer link the e-mail carried to `to`. */
async function linkDoEmail(to: string): Promise<string> {
  await t.outbox.deliverPending();
  const mail = await ate(() => [...t.mailer.outbox].reverse().find((m) => m.to === to));
  return new URL(/https?:\/\/\S+\/morador\/resposta\?token=[^\s"<]+/.exec(mail.text)![0]).searchParams.get("token")!;
}

describe("the cascade", () => {
  it("pushes at once, WhatsApp after 15 s and SMS after 30 s (scaled) without an answer", async () => {
    const ana = await morador();
    const { id, unidade, antes } = await pedir(ana.unidadeId, "Paulo Entregador");

    // Push: within a second, with the §3.4 texts, decrypted as the browser would.
    const recebido = await ate(() => push.recebidos.find((p) => p.endpoint === ana.endpoint));
    expect(recebido.recebidoEm - antes).toBeLessThan(1000);
    expect(recebido.payload).toStrictEqual({
      title: NOTIFICACAO_TEXTOS.solicitacaoTitulo,
      body: NOTIFICACAO_TEXTOS.solicitacaoCorpo("Paulo Entregador", unidade),
      url: `/morador?unidade=${ana.unidadeId}`,
      tag: `solicitacao-${id}`,
    });
    expect(recebido.ttl).toBe(60);
    // Not yet WhatsApp nor SMS.
    expect(whatsapp.recebidas.filter((m) => m.to === ana.celular)).toHaveLength(0);

    // WhatsApp: the approved template, in pt_BR, with name, unit and the answer link; not before its step.
    const wa = await ate(() => whatsapp.recebidas.find((m) => m.to === ana.celular));
    expect(wa.recebidaEm - antes).toBeGreaterThanOrEqual(15 * ESCALA * 1000 - 50);
    expect(wa.type).toBe("template");
    expect(wa.template?.name).toBe(MODELO);
    expect(wa.template?.language.code).toBe("pt_BR");
    const parametros = wa.template!.components![0]!.parameters.map((p) => p.text);
    expect(parametros[0]).toBe("Paulo Entregador");
    expect(parametros[2]).toMatch(/\/morador\/resposta\?token=/);
    expect(sms.recebidas.filter((m) => m.to === ana.celular)).toHaveLength(0);

    const texto = await ate(() => sms.recebidas.find((m) => m.to === ana.celular));
    expect(texto.recebidaEm - antes).toBeGreaterThanOrEqual(30 * ESCALA * 1000 - 50);
    expect(texto.text).toContain(NOTIFICACAO_TEXTOS.solicitacaoCorpo("Paulo Entregador", wa.template!.components![0]!.parameters[1]!.text));
    expect(texto.text).toMatch(/\/morador\/resposta\?token=/);

    // The queue: each channel once, sent; the wamid kept for the status callbacks.
    await ate(async () => (await linhas(id)).every((l) => l.estado === "enviada"));
    const escritas = await linhas(id);
    expect(escritas.map((l) => [l.canal, l.estado])).toStrictEqual([
      ["app", "enviada"],
      ["email", "enviada"],
      ["push", "enviada"],
      ["sms", "enviada"],
      ["whatsapp", "enviada"],
    ]);
    expect(escritas.find((l) => l.canal === "whatsapp")!.id_externo).toBe(wa.id);
    // The e-mail, through the portal's outbox, with its own link.
    expect(await linkDoEmail(ana.email)).toMatch(/^[0-9a-f-]{36}\./);
  });

  it("sends nothing more once someone answers", async () => {
    const bia = await morador();
    const caio = await morador({ unidadeId: bia.unidadeId });
    const { id } = await pedir(bia.unidadeId);
    await ate(() => push.recebidos.find((p) => p.endpoint === caio.endpoint));
    const resposta = await request(t, "POST", "/api/morador/solicitacoes/responder", {
      cookie: bia.cookie,
      payload: { solicitacao_id: id, resposta: "liberar" },
    });
    expect(resposta.statusCode).toBe(200);
    // Past both steps: neither WhatsApp nor SMS went to anyone of the unit.
    await esperar(30 * ESCALA * 1000 + 600);
    for (const quem of [bia, caio]) {
      expect(whatsapp.recebidas.filter((m) => m.to === quem.celular)).toHaveLength(0);
      expect(sms.recebidas.filter((m) => m.to === quem.celular)).toHaveLength(0);
    }
    const estados = (await linhas(id)).filter((l) => l.canal === "whatsapp" || l.canal === "sms").map((l) => l.estado);
    expect(estados).toStrictEqual(["cancelada", "cancelada", "cancelada", "cancelada"]);
  });

  it("in quiet hours sends no WhatsApp, SMS or e-mail; the app and push still ring", async () => {
    const dora = await morador();
    // Quiet from an hour ago to an hour from now, São Paulo time (across midnight when it is late).
    const hora = (deltaH: number) => new Date(saoPauloWallClockMs(Date.now() + deltaH * 3600_000)).toISOString().slice(11, 16);
    await t.database.db.insert(moradorPreferencias).values({ morador_id: dora.moradorId, silencio_de: hora(-1), silencio_ate: hora(1) });
    const { id } = await pedir(dora.unidadeId);
    await ate(() => push.recebidos.find((p) => p.endpoint === dora.endpoint));
    expect((await linhas(id)).map((l) => l.canal)).toStrictEqual(["app", "push"]);
  });

  it("a channel turned off by the resident is not queued", async () => {
    const edu = await morador();
    await t.database.db.insert(moradorPreferencias).values({ morador_id: edu.moradorId, whatsapp: false, sms: false, email: false, push: true });
    const { id } = await pedir(edu.unidadeId);
    expect((await linhas(id)).map((l) => l.canal)).toStrictEqual(["app", "push"]);
  });

  it("shows a provider's refusal on the request, and announces it to the consoles", async () => {
    const fabio = await morador({ celular: "(11) 90000-0001" });
    whatsapp.invalido(fabio.celular);
    const ouvidos: string[] = [];
    const parar = await t.database.listen(CANAL_TEMPO_REAL, (payload) => ouvidos.push(payload ?? ""));
    try {
      const { id } = await pedir(fabio.unidadeId);
      const falha = NOTIFICACAO_TEXTOS.falhou("whatsapp", "número inválido.");
      expect(falha).toBe("WhatsApp falhou: número inválido.");
      await ate(() => ouvidos.some((o) => o.includes(falha) && o.includes(id)));
      const vista = await request(t, "GET", `/api/controle-acesso/solicitacoes/${id}`, { cookie: porteiro.cookie });
      expect(vista.json().avisos).toStrictEqual([falha]);
      const [linha] = (await linhas(id)).filter((l) => l.canal === "whatsapp");
      expect([linha!.estado, linha!.erro, linha!.tentativas]).toStrictEqual(["falhou", "número inválido.", 1]);
      // The API's own refusal was the documented one.
      expect(whatsapp.tentativas.find((x) => x.to === fabio.celular)?.status).toBe(400);
    } finally {
      await parar();
    }
  });

  it("retries a provider that fails for a while, and sends once", async () => {
    const gil = await morador();
    whatsapp.falhar(1);
    const { id } = await pedir(gil.unidadeId);
    await ate(() => whatsapp.recebidas.find((m) => m.to === gil.celular));
    const [linha] = await ate(async () => {
      const l = (await linhas(id)).filter((x) => x.canal === "whatsapp" && x.estado === "enviada");
      return l.length ? l : undefined;
    });
    expect(linha!.tentativas).toBe(2);
    expect(whatsapp.recebidas.filter((m) => m.to === gil.celular)).toHaveLength(1);
  });

  it("a push subscription the push service says is gone (410) is deleted", async () => {
    const hugo = await morador();
    push.expirar(hugo.endpoint);
    const { id } = await pedir(hugo.unidadeId);
    await ate(async () => (await linhas(id)).find((l) => l.canal === "push" && l.estado === "falhou"));
    expect(await t.database.db.select().from(pushInscricoes).where(eq(pushInscricoes.endpoint, hugo.endpoint))).toHaveLength(0);
  });
});

describe("the answer link", () => {
  const info = async (token: string) => (await request(t, "GET", `/api/morador/resposta?token=${encodeURIComponent(token)}`)).json();
  const responder = (token: string, resposta: "liberar" | "recusar" = "liberar", mensagem?: string) =>
    request(t, "POST", "/api/morador/resposta", { payload: { token, resposta, ...(mensagem ? { mensagem } : {}) } });

  it("answers once, without a password, on the link's channel; then says it was used", async () => {
    const ines = await morador();
    const { id } = await pedir(ines.unidadeId, "Joana Visita");
    const token = await linkDoEmail(ines.email);

    const antes = await info(token);
    expect(antes.situacao).toBe("valido");
    expect(antes.solicitacao).toMatchObject({
      nome_visitante: "Joana Visita",
      tipo_pessoa: "visitante",
      condominio: "Residencial Avisa",
      estado: "aguardando",
    });
    // Nobody's contacts on a page anyone holding the link can open.
    expect(JSON.stringify(antes)).not.toContain(ines.email);
    expect(JSON.stringify(antes)).not.toContain(ines.celular.slice(2));

    const primeira = await responder(token, "recusar", "Não estou em casa");
    expect(primeira.statusCode, primeira.body).toBe(200);
    expect(primeira.json()).toMatchObject({ situacao: "usado", solicitacao: { estado: "recusada", respondida_por_nome: `Morador ${ines.email}` } });
    const vista = (await request(t, "GET", `/api/controle-acesso/solicitacoes/${id}`, { cookie: porteiro.cookie })).json();
    expect(vista).toMatchObject({ estado: "recusada", canal: "email", mensagem: "Não estou em casa", respondida_por: ines.moradorId });

    const segunda = await responder(token);
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().error.message).toBe(LINK_TEXTOS.usado);
    expect((await info(token)).situacao).toBe("usado");
    // The cascade stopped: the later steps were cancelled.
    expect((await linhas(id)).filter((l) => l.canal === "sms").map((l) => l.estado)).toStrictEqual(["cancelada"]);
  });

  it("a request someone else answered says who", async () => {
    const joao = await morador();
    const kely = await morador({ unidadeId: joao.unidadeId });
    const { id } = await pedir(joao.unidadeId);
    const token = await linkDoEmail(kely.email);
    await request(t, "POST", "/api/morador/solicitacoes/responder", { cookie: joao.cookie, payload: { solicitacao_id: id, resposta: "liberar" } });
    const tarde = await responder(token, "recusar");
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().error.message).toBe(SOLICITACOES_TEXTOS.jaRespondida(`Morador ${joao.email}`));
    // The link was not used up by an answer that did not count.
    expect(await info(token)).toMatchObject({ situacao: "valido", solicitacao: { estado: "aprovada", respondida_por_nome: `Morador ${joao.email}` } });
  });

  it("a tampered, unknown, expired or empty token is 'invalido', and answers nothing", async () => {
    const lia = await morador();
    const { id } = await pedir(lia.unidadeId);
    const token = await linkDoEmail(lia.email);
    const [linkId, assinatura] = token.split(".") as [string, string];
    const outraAssinatura = `${assinatura.slice(0, -2)}${assinatura.endsWith("AA") ? "BB" : "AA"}`;
    for (const ruim of [`${linkId}.${outraAssinatura}`, `${linkId}`, "", "lixo.lixo", `00000000-0000-4000-8000-000000000000.${assinatura}`]) {
      expect((await info(ruim)).situacao, ruim).toBe("invalido");
      const r = await responder(ruim || "x");
      expect(r.statusCode, ruim).toBe(404);
      expect(r.json().error.message).toBe(LINK_TEXTOS.invalido);
    }
    // Expired with its request.
    await t.database.db
      .update(linksResposta)
      .set({ expira_em: new Date(Date.now() - 1000) })
      .where(eq(linksResposta.id, linkId));
    expect(await info(token)).toStrictEqual({ situacao: "invalido", solicitacao: null });
    expect((await responder(token)).statusCode).toBe(404);
    const vista = (await request(t, "GET", `/api/controle-acesso/solicitacoes/${id}`, { cookie: porteiro.cookie })).json();
    expect(vista.estado).toBe("aguardando");
  });

  it("never answers another unit's request: a link is bound to its request and resident by its signature", async () => {
    const mara = await morador({ unidadeId: ids.unidade });
    const nico = await morador({ unidadeId: ids.vizinha });
    const deMara = await pedir(ids.unidade);
    const deNico = await pedir(ids.vizinha);
    const tokenMara = await linkDoEmail(mara.email);
    // Mara's signature on the id of Nico's link (its request is of the other unit): refused.
    const [linkNico] = await t.database.db
      .select({ id: linksResposta.id })
      .from(linksResposta)
      .where(and(eq(linksResposta.solicitacao_id, deNico.id), eq(linksResposta.morador_id, nico.moradorId)));
    const forjado = `${linkNico!.id}.${tokenMara.split(".")[1]}`;
    expect((await info(forjado)).situacao).toBe("invalido");
    expect((await responder(forjado)).statusCode).toBe(404);
    // Mara's own link answers hers only.
    expect((await responder(tokenMara)).statusCode).toBe(200);
    const vistaNico = (await request(t, "GET", `/api/controle-acesso/solicitacoes/${deNico.id}`, { cookie: porteiro.cookie })).json();
    const vistaMara = (await request(t, "GET", `/api/controle-acesso/solicitacoes/${deMara.id}`, { cookie: porteiro.cookie })).json();
    expect([vistaNico.estado, vistaMara.estado]).toStrictEqual(["aguardando", "aprovada"]);
    expect(assinarLink(Buffer.from("x"), linkNico!.id)).not.toBe(forjado);
  });

  it("refuses bad input with a clear message, never a 500", async () => {
    const r = await request(t, "POST", "/api/morador/resposta", { payload: { token: "abc", resposta: "talvez" } });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields.resposta).toBe("Escolha liberar ou recusar.");
  });
});
