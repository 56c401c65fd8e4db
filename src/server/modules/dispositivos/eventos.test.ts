import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "@shared/time";
import { queryRows } from "../../db/client";
import { pessoasDispositivo } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, signIn, userWithPermissions } from "../../testing/harness";

// What devices report (gate-operation-spec §2.3), spoken to the portal as each vendor's device
// speaks it (docs/decisions/0265): Control iD's online and monitor modes, Intelbras' Modo Online.
// The device is the API client here: it posts to its integration address and reads the answer.

// The health sweep on, as in production.
const t = await createTestApp({ varreduraComandosMs: 500 });
afterAll(() => t.close());

let admin: string;
let fixtures: Fixtures;
const ids = { condominio: "", outro: "", unidade: "", rita: "", bruno: "" };

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Eventos" })).id;
  ids.outro = (await fixtures.criar("/api/condominios", { nome: "Residencial Vizinho" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "A", numero_unidade: "101" })).id;
  ids.rita = (await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo: "Rita Moradora", tipo_morador: "proprietario" })).id;
  ids.bruno = (
    await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo: "Bruno Bloqueado", tipo_morador: "inquilino", cpf: "529.982.247-25" })
  ).id;
  const bloqueio = await request(t, "POST", "/api/bloqueios", {
    cookie: admin,
    payload: { tipo: "pessoa", nome: "Bruno Bloqueado", documento_numero: "529.982.247-25", motivo: "Agressão ao porteiro", condominio_id: ids.condominio },
  });
  expect(bloqueio.statusCode, bloqueio.body).toBe(201);
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) => request(t, method, url, { cookie: admin, payload });

interface Aparelho {
  id: string;
  nome: string;
  caminho: string;
}

async function cadastrar(fabricante: "controlid" | "intelbras", condominioId = ids.condominio): Promise<Aparelho> {
  const nome = `Portão ${fabricante} ${fixtures.seq()}`;
  const created = await call("POST", "/api/dispositivos", {
    condominio_id: condominioId,
    nome,
    fabricante,
    modelo: fabricante === "controlid" ? "iDFace" : "SS 3530 MF W",
    conexao: "saida",
    portas: [
      { numero: 1, nome: "Portão social", sentido: "entrada" },
      { numero: 2, nome: "Saída", sentido: "saida" },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id, nome, caminho: new URL(created.json().url_integracao).pathname };
}

/** The synchronisation's part (§2.4) a test stands in for: the device's user `numero` is this person. */
const usuario = (aparelho: Aparelho, numero: string, chave: string) =>
  t.database.db.insert(pessoasDispositivo).values({ dispositivo_id: aparelho.id, id_no_dispositivo: numero, pessoa_chave: chave, estado: "sincronizado" });

/** A Control iD in online mode asks about an identification (form-urlencoded, as it sends). */
const online = (aparelho: Aparelho, campos: Record<string, string>, caminho = "new_user_identified.fcgi") =>
  t.app.inject({
    method: "POST",
    url: `${aparelho.caminho}/${caminho}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ device_id: "935107", portal_id: "1", time: String(Math.floor(Date.now() / 1000)), ...campos }).toString(),
  });

const monitor = (aparelho: Aparelho, caminho: string, corpo: object) =>
  t.app.inject({ method: "POST", url: `${aparelho.caminho}/api/notifications/${caminho}`, headers: { "content-type": "application/json" }, payload: corpo });

const registrosDe = async (aparelho: Aparelho) =>
  queryRows<{
    id: string;
    nome_pessoa: string;
    resultado: string;
    motivo: string | null;
    metodo: string;
    operador_nome: string;
    tipo_pessoa: string;
    sentido: string;
  }>(
    t.database.db,
    sql`select r.id, r.nome_pessoa, r.resultado, r.motivo, r.metodo, r.operador_nome, r.tipo_pessoa, r.sentido
        from portaria_web_eventos_dispositivo e join portaria_web_registros_acesso r on r.id = e.registro_id
        where e.dispositivo_id = ${aparelho.id} order by r.seq`,
  );
const eventosDe = async (aparelho: Aparelho) =>
  queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from portaria_web_eventos_dispositivo where dispositivo_id = ${aparelho.id}`);
const alarmesDe = async (aparelho: Aparelho) =>
  (
    (await call("GET", `/api/alarmes?condominio_id=${ids.condominio}&situacao=todos`)).json().alarmes as {
      dispositivo: { id: string } | null;
      mensagem: string;
      id: string;
    }[]
  ).filter((a) => a.dispositivo?.id === aparelho.id);

describe("Control iD, online mode: the portal decides with the console's rules", () => {
  it("lets a resident in by face, with the door to open, and records the device and the method", async () => {
    const aparelho = await cadastrar("controlid");
    await usuario(aparelho, "1001", `morador:${ids.rita}`);
    const resposta = await online(aparelho, { user_id: "1001", uuid: "e-1" });
    expect(resposta.statusCode, resposta.body).toBe(200);
    expect(resposta.json()).toEqual({
      result: {
        event: 7,
        user_id: 1001,
        user_name: "Rita Moradora",
        user_image: false,
        portal_id: 1,
        actions: [{ action: "door", parameters: "door=1" }],
        message: "Bem-vindo(a), Rita.",
      },
    });
    expect(await registrosDe(aparelho)).toEqual([
      expect.objectContaining({ nome_pessoa: "Rita Moradora", resultado: "liberado", metodo: "dispositivo", operador_nome: aparelho.nome, sentido: "entrada" }),
    ]);
    // She is inside: the console's 'Quem está no condomínio' shows her.
    const presentes = await call("GET", `/api/controle-acesso/presentes?condominio_id=${ids.condominio}`);
    expect(presentes.json().rows.map((r: { nome_pessoa: string }) => r.nome_pessoa)).toContain("Rita Moradora");
    // The registry shows the device spoke, and its page lists the event with who and how.
    expect((await call("GET", `/api/dispositivos/${aparelho.id}`)).json().estado).toBe("online");
    const eventos = await call("GET", `/api/dispositivos/${aparelho.id}/eventos`);
    expect(eventos.statusCode, eventos.body).toBe(200);
    expect(eventos.json().eventos).toEqual([
      expect.objectContaining({ tipo: "identificacao", pessoa: "Rita Moradora", resultado: "liberado", meio: "rosto", porta: "Portão social" }),
    ]);
  });

  it("refuses a blocked resident with the blocklist's reason on the device's screen", async () => {
    const aparelho = await cadastrar("controlid");
    await usuario(aparelho, "2002", `morador:${ids.bruno}`);
    const resposta = await online(aparelho, { user_id: "2002", uuid: "e-2" });
    const result = resposta.json().result;
    expect(result.event).toBe(6);
    expect(result.actions).toEqual([]);
    expect(result.message).toMatch(/Agressão ao porteiro/);
    expect(await registrosDe(aparelho)).toEqual([expect.objectContaining({ nome_pessoa: "Bruno Bloqueado", resultado: "negado", motivo: result.message })]);
  });

  it("refuses an identifier it does not know as 'Não identificado.' and records it", async () => {
    const aparelho = await cadastrar("controlid");
    const resposta = await online(aparelho, { user_id: "999", card_value: "123456", uuid: "e-3" });
    expect(resposta.json().result).toMatchObject({ event: 6, message: "Não identificado." });
    expect(await registrosDe(aparelho)).toEqual([
      expect.objectContaining({ tipo_pessoa: "nao_identificado", nome_pessoa: "Não identificado", resultado: "negado", motivo: "Não identificado." }),
    ]);
  });

  it("answers an identification delivered twice the same, and records it once", async () => {
    const aparelho = await cadastrar("controlid");
    await usuario(
      aparelho,
      "3003",
      `morador:${(await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo: "Caio Duplo", tipo_morador: "inquilino" })).id}`,
    );
    const [a, b] = await Promise.all([online(aparelho, { user_id: "3003", uuid: "dup-1" }), online(aparelho, { user_id: "3003", uuid: "dup-1" })]);
    const c = await online(aparelho, { user_id: "3003", uuid: "dup-1" });
    expect(a.json().result.event).toBe(7);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(await registrosDe(aparelho)).toHaveLength(1);
    expect((await eventosDe(aparelho))[0]!.n).toBe(1);
  });

  it("lets a visitor in by the invitation's QR code, counting one use, only at their own condominium", async () => {
    const visita = await call("POST", "/api/visitantes", {
      condominio_id: ids.condominio,
      unidade_id: ids.unidade,
      morador_id: ids.rita,
      nome_visitante: "Vera Visitante",
      documento_tipo: "rg",
      documento_numero: "RG5566X",
      tipo: "unica",
      // Today in São Paulo: from 21:00 there it is already tomorrow in UTC.
      valido_de: today(),
    });
    expect(visita.statusCode, visita.body).toBe(201);
    const { qr_payload } = (await call("GET", `/api/visitantes/${visita.json().id}`)).json();
    // A device of the neighbour condominium does not know this condominium's visitors.
    const vizinho = await cadastrar("controlid", ids.outro);
    expect((await online(vizinho, { qrcode_value: qr_payload, uuid: "qr-0" }, "new_qrcode.fcgi")).json().result).toMatchObject({
      event: 6,
      message: "Não identificado.",
    });

    const aparelho = await cadastrar("controlid");
    const primeira = await online(aparelho, { qrcode_value: qr_payload, uuid: "qr-1" }, "new_qrcode.fcgi");
    expect(primeira.json().result).toMatchObject({ event: 7, message: "Bem-vindo(a), Vera." });
    // A one-time pass: used up.
    const segunda = await online(aparelho, { qrcode_value: qr_payload, uuid: "qr-2" }, "new_qrcode.fcgi");
    expect(segunda.json().result.event).toBe(6);
    expect((await registrosDe(aparelho)).map((r) => r.resultado)).toEqual(["liberado", "negado"]);
  });
});

describe("Control iD, monitor mode: the device decided", () => {
  it("records what the device did, and raises the alarm when it let in someone the portal would refuse", async () => {
    const aparelho = await cadastrar("controlid");
    await usuario(aparelho, "4004", `morador:${ids.bruno}`);
    const log = { object: "access_logs", type: "inserted", values: { id: 1, time: Math.floor(Date.now() / 1000), event: 7, user_id: 4004, portal_id: 1 } };
    const resposta = await monitor(aparelho, "dao", { object_changes: [log], device_id: 935107 });
    expect(resposta.statusCode, resposta.body).toBe(200);
    // Delivered again: stored once.
    await monitor(aparelho, "dao", { object_changes: [log], device_id: 935107 });
    expect(await registrosDe(aparelho)).toEqual([expect.objectContaining({ nome_pessoa: "Bruno Bloqueado", resultado: "liberado" })]);
    const alarmes = await alarmesDe(aparelho);
    expect(alarmes).toHaveLength(1);
    expect(alarmes[0]!.mensagem).toMatch(/^Dispositivo liberou acesso que o portal recusaria: .*Agressão ao porteiro.*\.$/);
  });

  it("shows a gap in the device's numbering as 'Eventos perdidos: N'", async () => {
    const aparelho = await cadastrar("controlid");
    const linha = (id: number) => ({ object: "access_logs", type: "inserted", values: { id, time: Math.floor(Date.now() / 1000), event: 3, portal_id: 1 } });
    await monitor(aparelho, "dao", { object_changes: [linha(1)] });
    await monitor(aparelho, "dao", { object_changes: [linha(4)] });
    expect((await alarmesDe(aparelho)).map((a) => a.mensagem)).toEqual(["Eventos perdidos: 2"]);
  });

  it("raises 'Porta forçada: <porta>.' once, and 'Ciente' records who acknowledged it and when", async () => {
    const aparelho = await cadastrar("controlid");
    const alarme = { object: "alarm_logs", type: "inserted", values: { id: 7, time: Math.floor(Date.now() / 1000), cause: 1, door_id: 1 } };
    await monitor(aparelho, "dao", { object_changes: [alarme] });
    await monitor(aparelho, "dao", { object_changes: [alarme] });
    const [forcada] = await alarmesDe(aparelho);
    expect(forcada).toMatchObject({ mensagem: `Porta forçada: ${aparelho.nome} — Portão social.` });
    expect(await alarmesDe(aparelho)).toHaveLength(1);

    const operador = await userWithPermissions(t, `operador-alarmes-${fixtures.seq()}@teste.local`, ["acionar_dispositivos"], [ids.condominio]);
    const abertos = await request(t, "GET", `/api/alarmes?condominio_id=${ids.condominio}`, { cookie: operador.cookie });
    expect(abertos.json().alarmes.map((a: { id: string }) => a.id)).toContain(forcada!.id);
    const ciente = await request(t, "POST", `/api/alarmes/${forcada!.id}/ciente`, { cookie: operador.cookie });
    expect(ciente.statusCode, ciente.body).toBe(200);
    expect(ciente.json()).toMatchObject({ ciente_por_nome: expect.any(String), ciente_em: expect.any(String) });
    // A second 'Ciente' (another operator, later) does not rewrite the first.
    const denovo = await call("POST", `/api/alarmes/${forcada!.id}/ciente`);
    expect(denovo.json().ciente_em).toBe(ciente.json().ciente_em);
    expect(denovo.json().ciente_por_nome).toBe(ciente.json().ciente_por_nome);
    // No longer among the open ones.
    const depois = await request(t, "GET", `/api/alarmes?condominio_id=${ids.condominio}`, { cookie: operador.cookie });
    expect(depois.json().alarmes.map((a: { id: string }) => a.id)).not.toContain(forcada!.id);

    // An operator of another condominium neither sees it nor acknowledges it.
    const vizinho = await userWithPermissions(t, `operador-vizinho-${fixtures.seq()}@teste.local`, ["acionar_dispositivos"], [ids.outro]);
    const lista = await request(t, "GET", "/api/alarmes?situacao=todos", { cookie: vizinho.cookie });
    expect(lista.json().alarmes.map((a: { id: string }) => a.id)).not.toContain(forcada!.id);
    expect((await request(t, "POST", `/api/alarmes/${forcada!.id}/ciente`, { cookie: vizinho.cookie })).statusCode).toBe(404);
  });
});

describe("Intelbras, Modo Online", () => {
  const evento = (dados: object) =>
    [
      "--myboundary",
      "Content-Type: text/plain",
      'Content-Disposition: form-data; name="info"',
      "",
      JSON.stringify({ Events: [{ Code: "AccessControl", Action: "Pulse", Index: 0, Data: dados }], Time: "28-11-2026 21:03:00" }),
      "--myboundary--",
      "",
    ].join("\r\n");

  it("answers auth true for a resident and false for a blocked one; the keepalive answers OK", async () => {
    const aparelho = await cadastrar("intelbras");
    await usuario(aparelho, "77", `morador:${ids.rita}`);
    await usuario(aparelho, "88", `morador:${ids.bruno}`);
    const enviar = (dados: object) =>
      t.app.inject({ method: "POST", url: aparelho.caminho, headers: { "content-type": "multipart/mixed; boundary=myboundary" }, payload: evento(dados) });
    // Rita is inside already (the first test let her in): a device lets her in again, one presence.
    const rita = await enviar({ RecNo: 10, UTC: Math.floor(Date.now() / 1000), UserID: "77", Method: 15, Door: 0, Type: "Entry" });
    expect(rita.json()).toEqual({ message: "Bem-vindo(a), Rita.", code: "200", auth: "true" });
    const bruno = await enviar({ RecNo: 11, UTC: Math.floor(Date.now() / 1000), UserID: "88", Method: 1, CardNo: "AB12", Door: 0, Type: "Entry" });
    expect(bruno.json()).toMatchObject({ code: "200", auth: "false", message: expect.stringMatching(/Agressão ao porteiro/) });
    const keepalive = await t.app.inject({ method: "GET", url: aparelho.caminho });
    expect(keepalive.statusCode).toBe(200);
    expect(keepalive.body).toBe("OK");
  });
});

describe("a card the portal knows and the device does not (§2.4, decision 0267)", () => {
  // Rita's card: registered in the portal, not yet on the devices (before the sync reaches them).
  beforeAll(async () => {
    expect((await call("POST", `/api/moradores/${ids.rita}/cartoes`, { tipo: "cartao", numero: "77001" })).statusCode).toBe(201);
  });

  it("Control iD: the card's number is looked up in the residents' registry of the device's condominium", async () => {
    const aparelho = await cadastrar("controlid");
    const resposta = await online(aparelho, { card_value: "0077001", uuid: "c-1" }, "new_card.fcgi");
    expect(resposta.json().result).toMatchObject({ event: 7, message: "Bem-vindo(a), Rita." });
    expect(await registrosDe(aparelho)).toEqual([expect.objectContaining({ nome_pessoa: "Rita Moradora", resultado: "liberado" })]);
    const eventos = (await call("GET", `/api/dispositivos/${aparelho.id}/eventos`)).json().eventos;
    expect(eventos).toEqual([expect.objectContaining({ pessoa: "Rita Moradora", meio: "cartão" })]);
  });

  it("a device of another condominium does not know it: 'Não identificado.'", async () => {
    const aparelho = await cadastrar("controlid", ids.outro);
    const resposta = await online(aparelho, { card_value: "77001", uuid: "c-2" }, "new_card.fcgi");
    expect(resposta.json().result).toMatchObject({ event: 6, message: "Não identificado." });
    expect(await registrosDe(aparelho)).toEqual([expect.objectContaining({ tipo_pessoa: "nao_identificado", resultado: "negado" })]);
  });

  it("Intelbras: its hexadecimal CardNo is the same number", async () => {
    const aparelho = await cadastrar("intelbras");
    const dados = { RecNo: 20, UTC: Math.floor(Date.now() / 1000), Method: 1, CardNo: (77001).toString(16).toUpperCase(), Door: 0, Type: "Entry" };
    const corpo = [
      "--myboundary",
      "Content-Type: text/plain",
      "",
      JSON.stringify({ Events: [{ Code: "AccessControl", Action: "Pulse", Index: 0, Data: dados }] }),
      "--myboundary--",
      "",
    ].join("\r\n");
    const resposta = await t.app.inject({
      method: "POST",
      url: aparelho.caminho,
      headers: { "content-type": "multipart/mixed; boundary=myboundary" },
      payload: corpo,
    });
    expect(resposta.json()).toEqual({ message: "Bem-vindo(a), Rita.", code: "200", auth: "true" });
  });
});

describe("Control iD, push mode: a device behind NAT fetches its commands", () => {
  it("hands the console's command to the device once, and its result and door events complete it", async () => {
    const aparelho = await cadastrar("controlid");
    const pedir = (chave: string) =>
      call("POST", "/api/controle-acesso/abrir", {
        condominio_id: ids.condominio,
        dispositivo_id: aparelho.id,
        porta: 1,
        chave_idempotencia: chave,
        motivo: "Teste do modo push",
      });
    const criado = await pedir(`push-${fixtures.seq()}-aaaa`);
    expect(criado.statusCode, criado.body).toBe(201);
    const comando = criado.json();
    const estado = async () => (await call("GET", `/api/controle-acesso/comandos/${comando.id}?condominio_id=${ids.condominio}`)).json();

    const buscar = () => t.app.inject({ method: "GET", url: `${aparelho.caminho}/push?deviceId=935107` });
    const [a, b] = await Promise.all([buscar(), buscar()]);
    const entregues = [a.json(), b.json()].filter((r) => r.uuid);
    // Two fetches at once: one gets the command, the other nothing.
    expect(entregues).toEqual([
      {
        verb: "POST",
        endpoint: "execute_actions",
        body: { actions: [{ action: "sec_box", parameters: "id=65793,reason=3" }] },
        contentType: "application/json",
        uuid: comando.id,
      },
    ]);
    expect((await estado()).estado).toBe("enviado");
    expect((await buscar()).json()).toEqual({});

    const resultado = await t.app.inject({
      method: "POST",
      url: `${aparelho.caminho}/result?deviceId=935107&uuid=${comando.id}`,
      headers: { "content-type": "application/json" },
      payload: { response: {} },
    });
    expect(resultado.statusCode, resultado.body).toBe(200);
    expect((await estado()).estado).toBe("executado");
    await monitor(aparelho, "door", { door: { id: 1, open: true }, device_id: 935107, time: Math.floor(Date.now() / 1000) });
    expect((await estado()).estado).toBe("aberta");
    await monitor(aparelho, "door", { door: { id: 1, open: false }, device_id: 935107, time: Math.floor(Date.now() / 1000) + 3 });
    expect((await estado()).estado).toBe("fechada");

    // A command the device refuses ends 'falhou' with its reason.
    const outro = (await pedir(`push-${fixtures.seq()}-bbbb`)).json();
    expect((await buscar()).json().uuid).toBe(outro.id);
    await t.app.inject({
      method: "POST",
      url: `${aparelho.caminho}/result?uuid=${outro.id}`,
      headers: { "content-type": "application/json" },
      payload: { error: "invalid action parameters" },
    });
    const falhou = (await call("GET", `/api/controle-acesso/comandos/${outro.id}?condominio_id=${ids.condominio}`)).json();
    expect(falhou).toMatchObject({ estado: "falhou", motivo_falha: "Dispositivo recusou o comando: invalid action parameters." });
  });
});

describe("a device's token", () => {
  it("is the only way in: unknown, rotated, inactive device or inactive condominium answer 404 and record nothing", async () => {
    const aparelho = await cadastrar("controlid");
    const desconhecido = await t.app.inject({ method: "POST", url: `/api/integracoes/controlid/${"x".repeat(43)}/device_is_alive.fcgi`, payload: {} });
    expect(desconhecido.statusCode).toBe(404);
    expect(desconhecido.json().error.message).toBe("Dispositivo desconhecido ou inativo.");
    // The token of a Control iD is not an Intelbras address.
    const outroFabricante = await t.app.inject({ method: "GET", url: aparelho.caminho.replace("/controlid/", "/intelbras/") });
    expect(outroFabricante.statusCode).toBe(404);

    // 'Gerar novo endereço': the old address stops working at once.
    const novo = await call("POST", `/api/dispositivos/${aparelho.id}/novo-endereco`);
    expect(novo.statusCode, novo.body).toBe(200);
    expect((await online(aparelho, { user_id: "1", uuid: "velho" })).statusCode).toBe(404);
    const atual = { ...aparelho, caminho: new URL(novo.json().url_integracao).pathname };
    expect((await online(atual, { user_id: "1", uuid: "novo" })).statusCode).toBe(200);

    const inativo = await cadastrar("controlid");
    const desativado = await call("PUT", `/api/dispositivos/${inativo.id}`, {
      condominio_id: ids.condominio,
      nome: inativo.nome,
      fabricante: "controlid",
      modelo: "iDFace",
      conexao: "saida",
      portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
      ativo: false,
    });
    expect(desativado.statusCode, desativado.body).toBe(200);
    expect((await online(inativo, { user_id: "1", uuid: "inativo" })).statusCode).toBe(404);
    expect(await registrosDe(inativo)).toEqual([]);

    // A condominium no longer served: its devices report nothing.
    const fechado = (await fixtures.criar("/api/condominios", { nome: `Residencial Encerrado ${fixtures.seq()}` })).id;
    const dele = await cadastrar("controlid", fechado);
    await t.database.db.execute(sql`update portaria_web_condominios set ativo = false where id = ${fechado}`);
    expect((await online(dele, { user_id: "1", uuid: "encerrado" })).statusCode).toBe(404);
    expect(await registrosDe(dele)).toEqual([]);
  });

  it("refuses a body it cannot read with a 400, without a 500 and without a record", async () => {
    const aparelho = await cadastrar("controlid");
    const ruim = await t.app.inject({
      method: "POST",
      url: `${aparelho.caminho}/api/notifications/dao`,
      headers: { "content-type": "application/json" },
      payload: "{não é json",
    });
    expect(ruim.statusCode).toBe(400);
    const semObjetos = await monitor(aparelho, "dao", { algo: 1 });
    expect(semObjetos.statusCode).toBe(400);
    const caminho = await t.app.inject({ method: "POST", url: `${aparelho.caminho}/nao_existe.fcgi`, payload: {} });
    expect(caminho.statusCode).toBe(404);
    expect(await eventosDe(aparelho)).toEqual([{ n: 0 }]);
  });
});

describe("health", () => {
  it("takes a device silent for 120 s offline with 'Dispositivo offline: <nome>.'; its return closes the alarm", async () => {
    const aparelho = await cadastrar("controlid");
    await t.app.inject({
      method: "POST",
      url: `${aparelho.caminho}/device_is_alive.fcgi`,
      headers: { "content-type": "application/json" },
      payload: { access_logs: 0 },
    });
    expect((await call("GET", `/api/dispositivos/${aparelho.id}`)).json().estado).toBe("online");
    await t.database.db.execute(sql`update portaria_web_dispositivos set ultimo_contato_em = now() - interval '121 seconds' where id = ${aparelho.id}`);
    await expect.poll(async () => (await call("GET", `/api/dispositivos/${aparelho.id}`)).json().estado, { timeout: 10_000 }).toBe("offline");
    await expect.poll(async () => (await alarmesDe(aparelho)).map((a) => a.mensagem), { timeout: 5_000 }).toEqual([`Dispositivo offline: ${aparelho.nome}.`]);
    // Two sweeps (two instances) raise it once.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await alarmesDe(aparelho)).toHaveLength(1);

    await t.app.inject({ method: "POST", url: `${aparelho.caminho}/device_is_alive.fcgi`, headers: { "content-type": "application/json" }, payload: {} });
    expect((await call("GET", `/api/dispositivos/${aparelho.id}`)).json().estado).toBe("online");
    const todos = (await call("GET", `/api/alarmes?condominio_id=${ids.condominio}&situacao=todos`)).json().alarmes as {
      dispositivo: { id: string } | null;
      encerrado_em: string | null;
    }[];
    expect(todos.find((a) => a.dispositivo?.id === aparelho.id)?.encerrado_em).toEqual(expect.any(String));
  });
});

describe("a busy or flooding device", () => {
  it("a device reporting often is written once every 10 s: its last contact moves only when older", async () => {
    const aparelho = await cadastrar("controlid");
    const vida = () =>
      t.app.inject({ method: "POST", url: `${aparelho.caminho}/device_is_alive.fcgi`, headers: { "content-type": "application/json" }, payload: {} });
    const contato = async () => (await call("GET", `/api/dispositivos/${aparelho.id}`)).json().ultimo_contato_em as string;
    expect((await vida()).statusCode).toBe(200);
    const primeiro = await contato();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await vida()).statusCode).toBe(200);
    expect(await contato()).toBe(primeiro);
    await t.database.db.execute(sql`update portaria_web_dispositivos set ultimo_contato_em = now() - interval '11 seconds' where id = ${aparelho.id}`);
    const envelhecido = await contato();
    expect((await vida()).statusCode).toBe(200);
    expect(Date.parse(await contato())).toBeGreaterThan(Date.parse(envelhecido) + 10_000);
  });

  it("is refused with 429 past 10 calls a second, before any query; another device's calls go on", async () => {
    const [inundador, vizinho] = [await cadastrar("controlid"), await cadastrar("controlid", ids.outro)];
    await usuario(inundador, "100001", `morador:${ids.rita}`);
    // One after the other, as a device sends: the one-second window starts with the first call, and all 12 fall in it.
    const respostas = [];
    for (let i = 0; i < 12; i++) respostas.push(await online(inundador, { identifier_id: "1", user_id: "100001", uuid: randomUUID() }));
    expect(respostas.map((r) => r.statusCode)).toEqual([...Array(10).fill(200), 429, 429]);
    expect(respostas[11]!.headers["retry-after"]).toEqual(expect.any(String));
    // Refused before any query: the two refused made no record.
    expect(await registrosDe(inundador)).toHaveLength(10);
    const vida = await t.app.inject({
      method: "POST",
      url: `${vizinho.caminho}/device_is_alive.fcgi`,
      headers: { "content-type": "application/json" },
      payload: {},
    });
    expect(vida.statusCode).toBe(200);
  });
});
