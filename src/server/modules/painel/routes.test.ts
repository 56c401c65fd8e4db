import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, prestadores, unidades, veiculos } from "../../db/schema";
import { ADMIN, createTestApp, request, signIn, type TestApp } from "../../testing/harness";

let t: TestApp;
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t, ADMIN.email, ADMIN.password);
  const db = t.database.db;
  const [a, b, vazio, inativo] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }, { nome: "Edifício Vazio" }, { nome: "Antigo", ativo: false }])
    .returning();
  Object.assign(ids, { a: a!.id, b: b!.id, vazio: vazio!.id, inativo: inativo!.id });
  const units = await db
    .insert(unidades)
    .values([
      { condominio_id: a!.id, numero_unidade: "101" },
      { condominio_id: a!.id, numero_unidade: "102" },
      { condominio_id: a!.id, numero_unidade: "103" },
      { condominio_id: a!.id, numero_unidade: "104", ativo: false },
      { condominio_id: b!.id, numero_unidade: "1" },
      { condominio_id: b!.id, numero_unidade: "2" },
    ])
    .returning();
  const [u101, u102, , u104, b1] = units;
  const residents = await db
    .insert(moradores)
    .values([
      { unidade_id: u101!.id, nome_completo: "Ana", tipo_morador: "proprietario" },
      { unidade_id: u101!.id, nome_completo: "Bruno", tipo_morador: "dependente" },
      { unidade_id: u102!.id, nome_completo: "Carla", tipo_morador: "inquilino", ativo: false },
      { unidade_id: u104!.id, nome_completo: "Davi", tipo_morador: "outro" },
      { unidade_id: b1!.id, nome_completo: "Elisa", tipo_morador: "proprietario" },
    ])
    .returning();
  await db.insert(veiculos).values([
    { morador_id: residents[0]!.id, unidade_id: u101!.id, placa: "ABC1234", tipo_veiculo: "carro" },
    { morador_id: residents[1]!.id, unidade_id: u101!.id, placa: "ABC1D23", tipo_veiculo: "moto", ativo: false },
    { morador_id: residents[4]!.id, unidade_id: b1!.id, placa: "XYZ9876", tipo_veiculo: "carro" },
  ]);
  await db.insert(prestadores).values([
    { nome_empresa_profissional: "Limpa Tudo", tipo_servico: "Limpeza", condominio_id: a!.id },
    { nome_empresa_profissional: "Geral Ltda", tipo_servico: "Jardinagem" },
    { nome_empresa_profissional: "Parado", tipo_servico: "Obras", condominio_id: b!.id, ativo: false },
  ]);
});
afterAll(() => t.close());

/** The same numbers, counted straight in SQL. */
async function countsInDatabase(condominioId: string | null) {
  const filter = condominioId ? sql`and u.condominio_id = ${condominioId}` : sql``;
  const one = async (query: ReturnType<typeof sql>) => Number(((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const unidadesAtivas = await one(sql`select count(*)::int n from portaria_web_unidades u where u.ativo ${filter}`);
  const ocupadas = await one(
    sql`select count(distinct m.unidade_id)::int n from portaria_web_moradores m join portaria_web_unidades u on u.id = m.unidade_id where m.ativo and u.ativo ${filter}`,
  );
  return {
    moradores_ativos: await one(
      sql`select count(*)::int n from portaria_web_moradores m join portaria_web_unidades u on u.id = m.unidade_id where m.ativo ${filter}`,
    ),
    unidades_ativas: unidadesAtivas,
    veiculos_ativos: await one(
      sql`select count(*)::int n from portaria_web_veiculos v join portaria_web_unidades u on u.id = v.unidade_id where v.ativo ${filter}`,
    ),
    prestadores_ativos: await one(
      condominioId
        ? sql`select count(*)::int n from portaria_web_prestadores_servicos where ativo and condominio_id = ${condominioId}`
        : sql`select count(*)::int n from portaria_web_prestadores_servicos where ativo`,
    ),
    unidades_ocupadas: ocupadas,
    taxa_ocupacao: unidadesAtivas ? Math.round((ocupadas / unidadesAtivas) * 1000) / 10 : 0,
  };
}

describe("GET /api/painel", () => {
  it.each([
    ["todos", null],
    ["one condominium", "a"],
    ["another condominium", "b"],
    ["a condominium without units", "vazio"],
  ])("matches counts made in the database for %s", async (_label, key) => {
    const id = key ? ids[key]! : null;
    const response = await request(t, "GET", `/api/painel${id ? `?condominio_id=${id}` : ""}`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await countsInDatabase(id));
  });

  it("gives the expected figures for the fixture", async () => {
    const todos = (await request(t, "GET", "/api/painel?condominio_id=todos", { cookie })).json();
    expect(todos).toEqual({
      moradores_ativos: 4,
      unidades_ativas: 5,
      veiculos_ativos: 2,
      prestadores_ativos: 2,
      unidades_ocupadas: 2,
      taxa_ocupacao: 40,
    });
    const vazio = (await request(t, "GET", `/api/painel?condominio_id=${ids.vazio}`, { cookie })).json();
    expect(vazio).toMatchObject({ unidades_ativas: 0, moradores_ativos: 0, taxa_ocupacao: 0 });
    const a = (await request(t, "GET", `/api/painel?condominio_id=${ids.a}`, { cookie })).json();
    expect(a.taxa_ocupacao).toBe(33.3);
  });

  it("refuses a malformed condominium id with 400", async () => {
    const response = await request(t, "GET", "/api/painel?condominio_id=xyz", { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.condominio_id).toBeDefined();
  });

  it("lists only active condominiums for the filter, by name", async () => {
    const rows = (await request(t, "GET", "/api/painel/condominios", { cookie })).json().rows;
    expect(rows.map((r: { nome: string }) => r.nome)).toEqual(["Condomínio Bosque", "Edifício Vazio", "Residencial Aurora"]);
  });
});
