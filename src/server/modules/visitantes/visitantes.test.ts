import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODIGO_ALFABETO } from "@shared/schemas/visitantes";
import { autorizacoesVisita, bloqueios, condominios, filaEmails, moradores, presencas, registrosAcesso, unidades } from "../../db/schema";
import { createTestApp, databaseSnapshot, request, testConfig, userWithPermissions } from "../../testing/harness";
import { startSmtpServer } from "../../testing/smtp-sink";
import { verificarCadeia } from "../registros/cadeia";
import { assinarQr } from "./codigo";
import { visitantesRepository } from "./repository";
import { loadQrSecret } from "../../db/settings";

// Visitantes (gatehouse-spec §4) and their check at the gate (§3), through the API, as a síndico
// and a porteiro of one condominium. The gate's clock is the test's (`agora`): São Paulo's
// wall clock at the edges of days, weekdays and windows, with the server in UTC.

/** The instant of São Paulo's wall clock (UTC−3 since 2019). 2027-03-01 is a Monday. */
const sp = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00-03:00`);
let now = sp("2027-03-01", "12:00");

const smtp = await startSmtpServer();
const t = await createTestApp(
  {
    smtpUrl: smtp.url,
    rateLimits: { ...testConfig().rateLimits, codigosPorUsuario: { window: 900, max: 5 }, codigosPorEndereco: { window: 900, max: 8 } },
  },
  { agora: () => now },
);
afterAll(async () => {
  await t.close();
  await smtp.close();
});
const db = t.database.db;

const ids = { a: "", b: "", a101: "", a102: "", b101: "", ana: "", bruno: "", inativo: "", beto: "" };
let sindico = "";
let porteiro = "";

beforeAll(async () => {
  const [a, b] = await db
    .insert(condominios)
    .values([
      { nome: "Residencial Visitas", endereco: "Rua das Flores, 100", cidade: "Campinas", estado: "SP", cep: "13010000" },
      { nome: "Condomínio Vizinho" },
    ])
    .returning();
  const [a101, a102, b101] = await db
    .insert(unidades)
    .values([
      { condominio_id: a!.id, bloco: "A", numero_unidade: "101" },
      { condominio_id: a!.id, bloco: "A", numero_unidade: "102" },
      { condominio_id: b!.id, bloco: "B", numero_unidade: "101" },
    ])
    .returning();
  const [ana, bruno, inativo, beto] = await db
    .insert(moradores)
    .values([
      { unidade_id: a101!.id, nome_completo: "Ana Moradora", tipo_morador: "proprietario" },
      { unidade_id: a102!.id, nome_completo: "Bruno Morador", tipo_morador: "inquilino" },
      { unidade_id: a101!.id, nome_completo: "Ivo Inativo", tipo_morador: "inquilino", ativo: false },
      { unidade_id: b101!.id, nome_completo: "Beto Vizinho", tipo_morador: "proprietario" },
    ])
    .returning();
  Object.assign(ids, {
    a: a!.id,
    b: b!.id,
    a101: a101!.id,
    a102: a102!.id,
    b101: b101!.id,
    ana: ana!.id,
    bruno: bruno!.id,
    inativo: inativo!.id,
    beto: beto!.id,
  });
  sindico = (await userWithPermissions(t, "sindico@visitas.local", ["registrar_acesso_visitante"], [a!.id])).cookie;
  porteiro = (await userWithPermissions(t, "porteiro@visitas.local", ["registrar_acesso_visitante"], [a!.id])).cookie;
});

type Json = Record<string, unknown> & { id: string; codigo: string; qr_payload: string };

const base = (extra: object = {}) => ({
  condominio_id: ids.a,
  unidade_id: ids.a101,
  morador_id: ids.ana,
  nome_visitante: "Maria Diarista",
  documento_tipo: "cpf",
  documento_numero: "529.982.247-25",
  ...extra,
});
const criar = (payload: object, cookie = sindico) => request(t, "POST", "/api/visitantes", { cookie, payload });
async function criada(payload: object, cookie = sindico): Promise<Json> {
  const response = await criar(payload, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const entrada = (pessoa: object, extra: object = {}, condominio = ids.a) =>
  request(t, "POST", "/api/controle-acesso/entrada", { cookie: porteiro, payload: { condominio_id: condominio, pessoa, ...extra } });
const saida = (id: string) =>
  request(t, "POST", "/api/controle-acesso/saida", {
    cookie: porteiro,
    payload: { condominio_id: ids.a, pessoa: { tipo: "autorizacao", autorizacao_id: id } },
  });
const busca = async (q: string, cookie = porteiro) =>
  (await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.a}&q=${encodeURIComponent(q)}`, { cookie })).json();
const row = async (id: string) => (await db.select().from(autorizacoesVisita).where(eq(autorizacoesVisita.id, id)))[0]!;
const registrosDe = (id: string) => db.select().from(registrosAcesso).where(eq(registrosAcesso.autorizacao_id, id)).orderBy(registrosAcesso.seq);

/** Enters with the code at `instant` and answers the gate's verdict (exits again when let in). */
async function tentar(a: Json, instant: number, exit = true) {
  now = instant;
  const response = await entrada({ tipo: "codigo", codigo: a.codigo });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { resultado: string; mensagem: string; pode_liberar: boolean };
  if (body.resultado === "liberado" && exit) expect((await saida(a.id)).statusCode).toBe(201);
  return body;
}

let diarista: Json;

describe("creating a pre-authorisation", () => {
  it("gives a recurring one a short code and a signed QR payload, valid from the first day's start to the last day's end (São Paulo)", async () => {
    now = sp("2027-02-20", "10:00");
    diarista = await criada(
      base({
        telefone: "(11) 98765-4321",
        email: "maria@exemplo.com.br",
        placa: "abc-1d23",
        tipo: "recorrente",
        valido_de: "2027-03-01",
        valido_ate: "2027-06-30",
        dias_semana: [4, 1, 4],
        hora_inicio: "08:00",
        hora_fim: "17:00",
        observacoes: "Faxina",
      }),
    );
    expect(diarista.codigo).toMatch(new RegExp(`^[${CODIGO_ALFABETO}]{8}$`));
    expect(diarista.codigo).toMatch(/\d/);
    expect(diarista.qr_payload).toMatch(/^GV1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(diarista).toMatchObject({
      nome_visitante: "Maria Diarista",
      documento_numero: "52998224725",
      placa: "ABC1D23",
      tipo: "recorrente",
      valido_de: "2027-03-01T03:00:00.000Z",
      valido_ate: "2027-07-01T02:59:59.999Z",
      dias_semana: [1, 4],
      hora_inicio: "08:00",
      hora_fim: "17:00",
      max_entradas: null,
      entradas_usadas: 0,
      status: "ativa",
      situacao: "ativa",
      condominio: { id: ids.a, nome: "Residencial Visitas" },
      unidade: { id: ids.a101, bloco: "A", numero_unidade: "101" },
      morador: { id: ids.ana, nome_completo: "Ana Moradora" },
    });
    const detail = await request(t, "GET", `/api/visitantes/${diarista.id}`, { cookie: porteiro });
    expect(detail.json()).toMatchObject({ codigo: diarista.codigo, qr_payload: diarista.qr_payload });
    const qr = (await request(t, "GET", `/api/visitantes/${diarista.id}/qrcode`, { cookie: porteiro })).json();
    expect(qr.payload).toBe(diarista.qr_payload);
    expect(qr.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it("gives 'Única' one entry on one day, and refuses what the rules forbid, naming the field", async () => {
    const unica = await criada(base({ nome_visitante: "Visita Única", tipo: "unica", valido_de: "2027-03-10" }));
    expect(unica).toMatchObject({ max_entradas: 1, valido_de: "2027-03-10T03:00:00.000Z", valido_ate: "2027-03-11T02:59:59.999Z", dias_semana: null });

    const refusals: [object, string][] = [
      [base({ tipo: "unica", valido_de: "2027-03-10", valido_ate: "2027-03-12" }), "valido_ate"],
      [base({ tipo: "periodo", valido_de: "2027-03-10" }), "valido_ate"],
      [base({ tipo: "periodo", valido_de: "2027-03-10", valido_ate: "2027-03-09" }), "valido_ate"],
      [base({ tipo: "periodo", valido_de: "2020-01-01", valido_ate: "2020-01-31" }), "valido_ate"],
      [base({ tipo: "recorrente", valido_de: "2027-03-01", valido_ate: "2027-04-01", hora_inicio: "08:00", hora_fim: "17:00" }), "dias_semana"],
      [base({ tipo: "recorrente", valido_de: "2027-03-01", valido_ate: "2027-04-01", dias_semana: [1], hora_inicio: "17:00", hora_fim: "08:00" }), "hora_fim"],
      [base({ tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-04-01", max_entradas: 0 }), "max_entradas"],
      // The resident must live in the unit, and be active; the unit must be of the condominium.
      [base({ tipo: "unica", valido_de: "2027-03-10", morador_id: ids.bruno }), "morador_id"],
      [base({ tipo: "unica", valido_de: "2027-03-10", morador_id: ids.inativo }), "morador_id"],
      [base({ tipo: "unica", valido_de: "2027-03-10", unidade_id: ids.b101 }), "unidade_id"],
      // Another condominium: as unknown as one that does not exist.
      [base({ tipo: "unica", valido_de: "2027-03-10", condominio_id: ids.b, unidade_id: ids.b101, morador_id: ids.beto }), "condominio_id"],
    ];
    const before = await databaseSnapshot(t);
    for (const [payload, field] of refusals) {
      const response = await criar(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(payload)).toContain(field);
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("refuses a document of type CPF whose check digits do not hold, with the CPF message, and writes nothing", async () => {
    now = sp("2027-03-01", "12:00");
    const before = await databaseSnapshot(t);
    for (const documento_numero of ["529.982.247-24", "12345678900", "111.111.111-11", "5299822472"]) {
      const response = await criar(
        base({ nome_visitante: "Conferência de CPF", tipo: "unica", valido_de: "2027-03-10", documento_tipo: "cpf", documento_numero }),
      );
      expect(response.statusCode, documento_numero).toBe(400);
      expect(response.json().error.fields, documento_numero).toEqual({ documento_numero: "CPF inválido. Confira os números." });
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    // The same number under another type is that type's business; a valid CPF is stored as digits.
    const conferida = (extra: object) => criada(base({ nome_visitante: "Conferência de CPF", tipo: "unica", valido_de: "2027-03-10", ...extra }));
    expect((await conferida({ documento_tipo: "rg", documento_numero: "12345678900" })).documento_numero).toBe("12345678900");
    expect((await conferida({})).documento_numero).toBe("52998224725");
  });

  it("never gives two active authorisations the same code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await criada(base({ nome_visitante: `Lote ${i}`, tipo: "unica", valido_de: "2027-05-05" }))).codigo);
    expect(codes.size).toBe(20);
    // The database refuses a duplicate among active ones (the partial unique index).
    const [one] = await db.select().from(autorizacoesVisita).where(eq(autorizacoesVisita.status, "ativa")).limit(1);
    await expect(db.insert(autorizacoesVisita).values({ ...one!, id: undefined })).rejects.toThrow();
  });
});

describe("the list", () => {
  it("searches by name, document and code, filters by situation and period, pages by cursor", async () => {
    now = sp("2027-03-01", "12:00");
    const list = async (query: string) => (await request(t, "GET", `/api/visitantes?${query}`, { cookie: sindico })).json();
    expect((await list("q=diarista")).rows.map((r: Json) => r.id)).toContain(diarista.id);
    expect((await list("q=529.982")).rows.map((r: Json) => r.id)).toContain(diarista.id);
    expect((await list(`q=${diarista.codigo.toLowerCase()}`)).rows.map((r: Json) => r.id)).toEqual([diarista.id]);
    expect((await list("q=ninguem-com-este-nome")).rows).toEqual([]);
    // In force on a day of the period; none on a day outside it.
    expect((await list("de=2027-06-30&ate=2027-06-30")).rows.map((r: Json) => r.id)).toEqual([diarista.id]);
    expect((await list("de=2027-07-01&ate=2027-07-31")).rows).toEqual([]);

    const first = await list("limit=5");
    expect(first.rows).toHaveLength(5);
    expect(first.total).toBeGreaterThan(5);
    const second = await list(`limit=5&after=${first.next}`);
    expect(second.rows.map((r: Json) => r.id)).not.toContain(first.rows[0].id);

    // 'expirada' is read from the end of validity against the clock.
    now = sp("2027-03-11", "00:01");
    const expiradas = (await list("situacao=expirada&limit=200")).rows.map((r: Json) => r.nome_visitante);
    expect(expiradas).toContain("Visita Única");
    expect(expiradas).not.toContain("Maria Diarista");
    expect((await list("situacao=ativa&limit=200")).rows.map((r: Json) => r.nome_visitante)).toContain("Maria Diarista");
  });
});

describe("at the gate, in São Paulo time", () => {
  it("lets the diarista in on Mondays and Thursdays between 08:00 and 17:00 only, and says why not", async () => {
    const fora = "Fora do horário autorizado (segunda e quinta, das 08:00 às 17:00).";
    expect(await tentar(diarista, sp("2027-03-01", "07:59"))).toMatchObject({
      resultado: "negado",
      titulo: "Acesso negado",
      mensagem: fora,
      pode_liberar: true,
    });
    expect(await tentar(diarista, sp("2027-03-01", "08:00"))).toMatchObject({ resultado: "liberado", titulo: "Entrada registrada" });
    expect(await tentar(diarista, sp("2027-03-01", "17:00"))).toMatchObject({ resultado: "liberado" });
    expect(await tentar(diarista, sp("2027-03-01", "17:01"))).toMatchObject({ resultado: "negado", mensagem: fora });
    expect(await tentar(diarista, sp("2027-03-02", "10:00"))).toMatchObject({ resultado: "negado", mensagem: fora });
    expect(await tentar(diarista, sp("2027-03-04", "12:00"))).toMatchObject({ resultado: "liberado" });
    // 02:00 UTC on Friday is still Thursday 23:00 in São Paulo: outside the hours, not the day.
    expect(await tentar(diarista, Date.parse("2027-03-05T02:00:00Z"))).toMatchObject({ resultado: "negado", mensagem: fora });

    expect((await row(diarista.id)).entradas_usadas).toBe(3);
    const records = await registrosDe(diarista.id);
    const entries = records.filter((r) => r.sentido === "entrada");
    expect(entries.map((r) => [r.resultado, r.metodo, r.tipo_pessoa, r.autorizado_por])).toEqual([
      ["negado", "codigo", "visitante", "Ana Moradora"],
      ["liberado", "codigo", "visitante", "Ana Moradora"],
      ["liberado", "codigo", "visitante", "Ana Moradora"],
      ["negado", "codigo", "visitante", "Ana Moradora"],
      ["negado", "codigo", "visitante", "Ana Moradora"],
      ["liberado", "codigo", "visitante", "Ana Moradora"],
      ["negado", "codigo", "visitante", "Ana Moradora"],
    ]);
    expect(entries.every((r) => r.nome_pessoa === "Maria Diarista" && r.documento === "52998224725" && r.placa === "ABC1D23")).toBe(true);
    expect((await verificarCadeia(db, ids.a)).integra).toBe(true);
  });

  it("keeps the visitor inside under 'autorizacao:<id>' until the exit", async () => {
    now = sp("2027-03-08", "09:00");
    const response = await entrada({ tipo: "codigo", codigo: diarista.codigo });
    expect(response.json().resultado).toBe("liberado");
    const [presenca] = await db
      .select()
      .from(presencas)
      .where(and(eq(presencas.condominio_id, ids.a), eq(presencas.pessoa_chave, `autorizacao:${diarista.id}`)));
    expect(presenca).toMatchObject({ autorizacao_id: diarista.id, tipo_pessoa: "visitante", unidade_id: ids.a101 });
    const again = await entrada({ tipo: "codigo", codigo: diarista.codigo });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^Já está no condomínio desde (\d\d\/\d\d\/\d{4} )?\d\d:\d\d\.$/);
    expect((await saida(diarista.id)).statusCode).toBe(201);
    const [exit] = (await registrosDe(diarista.id)).filter((r) => r.sentido === "saida").slice(-1);
    expect(exit!.autorizacao_id).toBe(diarista.id);
  });

  it("crosses midnight and weekdays in São Paulo, not in UTC", async () => {
    const segundas = await criada(
      base({
        nome_visitante: "Só Segundas",
        tipo: "recorrente",
        valido_de: "2027-03-01",
        valido_ate: "2027-03-31",
        dias_semana: [1],
        hora_inicio: "00:00",
        hora_fim: "23:59",
      }),
    );
    // Sunday 23:59 in São Paulo is already Monday in UTC.
    expect(await tentar(segundas, sp("2027-03-14", "23:59"))).toMatchObject({
      resultado: "negado",
      mensagem: "Fora do horário autorizado (segunda, das 00:00 às 23:59).",
    });
    expect(await tentar(segundas, sp("2027-03-15", "00:01"))).toMatchObject({ resultado: "liberado" });
    // Monday 23:59 in São Paulo is Tuesday in UTC.
    expect(await tentar(segundas, sp("2027-03-15", "23:59"))).toMatchObject({ resultado: "liberado" });
    expect(await tentar(segundas, sp("2027-03-16", "00:01"))).toMatchObject({ resultado: "negado" });
  });

  it("lets 'Única' in on its day until 23:59 and makes it 'utilizada'; before, it is outside the period; after, expired", async () => {
    const cedo = await criada(base({ nome_visitante: "Cedo Demais", tipo: "unica", valido_de: "2027-03-10" }));
    expect(await tentar(cedo, sp("2027-03-09", "23:59"))).toMatchObject({
      resultado: "negado",
      mensagem: "Fora do período autorizado (10/03/2027 até 10/03/2027).",
    });
    const tarde = await criada(base({ nome_visitante: "Tarde Demais", tipo: "unica", valido_de: "2027-03-10" }));
    expect(await tentar(tarde, sp("2027-03-11", "00:01"))).toMatchObject({ resultado: "negado", mensagem: "Autorização expirada em 10/03/2027." });

    const unica = await criada(base({ nome_visitante: "Na Hora", tipo: "unica", valido_de: "2027-03-10" }));
    expect(await tentar(unica, sp("2027-03-10", "23:59"))).toMatchObject({ resultado: "liberado" });
    expect(await row(unica.id)).toMatchObject({ status: "utilizada", entradas_usadas: 1 });
    expect(await tentar(unica, sp("2027-03-10", "23:59"))).toMatchObject({ resultado: "negado", mensagem: "Autorização já utilizada." });
    const listed = (await request(t, "GET", `/api/visitantes/${unica.id}`, { cookie: sindico })).json();
    expect(listed.situacao).toBe("utilizada");
  });

  it("counts entries up to the maximum, then 'utilizada'", async () => {
    const tres = await criada(base({ nome_visitante: "Três Vezes", tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-03-31", max_entradas: 3 }));
    for (let i = 0; i < 3; i++) expect((await tentar(tres, sp("2027-03-02", "10:00"))).resultado).toBe("liberado");
    expect(await row(tres.id)).toMatchObject({ status: "utilizada", entradas_usadas: 3 });
    expect(await tentar(tres, sp("2027-03-02", "10:00"))).toMatchObject({ resultado: "negado", mensagem: "Autorização já utilizada." });
  });

  it("refuses a cancelled authorisation; 'Liberar mesmo assim' lets in without counting a use", async () => {
    now = sp("2027-03-02", "10:00");
    const cancelada = await criada(base({ nome_visitante: "Cancelada", tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-03-31" }));
    const cancel = await request(t, "POST", `/api/visitantes/${cancelada.id}/cancelar`, { cookie: sindico });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: "cancelada", situacao: "cancelada" });
    const again = await request(t, "POST", `/api/visitantes/${cancelada.id}/cancelar`, { cookie: sindico });
    expect(again.statusCode).toBe(409);
    expect(await tentar(cancelada, now)).toMatchObject({ resultado: "negado", mensagem: "Autorização cancelada.", pode_liberar: true });
    const override = await entrada({ tipo: "autorizacao", autorizacao_id: cancelada.id }, { liberar_mesmo_assim: { autorizado_por: "Ana, por interfone" } });
    expect(override.json()).toMatchObject({ resultado: "liberado" });
    expect(await row(cancelada.id)).toMatchObject({ status: "cancelada", entradas_usadas: 0 });
    const last = (await registrosDe(cancelada.id)).at(-1)!;
    expect(last).toMatchObject({ resultado: "liberado", liberado_manualmente: true, autorizado_por: "Ana, por interfone", motivo: "Autorização cancelada." });
    await saida(cancelada.id);
  });

  it("stops a blocked visitor (hard stop) without counting a use", async () => {
    now = sp("2027-03-02", "10:00");
    const bloqueado = await criada(
      base({
        nome_visitante: "Visitante Bloqueado",
        documento_tipo: "rg",
        documento_numero: "MG1234567",
        tipo: "periodo",
        valido_de: "2027-03-01",
        valido_ate: "2027-03-31",
      }),
    );
    await db.insert(bloqueios).values({ condominio_id: ids.a, tipo: "pessoa", documento_numero: "MG1234567", motivo: "Furto" });
    expect(await tentar(bloqueado, now)).toMatchObject({ resultado: "negado", mensagem: "Pessoa bloqueada neste condomínio: Furto.", pode_liberar: false });
    const override = await entrada({ tipo: "codigo", codigo: bloqueado.codigo }, { liberar_mesmo_assim: { autorizado_por: "Alguém" } });
    expect(override.json()).toMatchObject({ resultado: "negado", pode_liberar: false });
    expect((await row(bloqueado.id)).entradas_usadas).toBe(0);
  });
});

describe("the signed QR code", () => {
  it("opens the authorisation in the search box and lets in with method 'qrcode'", async () => {
    now = sp("2027-03-04", "09:00");
    const found = await busca(diarista.qr_payload);
    expect(found.autorizacao).toMatchObject({ id: diarista.id, nome_visitante: "Maria Diarista", situacao: "ativa", recusa: null });
    expect(found.codigo_recusa).toBeNull();
    const response = await entrada({ tipo: "qrcode", payload: diarista.qr_payload });
    expect(response.json().resultado).toBe("liberado");
    expect((await registrosDe(diarista.id)).at(-1)!.metodo).toBe("qrcode");
    await saida(diarista.id);
  });

  it("refuses a payload whose content or signature was changed, or that was signed with another key, and records nothing", async () => {
    now = sp("2027-03-04", "09:00");
    const [prefix, body, signature] = diarista.qr_payload.split(".") as [string, string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    const other = await criada(base({ nome_visitante: "Outra Pessoa", tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-03-31" }));
    const [, otherBody] = other.qr_payload.split(".") as [string, string];
    const forged = [
      `${prefix}.${flip(body, 3)}.${signature}`,
      `${prefix}.${body}.${flip(signature, 10)}`,
      // The other authorisation's content with this one's signature.
      `${prefix}.${otherBody}.${signature}`,
      // A later end, to stretch the validity.
      assinarQr(randomBytes(32), { autorizacaoId: diarista.id, validoAte: new Date("2099-12-31T23:59:59Z") }),
      assinarQr(randomBytes(32), { autorizacaoId: diarista.id, validoAte: new Date(diarista.valido_ate as string) }),
      `${prefix}.${body}.`,
      `${prefix}.${body}`,
    ];
    for (const payload of forged) {
      await db.execute(sql`delete from portal_limites_tentativas`);
      const before = await databaseSnapshot(t);
      const response = await entrada({ tipo: "qrcode", payload });
      expect(response.statusCode, payload).toBe(404);
      expect(response.json().error).toMatchObject({ title: "Acesso negado", message: "Código inválido ou inexistente." });
      expect(await databaseSnapshot(t)).toStrictEqual(before);
      expect((await busca(payload)).codigo_recusa).toBe("Código inválido ou inexistente.");
    }
    await db.execute(sql`delete from portal_limites_tentativas`);
  });

  it("refuses an expired QR with its date", async () => {
    const ontem = await criada(base({ nome_visitante: "QR Vencido", tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-03-05" }));
    now = sp("2027-03-06", "00:01");
    expect((await busca(ontem.qr_payload)).codigo_recusa).toBe("Autorização expirada em 05/03/2027.");
    const response = await entrada({ tipo: "qrcode", payload: ontem.qr_payload });
    expect(response.json()).toMatchObject({ resultado: "negado", mensagem: "Autorização expirada em 05/03/2027." });
  });
});

describe("the console's search", () => {
  it("lists pre-authorised visitors in force by name, and opens a typed code directly", async () => {
    now = sp("2027-03-04", "09:00");
    const found = await busca("diarista");
    expect(found.visitantes.map((v: Json) => v.id)).toEqual([diarista.id]);
    expect(found.visitantes[0]).toMatchObject({
      unidade: { id: ids.a101, bloco: "A", numero_unidade: "101" },
      valido_ate: "2027-07-01T02:59:59.999Z",
      situacao: "ativa",
      recusa: null,
      dentro_desde: null,
    });
    const typed = `${diarista.codigo.slice(0, 4).toLowerCase()}-${diarista.codigo.slice(4)}`;
    expect((await busca(typed)).autorizacao).toMatchObject({ id: diarista.id });
    // A refusal is shown before registering.
    now = sp("2027-03-05", "09:00");
    expect((await busca(diarista.codigo)).autorizacao.recusa).toBe("Fora do horário autorizado (segunda e quinta, das 08:00 às 17:00).");
    // Names are never taken for codes.
    expect((await busca("FERNANDA")).codigo_recusa).toBeNull();
  });
});

describe("'Enviar por email'", () => {
  it("queues the invitation in pt-BR, HTML and text, with the code, the QR image, the address and the validity", async () => {
    const response = await request(t, "POST", `/api/visitantes/${diarista.id}/enviar-email`, { cookie: sindico });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ enviado_para: "maria@exemplo.com.br", mensagem: "Email enviado" });
    await t.outbox.deliverPending();
    const mail = await smtp.waitFor("maria@exemplo.com.br");
    expect(mail.subject).toBe("Autorização de visita — Residencial Visitas");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(diarista.codigo);
      expect(part).toContain("Rua das Flores, 100, Campinas/SP, CEP 13010-000");
      expect(part).toContain("segunda e quinta, das 08:00 às 17:00, de 01/03/2027 até 30/06/2027");
      expect(part).toContain("Bloco A - 101");
    }
    // The image is inline (Content-ID 'qrcode'); the parser of the test's SMTP server shows it as a data URL.
    expect(mail.html).toMatch(/<img src="(cid:qrcode|data:image\/png;base64,[A-Za-z0-9+/=]+)" alt="QR Code da autorização"/);
    expect(mail.attachments).toEqual([expect.objectContaining({ contentType: "image/png", cid: "qrcode" })]);
    expect(mail.attachments[0]!.size).toBeGreaterThan(100);
    // Sent: the body and the image are erased from the queue.
    const [queued] = await db.select().from(filaEmails).where(eq(filaEmails.destinatario, "maria@exemplo.com.br"));
    expect(queued).toMatchObject({ status: "enviado", tipo: "autorizacao_visita", anexos: null, html: "" });
  });

  it("answers 400 when the authorisation has no e-mail", async () => {
    const semEmail = await criada(base({ nome_visitante: "Sem Email", tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-03-31" }));
    const response = await request(t, "POST", `/api/visitantes/${semEmail.id}/enviar-email`, { cookie: sindico });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Esta autorização não tem o email do visitante. Crie uma nova autorização com o email.");
  });
});

describe("scope", () => {
  it("answers 404 for another condominium's authorisation, at the list, the detail, the actions and the gate, and changes nothing", async () => {
    now = sp("2027-03-04", "09:00");
    const admin = (await userWithPermissions(t, "admin-visitas@teste.local", ["registrar_acesso_visitante"])).cookie;
    const alheia = await criada(
      {
        condominio_id: ids.b,
        unidade_id: ids.b101,
        morador_id: ids.beto,
        nome_visitante: "Visita do Vizinho",
        tipo: "periodo",
        valido_de: "2027-03-01",
        valido_ate: "2027-03-31",
        email: "v@x.com",
      },
      admin,
    );
    await db.execute(sql`delete from portal_limites_tentativas`);
    const before = await databaseSnapshot(t);
    const list = (await request(t, "GET", "/api/visitantes?limit=200&q=Vizinho", { cookie: sindico })).json();
    expect(list.rows).toEqual([]);
    for (const [method, url] of [
      ["GET", `/api/visitantes/${alheia.id}`],
      ["GET", `/api/visitantes/${alheia.id}/qrcode`],
      ["POST", `/api/visitantes/${alheia.id}/cancelar`],
      ["POST", `/api/visitantes/${alheia.id}/enviar-email`],
    ] as const) {
      expect((await request(t, method, url, { cookie: sindico })).statusCode, url).toBe(404);
    }
    // Its code and its QR at this condominium's gate open nothing; at its own gate, the condominium is unknown.
    expect((await entrada({ tipo: "codigo", codigo: alheia.codigo })).statusCode).toBe(404);
    expect((await entrada({ tipo: "qrcode", payload: alheia.qr_payload })).statusCode).toBe(404);
    expect((await entrada({ tipo: "autorizacao", autorizacao_id: alheia.id })).statusCode).toBe(404);
    expect((await entrada({ tipo: "codigo", codigo: alheia.codigo }, {}, ids.b)).statusCode).toBe(404);
    expect((await busca(alheia.codigo)).autorizacao).toBeNull();
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    expect(await row(alheia.id)).toMatchObject({ status: "ativa", entradas_usadas: 0 });
    await db.execute(sql`delete from portal_limites_tentativas`);
  });
});

describe("a code that exists nowhere and a code of another condominium", () => {
  it("get the same answer, at the search and at the entry, typed or read as a QR code", async () => {
    now = sp("2027-03-04", "09:00");
    const admin = (await userWithPermissions(t, "admin-codigos@teste.local", ["registrar_acesso_visitante"])).cookie;
    const alheia = await criada(
      {
        condominio_id: ids.b,
        unidade_id: ids.b101,
        morador_id: ids.beto,
        nome_visitante: "Código do Vizinho",
        tipo: "periodo",
        valido_de: "2027-03-01",
        valido_ate: "2027-03-31",
      },
      admin,
    );
    // A well-formed code no authorisation has, and a QR signed with this server's key for an authorisation that does not exist.
    const codigoAleatorio = () => `2A${Array.from(randomBytes(6), (b) => CODIGO_ALFABETO[b % CODIGO_ALFABETO.length]).join("")}`;
    let inexistente = codigoAleatorio();
    while ((await db.select().from(autorizacoesVisita).where(eq(autorizacoesVisita.codigo, inexistente))).length > 0) inexistente = codigoAleatorio();
    const qrInexistente = assinarQr(await loadQrSecret(db), {
      autorizacaoId: "00000000-0000-4000-8000-000000000000",
      validoAte: new Date(alheia.valido_ate as string),
    });
    const answer = async (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => ({
      status: response.statusCode,
      type: response.headers["content-type"],
      body: JSON.parse(JSON.stringify(response.json()), (key, value) => (key === "request_id" ? "…" : value)),
    });
    const pairs: [string, string, object, object][] = [
      [inexistente, alheia.codigo, { tipo: "codigo", codigo: inexistente }, { tipo: "codigo", codigo: alheia.codigo }],
      [
        inexistente.toLowerCase(),
        alheia.codigo.toLowerCase(),
        { tipo: "codigo", codigo: inexistente.toLowerCase() },
        { tipo: "codigo", codigo: alheia.codigo.toLowerCase() },
      ],
      [qrInexistente, alheia.qr_payload, { tipo: "qrcode", payload: qrInexistente }, { tipo: "qrcode", payload: alheia.qr_payload }],
    ];
    const before = await databaseSnapshot(t);
    for (const [nowhere, elsewhere, entradaNowhere, entradaElsewhere] of pairs) {
      await db.execute(sql`delete from portal_limites_tentativas`);
      const searched = await answer(
        await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.a}&q=${encodeURIComponent(nowhere)}`, { cookie: porteiro }),
      );
      const entered = await answer(await entrada(entradaNowhere));
      await db.execute(sql`delete from portal_limites_tentativas`);
      expect(
        await answer(await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.a}&q=${encodeURIComponent(elsewhere)}`, { cookie: porteiro })),
      ).toStrictEqual(searched);
      expect(await answer(await entrada(entradaElsewhere))).toStrictEqual(entered);
      expect(searched.body).toMatchObject({ autorizacao: null, codigo_recusa: "Código inválido ou inexistente." });
      expect(entered).toMatchObject({ status: 404, body: { error: { title: "Acesso negado", message: "Código inválido ou inexistente." } } });
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    await db.execute(sql`delete from portal_limites_tentativas`);
  });
});

describe("two gates at the same instant", () => {
  it("never pass the maximum: one entry of a single-use authorisation, whoever asks", async () => {
    now = sp("2027-03-03", "10:00");
    const uma = await criada(base({ nome_visitante: "Disputada", tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-03-31", max_entradas: 1 }));
    // Five gates: this file's code limit per user (a lookup takes its slot before the code is
    // read and a valid code gives it back, so more at once than the limit would meet a 429).
    await db.execute(sql`delete from portal_limites_tentativas`);
    const responses = await Promise.all(Array.from({ length: 5 }, () => entrada({ tipo: "codigo", codigo: uma.codigo })));
    const liberadas = responses.filter((r) => r.statusCode === 201 && r.json().resultado === "liberado");
    expect(liberadas).toHaveLength(1);
    for (const r of responses.filter((r) => !liberadas.includes(r))) {
      const answer = r.statusCode === 201 ? r.json().mensagem : r.json().error.message;
      expect(answer).toMatch(/^(Autorização já utilizada\.|Já está no condomínio desde (\d\d\/\d\d\/\d{4} )?\d\d:\d\d\.)$/);
    }
    expect(await row(uma.id)).toMatchObject({ entradas_usadas: 1, status: "utilizada" });
    expect((await verificarCadeia(db, ids.a)).integra).toBe(true);
  });

  it("count each use once: ten gates using an authorisation of three entries at once get exactly three", async () => {
    const tres = await criada(base({ nome_visitante: "Três Portões", tipo: "periodo", valido_de: "2027-03-01", valido_ate: "2027-03-31", max_entradas: 3 }));
    const repo = visitantesRepository(db);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => db.transaction((tx) => repo.usar(tx, tres.id, sp("2027-03-03", "10:00")))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(await row(tres.id)).toMatchObject({ entradas_usadas: 3, status: "utilizada" });
  });
});

describe("guessing codes", () => {
  it("answers 429 in pt-BR after too many codes that open nothing, per user and per address", async () => {
    await db.execute(sql`delete from portal_limites_tentativas`);
    now = sp("2027-03-04", "09:00");
    const adivinho = (await userWithPermissions(t, "adivinho@visitas.local", ["registrar_acesso_visitante"], [ids.a])).cookie;
    const tentativa = (codigo: string, cookie: string) =>
      request(t, "POST", "/api/controle-acesso/entrada", { cookie, payload: { condominio_id: ids.a, pessoa: { tipo: "codigo", codigo } } });
    // A valid code counts nothing.
    expect((await busca(diarista.codigo, adivinho)).autorizacao).not.toBeNull();
    for (let i = 0; i < 5; i++) expect((await tentativa("ZZZZ2222", adivinho)).statusCode).toBe(404);
    const blocked = await tentativa(diarista.codigo, adivinho);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: "RATE_LIMITED", title: "Muitas tentativas" });
    expect(blocked.json().error.message).toMatch(/^Muitos códigos inválidos em pouco tempo\. Tente novamente em \d+ minutos?\.$/);
    const search = await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.a}&q=ZZZZ3333`, { cookie: adivinho });
    expect(search.statusCode).toBe(429);
    // The same address (5 misses so far, 8 allowed): another user is stopped after 3 more.
    const outro = (await userWithPermissions(t, "outro-adivinho@visitas.local", ["registrar_acesso_visitante"], [ids.a])).cookie;
    for (let i = 0; i < 3; i++) expect((await tentativa("ZZZZ4444", outro)).statusCode).toBe(404);
    expect((await tentativa("ZZZZ4444", outro)).statusCode).toBe(429);
    // Searching names goes on.
    expect((await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.a}&q=Maria`, { cookie: outro })).statusCode).toBe(200);
    await db.execute(sql`delete from portal_limites_tentativas`);
  });
});
