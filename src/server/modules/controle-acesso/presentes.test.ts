import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime, formatTime } from "@shared/time";
import { condominios, moradores, prestadores, registrosAcesso, unidades } from "../../db/schema";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, userWithPermissions } from "../../testing/harness";

// 'Quem está no condomínio' (gatehouse-spec §3, §10) as the porteiro reads it: visitors, providers
// and deliveries flagged 'Saída não registrada' after the condominium's own number of hours;
// residents never; searched by name, document, plate or unit; 'desde' with the date when it was
// not today. The gate's clock is this test's: the hours inside pass without waiting.

const HOUR = 3_600_000;
let clock: number | null = null;
const t = await createTestApp({}, { agora: () => clock ?? Date.now() });
afterAll(() => t.close());
const db = t.database.db;

type Gate = { condominio: string; unidade: string; morador: string; prestador: string };
const gates: { curto: Gate; padrao: Gate } = {} as never;
let admin = "";
let porteiro = "";

/** A condominium made through the API (its hours as the form sends them), with a unit, a resident and a provider. */
async function gate(nome: string, horas?: string): Promise<Gate> {
  const created = await request(t, "POST", "/api/condominios", {
    cookie: admin,
    payload: { nome, ...(horas === undefined ? {} : { horas_saida_nao_registrada: horas }) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const condominio = created.json().id as string;
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio, bloco: "Bloco A", numero_unidade: "101" }).returning();
  const [morador] = await db
    .insert(moradores)
    .values({ unidade_id: unidade!.id, nome_completo: `Moradora do ${nome}`, cpf: "52998224725", tipo_morador: "proprietario" })
    .returning();
  const [prestador] = await db
    .insert(prestadores)
    .values({ nome_empresa_profissional: `Jardins do ${nome}`, tipo_servico: "Jardinagem", condominio_id: condominio, cnpj_cpf: "11444777000161" })
    .returning();
  return { condominio, unidade: unidade!.id, morador: morador!.id, prestador: prestador!.id };
}

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  gates.curto = await gate("Residencial Duas Horas", "2");
  gates.padrao = await gate("Residencial Padrão");
  porteiro = (await userWithPermissions(t, "porteiro@teste.local", ["registrar_acesso_visitante"], [gates.curto.condominio, gates.padrao.condominio])).cookie;
});

const get = (url: string) => request(t, "GET", url, { cookie: porteiro });
const post = (url: string, payload: object) => request(t, "POST", url, { cookie: porteiro, payload });
type Row = { id: string; nome_pessoa: string; tipo_pessoa: string; entrou_em: string; saida_nao_registrada: boolean };
const presentes = async (g: Gate, params: Record<string, string> = {}) => {
  const response = await get(`/api/controle-acesso/presentes?${new URLSearchParams({ condominio_id: g.condominio, ...params })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: Row[]; total: number; horas_saida_nao_registrada: number };
};
const flagged = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.nome_pessoa, r.saida_nao_registrada]));

/** A visitor, the resident and the provider come in through the gate, in that order. */
async function entram(g: Gate, visitante: { nome: string; documento_numero: string; placa: string }) {
  const entries = [
    await post("/api/controle-acesso/visitante", {
      condominio_id: g.condominio,
      ...visitante,
      documento_tipo: "cpf",
      unidade_id: g.unidade,
      autorizado_por_morador_id: g.morador,
    }),
    await post("/api/controle-acesso/entrada", { condominio_id: g.condominio, pessoa: { tipo: "morador", morador_id: g.morador } }),
    await post("/api/controle-acesso/entrada", { condominio_id: g.condominio, pessoa: { tipo: "prestador", prestador_id: g.prestador } }),
  ];
  for (const e of entries) expect(e.json(), e.body).toMatchObject({ resultado: "liberado" });
  return entries.map((e) => e.json().registro_id as string);
}

describe("the condominium's hours before 'Saída não registrada'", () => {
  it("are 12 unless said otherwise, 1 to 72, refused otherwise with the field's message and nothing written", async () => {
    const padrao = (await request(t, "GET", `/api/condominios/${gates.padrao.condominio}`, { cookie: admin })).json();
    expect(padrao.horas_saida_nao_registrada).toBe(12);
    expect((await request(t, "GET", `/api/condominios/${gates.curto.condominio}`, { cookie: admin })).json().horas_saida_nao_registrada).toBe(2);
    const edited = await request(t, "PUT", `/api/condominios/${gates.padrao.condominio}`, {
      cookie: admin,
      payload: { nome: padrao.nome, horas_saida_nao_registrada: 72 },
    });
    expect(edited.json()).toMatchObject({ horas_saida_nao_registrada: 72 });
    const back = await request(t, "PUT", `/api/condominios/${gates.padrao.condominio}`, { cookie: admin, payload: { nome: padrao.nome } });
    expect(back.json()).toMatchObject({ horas_saida_nao_registrada: 12 });

    const before = await databaseSnapshot(t);
    for (const horas of [0, 73, 2.5, "doze", -1, ""]) {
      const refused = await request(t, "PUT", `/api/condominios/${gates.padrao.condominio}`, {
        cookie: admin,
        payload: { nome: padrao.nome, horas_saida_nao_registrada: horas === "" ? null : horas },
      });
      expect(refused.statusCode, String(horas)).toBe(400);
      expect(refused.json().error.fields).toEqual({ horas_saida_nao_registrada: "Informe de 1 a 72 horas." });
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    // The database keeps the range too, whatever path writes it.
    await expect(db.update(condominios).set({ horas_saida_nao_registrada: 0 }).where(eq(condominios.id, gates.padrao.condominio))).rejects.toThrow();
  });
});

describe("'Quem está no condomínio'", () => {
  it("flags a visitor and a provider inside 3 h where the limit is 2 h, not where it is 12 h, and never a resident", async () => {
    await entram(gates.curto, { nome: "Vera Visitante", documento_numero: "39053344705", placa: "BRA2E19" });
    await entram(gates.padrao, { nome: "Paulo Visitante", documento_numero: "39053344705", placa: "BRA2E19" });

    clock = Date.now() + 3 * HOUR;
    const curto = await presentes(gates.curto);
    expect(curto.horas_saida_nao_registrada).toBe(2);
    expect(flagged(curto.rows)).toEqual({
      "Vera Visitante": true,
      "Moradora do Residencial Duas Horas": false,
      "Jardins do Residencial Duas Horas": true,
    });
    const padrao = await presentes(gates.padrao);
    expect(padrao.horas_saida_nao_registrada).toBe(12);
    expect(flagged(padrao.rows)).toEqual({
      "Paulo Visitante": false,
      "Moradora do Residencial Padrão": false,
      "Jardins do Residencial Padrão": false,
    });

    // Thirteen hours, and then days: the visitor and the provider are flagged there too; the resident lives there.
    for (const hours of [13, 24 * 40]) {
      clock = Date.now() + hours * HOUR;
      expect(flagged((await presentes(gates.padrao)).rows)).toEqual({
        "Paulo Visitante": true,
        "Moradora do Residencial Padrão": false,
        "Jardins do Residencial Padrão": true,
      });
    }
    clock = null;
  });

  it("lists the newest first, and finds by name, document, plate, unit and kind of person, without showing documents", async () => {
    const all = await presentes(gates.curto);
    expect(all.rows.map((r) => r.nome_pessoa)).toEqual(["Jardins do Residencial Duas Horas", "Moradora do Residencial Duas Horas", "Vera Visitante"]);
    expect(all.total).toBe(3);
    const times = all.rows.map((r) => Date.parse(r.entrou_em));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const row of all.rows) expect(Object.keys(row)).not.toContain("documento");

    const names = async (params: Record<string, string>) => (await presentes(gates.curto, params)).rows.map((r) => r.nome_pessoa);
    expect(await names({ q: "vera" })).toEqual(["Vera Visitante"]);
    expect(await names({ q: "390.533.447-05" })).toEqual(["Vera Visitante"]);
    expect(await names({ q: "3905" })).toEqual(["Vera Visitante"]);
    expect(await names({ q: "11.444.777/0001-61" })).toEqual(["Jardins do Residencial Duas Horas"]);
    expect(await names({ q: "bra-2e19" })).toEqual(["Vera Visitante"]);
    // The unit as the porteiro reads it; the visitor and the resident are of that unit.
    for (const q of ["Bloco A - 101", "A 101", "a-101", "101"]) expect(await names({ q }), q).toEqual(["Moradora do Residencial Duas Horas", "Vera Visitante"]);
    expect(await names({ q: "Bloco B - 101" })).toEqual([]);
    expect(await names({ tipo_pessoa: "visitante" })).toEqual(["Vera Visitante"]);
    expect(await names({ tipo_pessoa: "prestador" })).toEqual(["Jardins do Residencial Duas Horas"]);
    expect(await names({ tipo_pessoa: "morador" })).toEqual(["Moradora do Residencial Duas Horas"]);
    expect(await names({ tipo_pessoa: "entregador" })).toEqual([]);
    expect(await names({ tipo_pessoa: "visitante", q: "jardins" })).toEqual([]);
    // A name of another condominium's visitor is not found here.
    expect(await names({ q: "paulo" })).toEqual([]);

    const bad = await get(`/api/controle-acesso/presentes?condominio_id=${gates.curto.condominio}&tipo_pessoa=porteiro`);
    expect(bad.statusCode).toBe(400);
  });
});

describe("'Já está no condomínio desde ...'", () => {
  it("says the time when the entry was today in São Paulo, and the date too when it was not", async () => {
    const g = gates.padrao;
    const [entrada] = await db
      .select({ registrado_em: registrosAcesso.registrado_em })
      .from(registrosAcesso)
      .where(sql`${registrosAcesso.condominio_id} = ${g.condominio} and ${registrosAcesso.morador_id} = ${g.morador}`);
    const entrou = entrada!.registrado_em;
    const again = () => post("/api/controle-acesso/entrada", { condominio_id: g.condominio, pessoa: { tipo: "morador", morador_id: g.morador } });

    clock = entrou.getTime();
    const today = await again();
    expect(today.statusCode).toBe(409);
    expect(today.json().error.message).toBe(`Já está no condomínio desde ${formatTime(entrou)}.`);

    clock = entrou.getTime() + 24 * HOUR;
    const tomorrow = await again();
    expect(tomorrow.statusCode).toBe(409);
    expect(tomorrow.json().error.message).toBe(`Já está no condomínio desde ${formatDateTime(entrou)}.`);
    expect(tomorrow.json().error.message).toMatch(/^Já está no condomínio desde \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    clock = null;
  });
});
