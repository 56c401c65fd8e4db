import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENCOMENDAS_TEXTOS } from "@shared/schemas/encomendas";
import { today } from "@shared/time";
import { encomendas } from "../../db/schema";
import { pgErrorCode } from "../../errors";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, residentWithAccount, signIn, userWithPermissions } from "../../testing/harness";
import { cofreDeCodigos } from "./codigo";

// Encomendas (gate-operation-spec §4) as the gate and the síndico use them: a parcel received
// for a unit, its code never shown to the operator, handed out once with it (or with a document
// the operator checks when the unit's codes are locked after 5 wrong ones), sent back; the
// scope of condominiums (§2); and the custody chain the database keeps append-only and
// 'Verificar integridade' checks.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;
// The vault with the app's key: what the resident's app reads the code back with.
const cofre = cofreDeCodigos(t.cadeia.chave);

let admin: string;
let fixtures: Fixtures;
/** Holds gerenciar_encomendas, serving condominium A only. */
let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;
/** Holds visualizar_encomendas, serving A only. */
let sindico: Awaited<ReturnType<typeof userWithPermissions>>;
const c = { a: "", b: "" };
const u = { a1: "", a2: "", a3: "", a4: "", a5: "", b1: "" };
let moradora = "";
let vizinho = "";

type Encomenda = {
  id: string;
  status: string;
  unidade: { id: string };
  condominio: { id: string };
  retirada_por_nome: string | null;
  retirada_por_documento: string | null;
  retirada_forma: string | null;
  entregue_por_nome: string | null;
  motivo_devolucao: string | null;
  devolvida_por_nome: string | null;
};
type Detalhe = Encomenda & { eventos: { seq: number; tipo: string; descricao: string; operador_nome: string | null }[] };

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  c.a = (await fixtures.criar("/api/condominios", { nome: "Residencial Encomendas A" })).id;
  c.b = (await fixtures.criar("/api/condominios", { nome: "Residencial Encomendas B" })).id;
  const unidade = async (condominio_id: string, numero_unidade: string) =>
    (await fixtures.criar("/api/unidades", { condominio_id, bloco: "A", numero_unidade })).id;
  u.a1 = await unidade(c.a, "101");
  u.a2 = await unidade(c.a, "102");
  u.a3 = await unidade(c.a, "103");
  u.a4 = await unidade(c.a, "104");
  u.a5 = await unidade(c.a, "105");
  u.b1 = await unidade(c.b, "201");
  moradora = (await fixtures.criar(`/api/unidades/${u.a1}/moradores`, { nome_completo: "Marta Moradora", tipo_morador: "proprietario" })).id;
  vizinho = (await fixtures.criar(`/api/unidades/${u.a2}/moradores`, { nome_completo: "Vitor Vizinho", tipo_morador: "inquilino" })).id;
  porteiro = await userWithPermissions(t, "porteiro.encomendas@teste.local", ["gerenciar_encomendas"], [c.a]);
  sindico = await userWithPermissions(t, "sindico.encomendas@teste.local", ["visualizar_encomendas"], [c.a]);
});

const receber = (payload: object, cookie = porteiro.cookie) => request(t, "POST", "/api/encomendas", { cookie, payload });
const recebida = async (unidade_id: string, extra: object = {}, cookie = porteiro.cookie, condominio_id = c.a): Promise<Encomenda> => {
  const response = await receber(
    { condominio_id, unidade_id, destinatario_nome: "Marta Moradora", transportadora: "correios", codigo_rastreio: "BR000111222BR", ...extra },
    cookie,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const detalhe = async (id: string, cookie = porteiro.cookie): Promise<Detalhe> => {
  const response = await request(t, "GET", `/api/encomendas/${id}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const lista = async (query: string, cookie = porteiro.cookie) => {
  const response = await request(t, "GET", `/api/encomendas?${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: Encomenda[]; total: number; next: string | null };
};
/** The parcel's code, as the resident's app reads it back (the API never tells the operator). */
const codigoDe = async (id: string) => {
  const [row] = await db.select({ cifra: encomendas.codigo_retirada_cifrado }).from(encomendas).where(eq(encomendas.id, id));
  return cofre.decifrar(id, row!.cifra)!;
};
/** A code that is not `codigo`. */
const outro = (codigo: string) => String((Number(codigo) + 1) % 1_000_000).padStart(6, "0");
const conferir = (unidade_id: string, codigo: string, cookie = porteiro.cookie) =>
  request(t, "POST", "/api/encomendas/retirada/conferir", { cookie, payload: { unidade_id, codigo } });
const entregar = (payload: object, cookie = porteiro.cookie) => request(t, "POST", "/api/encomendas/retirada", { cookie, payload });

describe("receiving a parcel", () => {
  it("answers the parcel without its code, and lists it waiting with its 'recebida' custody event", async () => {
    const response = await receber({
      condominio_id: c.a,
      unidade_id: u.a1,
      morador_id: moradora,
      destinatario_nome: "Marta Moradora",
      transportadora: "mercado_livre",
      codigo_rastreio: "ML123",
      tipo: "caixa",
      local_armazenamento: "Prateleira 3",
      observacoes: "Caixa grande",
    });
    expect(response.statusCode, response.body).toBe(201);
    const parcel = response.json() as Encomenda;
    expect(parcel).toMatchObject({
      status: "aguardando",
      unidade: { id: u.a1, numero_unidade: "101", bloco: "A" },
      condominio: { id: c.a, nome: "Residencial Encomendas A" },
      morador_id: moradora,
      transportadora: "mercado_livre",
      tipo: "caixa",
      recebida_por_nome: "Teste porteiro.encomendas@teste.local",
      retirada_em: null,
    });
    const codigo = await codigoDe(parcel.id);
    expect(codigo).toMatch(/^\d{6}$/);
    const [stored] = await db.select().from(encomendas).where(eq(encomendas.id, parcel.id));
    expect(JSON.stringify(stored)).not.toContain(codigo);

    const detail = await detalhe(parcel.id);
    expect(detail.eventos[0]).toMatchObject({
      seq: expect.any(Number),
      tipo: "recebida",
      descricao: "Recebida por Teste porteiro.encomendas@teste.local para Marta Moradora (Mercado Livre).",
      operador_nome: "Teste porteiro.encomendas@teste.local",
    });
    const listed = await lista(`unidade_id=${u.a1}`);
    expect(listed.rows.map((r) => r.id)).toContain(parcel.id);
    for (const body of [
      response.body,
      JSON.stringify(detail),
      JSON.stringify(listed),
      (await request(t, "GET", "/api/encomendas/aguardando", { cookie: porteiro.cookie })).body,
    ]) {
      expect(body).not.toContain(`"${codigo}"`);
      expect(body).not.toMatch(/"codigo"|codigo_retirada/);
    }
    // The síndico reads it.
    expect((await detalhe(parcel.id, sindico.cookie)).id).toBe(parcel.id);
  });

  it("records a 'notificada' custody event when the unit's residents with an account were told", async () => {
    const unidade = (await fixtures.criar("/api/unidades", { condominio_id: c.a, bloco: "N", numero_unidade: "1" })).id;
    const semConta = await recebida(unidade);
    expect((await detalhe(semConta.id)).eventos.map((e) => e.tipo)).toEqual(["recebida"]);
    await residentWithAccount(t, "nina.encomendas@teste.local", unidade);
    const avisada = await recebida(unidade);
    const eventos = (await detalhe(avisada.id)).eventos;
    expect(eventos.map((e) => e.tipo)).toEqual(["recebida", "notificada"]);
    expect(eventos[1]).toMatchObject({ descricao: "Aviso enviado a 1 morador(es) da unidade.", operador_nome: null });
    expect(eventos[1]!.seq).toBeGreaterThan(eventos[0]!.seq);
  });

  it("refuses a unit of another condominium, a resident of another unit, and a condominium not served, writing nothing", async () => {
    const base = { condominio_id: c.a, unidade_id: u.a1, destinatario_nome: "Marta", transportadora: "correios" };
    const cases: [object, Record<string, string>][] = [
      [{ ...base, unidade_id: u.b1 }, { unidade_id: ENCOMENDAS_TEXTOS.unidadeDeOutroCondominio }],
      [{ ...base, morador_id: vizinho }, { morador_id: ENCOMENDAS_TEXTOS.moradorDeOutraUnidade }],
      [{ ...base, condominio_id: c.b, unidade_id: u.b1 }, { condominio_id: "Escolha um condomínio ativo." }],
      [{ ...base, destinatario_nome: "  " }, { destinatario_nome: ENCOMENDAS_TEXTOS.destinatarioObrigatorio }],
      [{ ...base, transportadora: "dhl" }, { transportadora: ENCOMENDAS_TEXTOS.transportadoraObrigatoria }],
    ];
    for (const [payload, fields] of cases) {
      const before = await databaseSnapshot(t);
      const response = await receber(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(payload)).toMatchObject(fields);
      expect(await databaseSnapshot(t)).toStrictEqual(before);
    }
    // The síndico only reads.
    expect((await receber(base, sindico.cookie)).statusCode).toBe(403);
  });
});

describe("the list and the painel card", () => {
  it("filters by situação, transportadora, text and period, newest first", async () => {
    const amazon = await recebida(u.a2, { transportadora: "amazon", destinatario_nome: "Zuleica Quintanilha", local_armazenamento: "Armário frio" });
    const shopee = await recebida(u.a2, { transportadora: "shopee", codigo_rastreio: "SPX-998877" });
    const daUnidade = await lista(`unidade_id=${u.a2}`);
    expect(daUnidade.rows.map((r) => r.id).slice(0, 2)).toEqual([shopee.id, amazon.id]);
    expect((await lista(`unidade_id=${u.a2}&transportadora=amazon`)).rows.map((r) => r.id)).toEqual([amazon.id]);
    expect((await lista("q=quintanil")).rows.map((r) => r.id)).toEqual([amazon.id]);
    expect((await lista("q=998877")).rows.map((r) => r.id)).toEqual([shopee.id]);
    expect((await lista("q=armário fr")).rows.map((r) => r.id)).toEqual([amazon.id]);
    expect((await lista(`q=quintanil&de=${today()}&ate=${today()}`)).rows.map((r) => r.id)).toEqual([amazon.id]);
    expect((await lista("q=quintanil&de=2020-01-01&ate=2020-01-31")).rows).toEqual([]);
    expect((await lista("q=quintanil&situacao=retirada")).rows).toEqual([]);
    // Paged by the cursor.
    const first = await lista(`unidade_id=${u.a2}&limit=1`);
    expect(first.rows.map((r) => r.id)).toEqual([shopee.id]);
    expect((await lista(`unidade_id=${u.a2}&limit=1&after=${encodeURIComponent(first.next!)}`)).rows.map((r) => r.id)).toEqual([amazon.id]);

    const card = (await request(t, "GET", "/api/encomendas/aguardando", { cookie: sindico.cookie })).json() as {
      total: number;
      rows: { condominio: { id: string }; aguardando: number; mais_antiga_em: string }[];
    };
    const waiting = await lista(`condominio_id=${c.a}&limit=100`);
    expect(card.rows.map((r) => r.condominio.id)).toEqual([c.a]);
    expect(card.total).toBe(waiting.total);
    expect(card.rows[0]!.aguardando).toBe(waiting.total);
  });
});

describe("picking up", () => {
  it("finds the unit's waiting parcels by the code, the code's first; a wrong code is refused in Portuguese", async () => {
    const antiga = await recebida(u.a3);
    const nova = await recebida(u.a3, { transportadora: "amazon" });
    const codigo = await codigoDe(nova.id);
    const right = await conferir(u.a3, codigo);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ encomenda_id: nova.id });
    expect(right.json().encomendas.map((e: Encomenda) => e.id)).toEqual([nova.id, antiga.id]);
    expect(right.body).not.toContain(`"${codigo}"`);

    const wrong = await conferir(u.a3, outro(codigo));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      title: ENCOMENDAS_TEXTOS.tituloCodigoInvalido,
      message: "Código de retirada inválido.",
      fields: { codigo: "Código de retirada inválido." },
    });
    // The right code still works after one wrong one.
    expect((await conferir(u.a3, codigo)).statusCode).toBe(200);
  });

  it("hands out with the code once: a second use is refused, and the parcel says who took it", async () => {
    const parcel = await recebida(u.a3, { destinatario_nome: "Renata" });
    const codigo = await codigoDe(parcel.id);
    const payload = {
      unidade_id: u.a3,
      encomenda_ids: [parcel.id],
      forma: "codigo",
      codigo,
      retirada_por_nome: "Renata",
      retirada_por_documento: "RG-12.345.678",
    };
    const first = await entregar(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().rows[0]).toMatchObject({
      id: parcel.id,
      status: "retirada",
      retirada_por_nome: "Renata",
      retirada_por_documento: "RG12345678",
      retirada_forma: "codigo",
      entregue_por_nome: "Teste porteiro.encomendas@teste.local",
    });
    const again = await entregar(payload);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ENCOMENDAS_TEXTOS.codigoInvalido);
    expect((await conferir(u.a3, codigo)).statusCode).toBe(400);
    const detail = await detalhe(parcel.id);
    expect(detail.eventos.map((e) => e.tipo)).toEqual(expect.arrayContaining(["recebida", "retirada"]));
    expect(detail.eventos.at(-1)).toMatchObject({
      tipo: "retirada",
      descricao: "Entregue a Renata (RG12345678) por Teste porteiro.encomendas@teste.local; Código de retirada.",
    });
    // Handed out, it leaves 'aguardando' and shows under 'retirada'.
    expect((await lista(`unidade_id=${u.a3}`)).rows.map((r) => r.id)).not.toContain(parcel.id);
    expect((await lista(`unidade_id=${u.a3}&situacao=retirada`)).rows.map((r) => r.id)).toContain(parcel.id);
  });

  it("lets exactly one of two concurrent pickups with the same code win", async () => {
    const parcel = await recebida(u.a3);
    const codigo = await codigoDe(parcel.id);
    const payload = (nome: string) => ({ unidade_id: u.a3, encomenda_ids: [parcel.id], forma: "qrcode", codigo, retirada_por_nome: nome });
    const answers = await Promise.all([entregar(payload("Marta Moradora")), entregar(payload("marta moradora"))]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect([400, 409]).toContain(statuses.find((s) => s !== 200));
    const detail = await detalhe(parcel.id);
    expect(detail.eventos.filter((e) => e.tipo === "retirada")).toHaveLength(1);
    expect(detail.retirada_forma).toBe("qrcode");
  });

  it("hands out to a third party with a document, and several parcels at once", async () => {
    const um = await recebida(u.a3);
    const dois = await recebida(u.a3);
    const codigo = await codigoDe(dois.id);
    // Without the document, someone who is none of the addressees takes nothing.
    const before = await databaseSnapshot(t);
    const semDocumento = await entregar({ unidade_id: u.a3, encomenda_ids: [um.id, dois.id], forma: "codigo", codigo, retirada_por_nome: "Vizinha do 104" });
    expect(semDocumento.statusCode).toBe(400);
    expect(semDocumento.json().error.fields).toEqual({ retirada_por_documento: ENCOMENDAS_TEXTOS.documentoDoTerceiro });
    expect(await databaseSnapshot(t)).toEqual(before);
    const response = await entregar({
      unidade_id: u.a3,
      encomenda_ids: [um.id, dois.id],
      forma: "codigo",
      codigo,
      retirada_por_nome: "Vizinha do 104",
      retirada_por_documento: "123.456.789-09",
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().rows as Encomenda[];
    expect(rows.map((r) => [r.id, r.status, r.retirada_por_nome, r.retirada_por_documento])).toEqual([
      [um.id, "retirada", "Vizinha do 104", "12345678909"],
      [dois.id, "retirada", "Vizinha do 104", "12345678909"],
    ]);
  });

  it("refuses another unit's parcel, one already ended, and a code of a parcel not chosen, changing nothing", async () => {
    const daA4 = await recebida(u.a4);
    const codigoA4 = await codigoDe(daA4.id);
    const daA5 = await recebida(u.a5);
    const outraDaA4 = await recebida(u.a4);
    const before = await databaseSnapshot(t);
    // A parcel of another unit among the chosen.
    const mixed = await entregar({
      unidade_id: u.a4,
      encomenda_ids: [daA4.id, daA5.id],
      forma: "documento",
      retirada_por_nome: "X",
      retirada_por_documento: "RG12345",
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error.message).toBe(ENCOMENDAS_TEXTOS.outraUnidade);
    // The code of a parcel of the unit that was not chosen.
    const notChosen = await entregar({ unidade_id: u.a4, encomenda_ids: [outraDaA4.id], forma: "codigo", codigo: codigoA4, retirada_por_nome: "X" });
    expect(notChosen.statusCode).toBe(400);
    expect(notChosen.json().error.fields).toEqual({ codigo: ENCOMENDAS_TEXTOS.codigoDeOutraEncomenda });
    // A document is required to hand out without the code.
    const semDocumento = await entregar({ unidade_id: u.a4, encomenda_ids: [daA4.id], forma: "documento", retirada_por_nome: "X" });
    expect(semDocumento.statusCode).toBe(400);
    expect(semDocumento.json().error.fields).toMatchObject({ retirada_por_documento: ENCOMENDAS_TEXTOS.documentoObrigatorio });
    expect(await databaseSnapshot(t)).toStrictEqual(before);

    const devolver = await request(t, "POST", `/api/encomendas/${daA5.id}/devolver`, { cookie: porteiro.cookie, payload: { motivo: "Recusada" } });
    expect(devolver.statusCode).toBe(200);
    const ended = await entregar({ unidade_id: u.a5, encomenda_ids: [daA5.id], forma: "documento", retirada_por_nome: "X", retirada_por_documento: "RG12345" });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe(ENCOMENDAS_TEXTOS.encerrada);
  });

  it("locks a unit's codes after 5 wrong ones, even for the right code; a checked document still works and is recorded so", async () => {
    const parcel = await recebida(u.a4, { destinatario_nome: "Pedro Bloqueado" });
    const codigo = await codigoDe(parcel.id);
    for (let i = 0; i < 5; i++) {
      const wrong = await conferir(u.a4, outro(outro(codigo)));
      expect(wrong.statusCode, `tentativa ${i + 1}`).toBe(400);
    }
    for (const response of [
      await conferir(u.a4, codigo),
      await entregar({ unidade_id: u.a4, encomenda_ids: [parcel.id], forma: "codigo", codigo, retirada_por_nome: "Pedro" }),
    ]) {
      expect(response.statusCode).toBe(429);
      expect(response.json().error).toMatchObject({ title: ENCOMENDAS_TEXTOS.tituloCodigosBloqueados, message: ENCOMENDAS_TEXTOS.codigosBloqueados });
    }
    expect((await detalhe(parcel.id)).status).toBe("aguardando");
    // Another unit is not locked.
    const vizinha = await recebida(u.a5);
    expect((await conferir(u.a5, await codigoDe(vizinha.id))).statusCode).toBe(200);

    const byDocument = await entregar({
      unidade_id: u.a4,
      encomenda_ids: [parcel.id],
      forma: "documento",
      retirada_por_nome: "Pedro Bloqueado",
      retirada_por_documento: "MG-1.234.567",
    });
    expect(byDocument.statusCode, byDocument.body).toBe(200);
    expect(byDocument.json().rows[0]).toMatchObject({ status: "retirada", retirada_forma: "documento", retirada_por_documento: "MG1234567" });
    expect((await detalhe(parcel.id)).eventos.at(-1)!.descricao).toBe(
      "Entregue a Pedro Bloqueado (MG1234567) por Teste porteiro.encomendas@teste.local; Documento conferido.",
    );
  });
});

describe("sending back", () => {
  it("'Devolver ao remetente' with a reason, once", async () => {
    const parcel = await recebida(u.a2);
    const devolver = (payload: object) => request(t, "POST", `/api/encomendas/${parcel.id}/devolver`, { cookie: porteiro.cookie, payload });
    expect((await devolver({ motivo: "  " })).json().error.fields).toEqual({ motivo: ENCOMENDAS_TEXTOS.motivoObrigatorio });
    const response = await devolver({ motivo: "Endereço errado" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: "devolvida",
      motivo_devolucao: "Endereço errado",
      devolvida_por_nome: "Teste porteiro.encomendas@teste.local",
    });
    expect((await detalhe(parcel.id)).eventos.at(-1)).toMatchObject({
      tipo: "devolvida",
      descricao: "Devolvida ao remetente por Teste porteiro.encomendas@teste.local: Endereço errado",
    });
    const again = await devolver({ motivo: "De novo" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ENCOMENDAS_TEXTOS.encerrada);
  });
});

describe("scope (gatehouse-spec §2)", () => {
  it("keeps another condominium's parcels unknown: 404 by id, none in the list or the card", async () => {
    const deB = await recebida(u.b1, {}, admin, c.b);
    const codigo = await codigoDe(deB.id);
    const before = await databaseSnapshot(t);
    for (const cookie of [porteiro.cookie, sindico.cookie]) {
      expect((await request(t, "GET", `/api/encomendas/${deB.id}`, { cookie })).statusCode).toBe(404);
      expect((await lista("situacao=todas&limit=100", cookie)).rows.map((r) => r.condominio.id)).not.toContain(c.b);
      expect((await lista(`condominio_id=${c.b}`, cookie)).rows).toEqual([]);
      const card = (await request(t, "GET", "/api/encomendas/aguardando", { cookie })).json() as { rows: { condominio: { id: string } }[] };
      expect(card.rows.map((r) => r.condominio.id)).not.toContain(c.b);
    }
    expect((await conferir(u.b1, codigo)).statusCode).toBe(404);
    expect((await entregar({ unidade_id: u.b1, encomenda_ids: [deB.id], forma: "codigo", codigo, retirada_por_nome: "X" })).statusCode).toBe(404);
    expect((await request(t, "POST", `/api/encomendas/${deB.id}/devolver`, { cookie: porteiro.cookie, payload: { motivo: "x" } })).statusCode).toBe(404);
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    // The administrator, serving every condominium, sees it.
    expect((await detalhe(deB.id, admin)).id).toBe(deB.id);
  });
});

describe("the custody chain in the database", () => {
  const falha = async (statement: ReturnType<typeof sql>) => {
    try {
      await db.execute(statement);
    } catch (error) {
      return pgErrorCode(error);
    }
    return "ran";
  };

  it("refuses an UPDATE or DELETE of a custody event, and any change to a parcel that ended", async () => {
    const parcel = await recebida(u.a2);
    expect(await falha(sql`update portaria_web_encomenda_eventos set descricao = 'outra' where encomenda_id = ${parcel.id}`)).toBe("P0001");
    expect(await falha(sql`delete from portaria_web_encomenda_eventos where encomenda_id = ${parcel.id}`)).toBe("P0001");
    const ended = await request(t, "POST", `/api/encomendas/${parcel.id}/devolver`, { cookie: porteiro.cookie, payload: { motivo: "Recusada" } });
    expect(ended.statusCode).toBe(200);
    expect(await falha(sql`update portaria_web_encomendas set observacoes = 'mudou' where id = ${parcel.id}`)).toBe("P0001");
    expect(
      await falha(sql`update portaria_web_encomendas set status = 'aguardando', devolvida_em = null, motivo_devolucao = null where id = ${parcel.id}`),
    ).toBe("P0001");
    expect(await falha(sql`delete from portaria_web_encomendas where id = ${parcel.id}`)).toBe("P0001");
    expect((await detalhe(parcel.id)).status).toBe("devolvida");
  });

  it("lets a resident who picked parcels up be deleted: the parcels keep their addressee's name, and nothing else changes", async () => {
    const cond = (await fixtures.criar("/api/condominios", { nome: "Residencial Mudança" })).id;
    const unidade = (await fixtures.criar("/api/unidades", { condominio_id: cond, bloco: "M", numero_unidade: "7" })).id;
    const quem = (await fixtures.criar(`/api/unidades/${unidade}/moradores`, { nome_completo: "Olga Mudou", tipo_morador: "inquilino" })).id;
    const entregue = await recebida(unidade, { morador_id: quem, destinatario_nome: "Olga Mudou" }, admin, cond);
    const esperando = await recebida(unidade, { morador_id: quem, destinatario_nome: "Olga Mudou" }, admin, cond);
    const codigo = await codigoDe(entregue.id);
    const retirada = await entregar({ unidade_id: unidade, encomenda_ids: [entregue.id], forma: "codigo", codigo, retirada_por_nome: "Olga Mudou" }, admin);
    expect(retirada.statusCode, retirada.body).toBe(200);

    // She moves out: deleting her used to fail on the handed-out parcel (a 500).
    const excluida = await request(t, "DELETE", `/api/moradores/${quem}`, { cookie: admin });
    expect(excluida.statusCode, excluida.body).toBeLessThan(300);
    for (const id of [entregue.id, esperando.id]) {
      const [row] = await db.select().from(encomendas).where(eq(encomendas.id, id));
      expect(row).toMatchObject({ morador_id: null, destinatario_nome: "Olga Mudou" });
    }
    expect((await detalhe(entregue.id, admin)).status).toBe("retirada");
    // Only the link may go: any other change to the handed-out parcel is still refused.
    const error = await db.execute(sql`update portaria_web_encomendas set morador_id = null, destinatario_nome = 'Outra' where id = ${entregue.id}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgErrorCode(error)).toBe("P0001");
    const verificacao = await request(t, "POST", "/api/registros/verificar-integridade", { cookie: admin, payload: { condominio_id: cond } });
    expect(verificacao.json()).toMatchObject({ integra: true });
  });

  it("is checked by 'Verificar integridade': intact, then a tampered event is named", async () => {
    const cond = (await fixtures.criar("/api/condominios", { nome: "Residencial Custódia" })).id;
    const unidade = (await fixtures.criar("/api/unidades", { condominio_id: cond, bloco: "C", numero_unidade: "1" })).id;
    const um = await recebida(unidade, {}, admin, cond);
    const dois = await recebida(unidade, {}, admin, cond);
    const devolvida = await request(t, "POST", `/api/encomendas/${dois.id}/devolver`, { cookie: admin, payload: { motivo: "Recusada" } });
    expect(devolvida.statusCode).toBe(200);
    const eventos = (await detalhe(um.id, admin)).eventos.length + (await detalhe(dois.id, admin)).eventos.length;
    const verificar = async () => {
      const response = await request(t, "POST", "/api/registros/verificar-integridade", { cookie: admin, payload: { condominio_id: cond } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { integra: boolean; mensagem: string };
    };
    expect(await verificar()).toMatchObject({
      integra: true,
      mensagem: `Registros íntegros: 0 verificados. ${ENCOMENDAS_TEXTOS.eventosIntegros(eventos)}`,
    });

    // An attacker with the tables' owner's rights turns the append-only trigger off to rewrite an event.
    await db.execute(sql`alter table portaria_web_encomenda_eventos disable trigger user`);
    try {
      await db.execute(sql`update portaria_web_encomenda_eventos set descricao = 'Recebida por ninguém.' where encomenda_id = ${um.id} and tipo = 'recebida'`);
    } finally {
      await db.execute(sql`alter table portaria_web_encomenda_eventos enable trigger user`);
    }
    const result = await verificar();
    expect(result.integra).toBe(false);
    expect(result.mensagem).toMatch(/^Evento de custódia de encomenda alterado ou removido: .+, Recebida da encomenda [0-9A-F]{8}\.$/);
    expect(result.mensagem).toContain(um.id.replace(/-/g, "").slice(0, 8).toUpperCase());
  });

  it("notices custody events removed from the end of the chain", async () => {
    const cond = (await fixtures.criar("/api/condominios", { nome: "Residencial Custódia Final" })).id;
    const unidade = (await fixtures.criar("/api/unidades", { condominio_id: cond, bloco: "D", numero_unidade: "1" })).id;
    const parcel = await recebida(unidade, {}, admin, cond);
    await db.execute(sql`alter table portaria_web_encomenda_eventos disable trigger user`);
    try {
      await db.execute(
        sql`delete from portaria_web_encomenda_eventos where seq = (select max(seq) from portaria_web_encomenda_eventos where condominio_id = ${cond}) and condominio_id = ${cond}`,
      );
    } finally {
      await db.execute(sql`alter table portaria_web_encomenda_eventos enable trigger user`);
    }
    const response = await request(t, "POST", "/api/registros/verificar-integridade", { cookie: admin, payload: { condominio_id: cond } });
    expect(response.json()).toMatchObject({ integra: false });
    expect(response.json().mensagem).toMatch(/^Evento de custódia de encomenda alterado ou removido: evento nº \d+ ausente\.$/);
    expect(parcel.id).toBeTruthy();
  });
});
