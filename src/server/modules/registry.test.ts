import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, prestadores, unidades, veiculos } from "../db/schema";
import { pgErrorCode } from "../errors";
import { ADMIN, createTestApp, request, signIn, userWithPermissions, type TestApp } from "../testing/harness";

let t: TestApp;
let admin: string;
let noPerms: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  noPerms = (await userWithPermissions(t, "nada@teste.local", ["gerenciar_usuarios_portaria"])).cookie;
});
afterAll(() => t.close());

const counts = async () => {
  const db = t.database.db;
  const tables = [condominios, unidades, moradores, veiculos, prestadores] as const;
  return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
};

const post = (url: string, payload: object, cookie = admin) => request(t, "POST", url, { cookie, payload });

async function fixture() {
  const condominio = (await post("/api/condominios", { nome: `Residencial ${Math.random()}` })).json();
  const unidade = (await post("/api/unidades", { condominio_id: condominio.id, numero_unidade: "101", bloco: "A" })).json();
  const morador = (await post(`/api/unidades/${unidade.id}/moradores`, { nome_completo: "Ana Lima", tipo_morador: "proprietario" })).json();
  const veiculo = (await post(`/api/moradores/${morador.id}/veiculos`, { placa: "abc-1234", tipo_veiculo: "carro" })).json();
  const prestador = (await post("/api/prestadores", { nome_empresa_profissional: "Jardins SA", tipo_servico: "Jardinagem" })).json();
  return { condominio, unidade, morador, veiculo, prestador };
}

describe("every registry route refuses callers without the permission", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  const routes: [method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object][] = [
    ["GET", "/api/condominios"],
    ["GET", `/api/condominios/${id}`],
    ["POST", "/api/condominios", { nome: "X" }],
    ["PUT", `/api/condominios/${id}`, { nome: "X" }],
    ["DELETE", `/api/condominios/${id}`],
    ["GET", "/api/unidades"],
    ["GET", `/api/unidades/${id}`],
    ["POST", "/api/unidades", { condominio_id: id, numero_unidade: "1" }],
    ["PUT", `/api/unidades/${id}`, { condominio_id: id, numero_unidade: "1" }],
    ["DELETE", `/api/unidades/${id}`],
    ["GET", `/api/unidades/${id}/moradores`],
    ["POST", `/api/unidades/${id}/moradores`, { nome_completo: "X", tipo_morador: "outro" }],
    ["PUT", `/api/moradores/${id}`, { nome_completo: "X", tipo_morador: "outro" }],
    ["DELETE", `/api/moradores/${id}`],
    ["POST", `/api/moradores/${id}/veiculos`, { placa: "ABC1234", tipo_veiculo: "carro" }],
    ["PUT", `/api/veiculos/${id}`, { placa: "ABC1234", tipo_veiculo: "carro" }],
    ["DELETE", `/api/veiculos/${id}`],
    ["GET", "/api/veiculos"],
    ["GET", "/api/prestadores"],
    ["GET", `/api/prestadores/${id}`],
    ["POST", "/api/prestadores", { nome_empresa_profissional: "X", tipo_servico: "Y" }],
    ["PUT", `/api/prestadores/${id}`, { nome_empresa_profissional: "X", tipo_servico: "Y" }],
    ["DELETE", `/api/prestadores/${id}`],
  ];

  it.each(routes)("%s %s: 401 without session, 403 without permission, nothing changed", async (method, url, payload) => {
    const before = await counts();
    expect((await request(t, method, url, { payload })).statusCode).toBe(401);
    const refused = await request(t, method, url, { cookie: noPerms, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.title).toBe("Acesso Negado");
    expect(await counts()).toEqual(before);
  });

  it("lets each permission do exactly its own action", async () => {
    const f = await fixture();
    const viewer = (await userWithPermissions(t, "ver-unidades@teste.local", ["visualizar_unidades"])).cookie;
    expect((await request(t, "GET", "/api/unidades", { cookie: viewer })).statusCode).toBe(200);
    expect((await request(t, "GET", `/api/unidades/${f.unidade.id}`, { cookie: viewer })).statusCode).toBe(200);
    expect(
      (await request(t, "PUT", `/api/unidades/${f.unidade.id}`, { cookie: viewer, payload: { condominio_id: f.condominio.id, numero_unidade: "9" } }))
        .statusCode,
    ).toBe(403);
    expect((await request(t, "GET", `/api/unidades/${f.unidade.id}/moradores`, { cookie: viewer })).statusCode).toBe(403);

    const veiculosOnly = (await userWithPermissions(t, "veiculos@teste.local", ["gerenciar_veiculos_morador"])).cookie;
    expect((await request(t, "GET", `/api/unidades/${f.unidade.id}`, { cookie: veiculosOnly })).statusCode).toBe(200);
    expect((await request(t, "GET", `/api/unidades/${f.unidade.id}/moradores`, { cookie: veiculosOnly })).statusCode).toBe(200);
    expect((await post(`/api/moradores/${f.morador.id}/veiculos`, { placa: "XYZ1A23", tipo_veiculo: "moto" }, veiculosOnly)).statusCode).toBe(201);
    expect((await post(`/api/unidades/${f.unidade.id}/moradores`, { nome_completo: "Novo", tipo_morador: "outro" }, veiculosOnly)).statusCode).toBe(403);

    const editor = (await userWithPermissions(t, "editor-prest@teste.local", ["editar_prestadores_servico"])).cookie;
    expect((await request(t, "GET", `/api/prestadores/${f.prestador.id}`, { cookie: editor })).statusCode).toBe(200);
    expect((await request(t, "GET", "/api/prestadores", { cookie: editor })).statusCode).toBe(403);
  });
});

describe("validation", () => {
  it.each([
    ["/api/condominios", { nome: "" }, "nome", "O nome do condomínio é obrigatório."],
    ["/api/condominios", { nome: "C", cnpj: "11.222.333/0001-82" }, "cnpj", "CNPJ inválido. Confira os caracteres."],
    ["/api/condominios", { nome: "C", estado: "XX" }, "estado", "Estado inválido. Use a sigla (ex.: SP)."],
    ["/api/condominios", { nome: "C", estado: "SPP" }, "estado", "Use a sigla do estado, com 2 letras."],
    ["/api/condominios", { nome: "C", cep: "123" }, "cep", "CEP inválido. Use 8 números."],
    ["/api/prestadores", { nome_empresa_profissional: "P" }, "tipo_servico", "Nome/Empresa e Tipo de Serviço são obrigatórios."],
    [
      "/api/prestadores",
      { nome_empresa_profissional: "P", tipo_servico: "S", data_inicio_autorizacao: "2026-02-30" },
      "data_inicio_autorizacao",
      "Data inválida.",
    ],
    [
      "/api/prestadores",
      { nome_empresa_profissional: "P", tipo_servico: "S", data_inicio_autorizacao: "2026-05-10", data_fim_autorizacao: "2026-05-01" },
      "data_fim_autorizacao",
      "O fim da autorização não pode ser antes do início.",
    ],
    [
      "/api/prestadores",
      { nome_empresa_profissional: "P", tipo_servico: "S", cnpj_cpf: "123.456.789-00" },
      "cnpj_cpf",
      "CPF ou CNPJ inválido. Confira os números.",
    ],
  ])("POST %s refuses %j with a field message and stores nothing", async (url, payload, field, message) => {
    const before = await counts();
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses bad residents and vehicles with field messages", async () => {
    const f = await fixture();
    const before = await counts();
    const cases: [string, object, string, string][] = [
      [
        `/api/unidades/${f.unidade.id}/moradores`,
        { nome_completo: " ", tipo_morador: "outro" },
        "nome_completo",
        "Nome completo e tipo de morador são obrigatórios.",
      ],
      [
        `/api/unidades/${f.unidade.id}/moradores`,
        { nome_completo: "X", tipo_morador: "sindico" },
        "tipo_morador",
        "Nome completo e tipo de morador são obrigatórios.",
      ],
      [
        `/api/unidades/${f.unidade.id}/moradores`,
        { nome_completo: "X", tipo_morador: "outro", cpf: "111.111.111-11" },
        "cpf",
        "CPF inválido. Confira os números.",
      ],
      [
        `/api/unidades/${f.unidade.id}/moradores`,
        { nome_completo: "X", tipo_morador: "outro", data_nascimento: "2999-01-01" },
        "data_nascimento",
        "Data inválida.",
      ],
      [`/api/moradores/${f.morador.id}/veiculos`, { placa: "", tipo_veiculo: "carro" }, "placa", "Placa e Tipo de Veículo são obrigatórios."],
      [`/api/moradores/${f.morador.id}/veiculos`, { placa: "AB12345", tipo_veiculo: "carro" }, "placa", "Placa inválida. Use ABC-1234 ou ABC1D23."],
      [`/api/moradores/${f.morador.id}/veiculos`, { placa: "ABC1234", tipo_veiculo: "caminhao" }, "tipo_veiculo", "Placa e Tipo de Veículo são obrigatórios."],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("links providers only to active condominiums, but lets one keep a condominium deactivated later", async () => {
    const active = (await post("/api/condominios", { nome: "Ativo Prest" })).json();
    const inactive = (await post("/api/condominios", { nome: "Inativo Prest", ativo: false })).json();
    const refused = await post("/api/prestadores", { nome_empresa_profissional: "P", tipo_servico: "S", condominio_id: inactive.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.condominio_id).toBe("Escolha um condomínio ativo.");
    const prestador = (await post("/api/prestadores", { nome_empresa_profissional: "P", tipo_servico: "S", condominio_id: active.id })).json();
    await request(t, "PUT", `/api/condominios/${active.id}`, { cookie: admin, payload: { nome: "Ativo Prest", ativo: false } });
    const kept = await request(t, "PUT", `/api/prestadores/${prestador.id}`, {
      cookie: admin,
      payload: { nome_empresa_profissional: "P2", tipo_servico: "S", condominio_id: active.id },
    });
    expect(kept.statusCode).toBe(200);
    const moved = await request(t, "PUT", `/api/prestadores/${prestador.id}`, {
      cookie: admin,
      payload: { nome_empresa_profissional: "P2", tipo_servico: "S", condominio_id: inactive.id },
    });
    expect(moved.statusCode).toBe(400);
  });

  it("refuses a second unit with the same block and number in one condominium", async () => {
    const c = (await post("/api/condominios", { nome: "Duplicadas" })).json();
    expect((await post("/api/unidades", { condominio_id: c.id, numero_unidade: "101", bloco: "A" })).statusCode).toBe(201);
    const again = await post("/api/unidades", { condominio_id: c.id, numero_unidade: "101", bloco: "a" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("Já existe uma unidade com este bloco e número neste condomínio.");
    expect((await post("/api/unidades", { condominio_id: c.id, numero_unidade: "101", bloco: "B" })).statusCode).toBe(201);
  });

  it("refuses a unit without condominium or number with the spec's message, and in an inactive condominium", async () => {
    const missing = await post("/api/unidades", { numero_unidade: "1" });
    expect(missing.json().error).toMatchObject({ title: "Campos obrigatórios", message: "Condomínio e Número da Unidade são obrigatórios." });
    const inactive = (await post("/api/condominios", { nome: "Inativo", ativo: false })).json();
    const refused = await post("/api/unidades", { condominio_id: inactive.id, numero_unidade: "1" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.condominio_id).toBe("Escolha um condomínio ativo.");
  });
});

describe("stored values", () => {
  it("normalises documents, plates and dates, and stores empty optional fields as null", async () => {
    const condominio = (
      await post("/api/condominios", {
        nome: "Alfa",
        cnpj: "12.abc.345/01de-35",
        estado: "sp",
        cep: "06454-000",
        telefone: "(11) 4200-1800",
        email: "SINDICO@ALFA.COM",
        sindico_contato: "(11) 98765-4321",
        cidade: "",
      })
    ).json();
    expect(condominio).toMatchObject({
      cnpj: "12ABC34501DE35",
      estado: "SP",
      cep: "06454000",
      telefone: "1142001800",
      email: "sindico@alfa.com",
      cidade: null,
      ativo: true,
    });

    const unidade = (await post("/api/unidades", { condominio_id: condominio.id, numero_unidade: "12" })).json();
    const morador = (
      await post(`/api/unidades/${unidade.id}/moradores`, {
        nome_completo: "Bia",
        tipo_morador: "inquilino",
        cpf: "529.982.247-25",
        data_nascimento: "1990-05-17T00:00:00.000Z",
      })
    ).json();
    expect(morador).toMatchObject({ cpf: "52998224725", data_nascimento: "1990-05-17", email: null });
    const veiculo = (await post(`/api/moradores/${morador.id}/veiculos`, { placa: "abc1d23", tipo_veiculo: "moto" })).json();
    expect(veiculo).toMatchObject({ placa: "ABC1D23", unidade_id: unidade.id });

    const prestador = (
      await post("/api/prestadores", {
        nome_empresa_profissional: "Elétrica Silva",
        tipo_servico: "Elétrica",
        cnpj_cpf: "529.982.247-25",
        condominio_id: "",
        data_inicio_autorizacao: "2026-01-10",
        data_fim_autorizacao: "",
      })
    ).json();
    expect(prestador).toMatchObject({
      cnpj_cpf: "52998224725",
      condominio_id: null,
      condominio: null,
      data_inicio_autorizacao: "2026-01-10",
      data_fim_autorizacao: null,
    });
  });
});

describe("lists", () => {
  it("orders units by block then number as people expect, with resident counts and filters", async () => {
    const c = (await post("/api/condominios", { nome: "Ordem Natural" })).json();
    for (const numero of ["10", "2", "1", "101", "A3"]) await post("/api/unidades", { condominio_id: c.id, numero_unidade: numero, bloco: "B" });
    await post("/api/unidades", { condominio_id: c.id, numero_unidade: "5", bloco: "A", tipo_unidade: "Sala" });
    const list = (await request(t, "GET", `/api/unidades?condominio_id=${c.id}`, { cookie: admin })).json();
    expect(list.total).toBe(6);
    expect(list.rows.map((u: { bloco: string; numero_unidade: string }) => `${u.bloco}-${u.numero_unidade}`)).toEqual([
      "A-5",
      "B-1",
      "B-2",
      "B-10",
      "B-101",
      "B-A3",
    ]);
    expect(list.rows[0]).toMatchObject({ condominio: { id: c.id, nome: "Ordem Natural" }, moradores_count: 0 });

    const search = (await request(t, "GET", `/api/unidades?condominio_id=${c.id}&q=sAL`, { cookie: admin })).json();
    expect(search.rows.map((u: { numero_unidade: string }) => u.numero_unidade)).toEqual(["5"]);
    const page = (await request(t, "GET", `/api/unidades?condominio_id=${c.id}&limit=2&offset=2`, { cookie: admin })).json();
    expect(page.rows.map((u: { numero_unidade: string }) => u.numero_unidade)).toEqual(["2", "10"]);
    expect(page.total).toBe(6);
  });

  it("finds condominiums by name or CNPJ, vehicles by plate/brand with filters, providers by condominium", async () => {
    const f = await fixture();
    await request(t, "PUT", `/api/condominios/${f.condominio.id}`, { cookie: admin, payload: { nome: f.condominio.nome, cnpj: "11.222.333/0001-81" } });
    const byCnpj = (await request(t, "GET", "/api/condominios?q=11.222.333", { cookie: admin })).json();
    expect(byCnpj.rows.map((c: { id: string }) => c.id)).toContain(f.condominio.id);

    const byPlate = (await request(t, "GET", `/api/veiculos?q=abc-1234&condominio_id=${f.condominio.id}`, { cookie: admin })).json();
    expect(byPlate.rows).toHaveLength(1);
    expect(byPlate.rows[0]).toMatchObject({
      placa: "ABC1234",
      morador: { nome_completo: "Ana Lima" },
      unidade: { numero_unidade: "101" },
      condominio: { id: f.condominio.id },
    });
    const inactive = (await request(t, "GET", `/api/veiculos?status=inativo&condominio_id=${f.condominio.id}`, { cookie: admin })).json();
    expect(inactive.total).toBe(0);

    const geral = (await request(t, "GET", "/api/prestadores?condominio_id=geral", { cookie: admin })).json();
    expect(geral.rows.every((p: { condominio_id: string | null }) => p.condominio_id === null)).toBe(true);
    expect(geral.rows.map((p: { id: string }) => p.id)).toContain(f.prestador.id);
  });

  it("lists a unit's residents by name, each with their own vehicles by plate, and nobody from another unit", async () => {
    const f = await fixture();
    const bruno = (await post(`/api/unidades/${f.unidade.id}/moradores`, { nome_completo: "Bruno Alves", tipo_morador: "inquilino" })).json();
    await post(`/api/moradores/${bruno.id}/veiculos`, { placa: "ZZZ9Z99", tipo_veiculo: "moto" });
    await post(`/api/moradores/${bruno.id}/veiculos`, { placa: "BBB1B11", tipo_veiculo: "carro" });
    await post(`/api/unidades/${f.unidade.id}/moradores`, { nome_completo: "Carla Sem Carro", tipo_morador: "dependente" });
    const vizinha = (await post("/api/unidades", { condominio_id: f.condominio.id, numero_unidade: "102", bloco: "A" })).json();
    const outra = (await post(`/api/unidades/${vizinha.id}/moradores`, { nome_completo: "Aaron Vizinho", tipo_morador: "proprietario" })).json();
    await post(`/api/moradores/${outra.id}/veiculos`, { placa: "AAA0A00", tipo_veiculo: "carro" });

    const list = (await request(t, "GET", `/api/unidades/${f.unidade.id}/moradores`, { cookie: admin })).json();
    expect(list.total).toBe(3);
    expect(list.rows.map((m: { nome_completo: string; veiculos: { placa: string }[] }) => [m.nome_completo, m.veiculos.map((v) => v.placa)])).toEqual([
      ["Ana Lima", ["ABC1234"]],
      ["Bruno Alves", ["BBB1B11", "ZZZ9Z99"]],
      ["Carla Sem Carro", []],
    ]);

    const missing = await request(t, "GET", "/api/unidades/00000000-0000-4000-8000-000000000000/moradores", { cookie: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("Unidade não encontrada.");
  });
});

describe("database guards", () => {
  it("keeps a vehicle in its resident's unit even outside the API", async () => {
    const f = await fixture();
    const outra = (await post("/api/unidades", { condominio_id: f.condominio.id, numero_unidade: "999" })).json();
    const db = t.database.db;
    const before = await counts();
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => "aceito",
        (error: unknown) => pgErrorCode(error),
      );

    // A vehicle whose unit is not its resident's, inserted or moved there; a resident moved away from their vehicles.
    expect(await refusal(db.insert(veiculos).values({ morador_id: f.morador.id, unidade_id: outra.id, placa: "QQQ1Q11", tipo_veiculo: "carro" }))).toBe(
      "23503",
    );
    expect(await refusal(db.update(veiculos).set({ unidade_id: outra.id }).where(eq(veiculos.id, f.veiculo.id)))).toBe("23503");
    expect(await refusal(db.update(moradores).set({ unidade_id: outra.id }).where(eq(moradores.id, f.morador.id)))).toBe("23503");

    expect(await counts()).toEqual(before);
    const [stored] = await db.select({ unidade_id: veiculos.unidade_id }).from(veiculos).where(eq(veiculos.id, f.veiculo.id));
    expect(stored!.unidade_id).toBe(f.unidade.id);
  });
});

describe("deletes", () => {
  it("refuses to delete a unit with residents and a condominium with units, with the spec's messages", async () => {
    const f = await fixture();
    const before = await counts();
    const unit = await request(t, "DELETE", `/api/unidades/${f.unidade.id}`, { cookie: admin });
    expect(unit.statusCode).toBe(409);
    expect(unit.json().error).toMatchObject({
      title: "Erro ao excluir",
      message: "Não é possível excluir a unidade pois existem moradores ou outros registros associados.",
    });
    const condo = await request(t, "DELETE", `/api/condominios/${f.condominio.id}`, { cookie: admin });
    expect(condo.statusCode).toBe(409);
    expect(condo.json().error.message).toBe("Não é possível excluir o condomínio pois existem unidades ou outros registros associados.");
    expect(await counts()).toEqual(before);
  });

  it("deletes a resident together with their vehicles, then the unit and the condominium", async () => {
    const f = await fixture();
    expect((await request(t, "DELETE", `/api/moradores/${f.morador.id}`, { cookie: admin })).statusCode).toBe(204);
    expect(await t.database.db.select().from(veiculos).where(eq(veiculos.id, f.veiculo.id))).toHaveLength(0);
    expect((await request(t, "DELETE", `/api/unidades/${f.unidade.id}`, { cookie: admin })).statusCode).toBe(204);
    expect((await request(t, "DELETE", `/api/condominios/${f.condominio.id}`, { cookie: admin })).statusCode).toBe(204);
    expect((await request(t, "GET", `/api/condominios/${f.condominio.id}`, { cookie: admin })).statusCode).toBe(404);
  });
});
