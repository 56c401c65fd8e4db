import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_NAMES } from "@shared/permissions";
import { Fixtures, nextSeq } from "./testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, userWithPermissions, errorWithoutRequestId } from "./testing/harness";
import { apiRoutes, routeKey, routeTableProblems, sampleCall } from "./testing/route-matrix";

// Condominium scope (gatehouse-spec §2), checked as an attacker would: a user holding every
// permission but serving condominium A calls every route on the records of another condominium.

const t = await createTestApp();
afterAll(() => t.close());

let admin: string;
/** Every permission, serving only condominium A. */
let scoped: { cookie: string; usuarioId: string };
let foreign: Fixtures;
/** Ids and names of the other condominium's records: none may reach the scoped user. */
const foreignMarks: string[] = [];
const a = { condominio: "", unidade: "", morador: "", veiculo: "", prestador: "", geral: "" };

const post = async (url: string, payload: object, cookie = admin) => {
  const response = await request(t, "POST", url, { cookie, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json() as { id: string; nome?: string };
};

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  foreign = new Fixtures(t, admin);
  const records = [
    await foreign.condominio(),
    await foreign.unidade(),
    await foreign.morador(),
    await foreign.veiculo(),
    await foreign.prestador(),
    await foreign.usuario(),
    await foreign.autorizacao(),
  ];
  for (const record of records) foreignMarks.push(record.id);
  foreignMarks.push(
    String((await foreign.condominio()).nome),
    String((await foreign.prestador()).nome_empresa_profissional),
    "FIX1A23",
    String((await foreign.autorizacao()).nome_visitante),
    String((await foreign.autorizacao()).codigo),
  );

  a.condominio = (await post("/api/condominios", { nome: `Residencial Escopo A ${nextSeq()}` })).id;
  a.unidade = (await post("/api/unidades", { condominio_id: a.condominio, numero_unidade: "101", bloco: "A" })).id;
  a.morador = (await post(`/api/unidades/${a.unidade}/moradores`, { nome_completo: "Moradora de A", tipo_morador: "proprietario" })).id;
  a.veiculo = (await post(`/api/moradores/${a.morador}/veiculos`, { placa: "AAA1A11", tipo_veiculo: "carro" })).id;
  a.prestador = (await post("/api/prestadores", { nome_empresa_profissional: "Prestador de A", tipo_servico: "Limpeza", condominio_id: a.condominio })).id;
  a.geral = (await post("/api/prestadores", { nome_empresa_profissional: "Prestador Geral", tipo_servico: "Elevadores" })).id;
  scoped = await userWithPermissions(t, "escopo-a@teste.local", [...PERMISSION_NAMES], [a.condominio]);
  // A user serving no condominium is out of a scoped manager's reach too (usuarios/escopo.test.ts).
  foreignMarks.push((await userWithPermissions(t, "sem-condominio@teste.local", [], [])).usuarioId);
});

const get = (url: string, cookie = scoped.cookie) => request(t, "GET", url, { cookie });

describe("route table", () => {
  it("says, for every /api route, what a user of another condominium gets", () => {
    expect(routeTableProblems(t.routes).filter((p) => p.includes("config: { scope }"))).toEqual([]);
  });
});

describe("every route, as a user serving only condominium A", () => {
  const routes = apiRoutes(t.routes).filter((route) => route.config.scope !== "sem_escopo");

  it.each(routes.map((route) => [routeKey(route), route] as const))("%s", async (key, route) => {
    const expected = route.config.scope!;
    // The route's own sample, on the other condominium's records.
    const call = await sampleCall(route, foreign);
    const before = await databaseSnapshot(t);
    const response = await request(t, call.method, call.url, { cookie: scoped.cookie, payload: call.payload });
    if (expected === "lista") {
      expect(response.statusCode, response.body).toBe(200);
      for (const mark of foreignMarks) expect(response.body, `${key} answered a record of another condominium (${mark})`).not.toContain(mark);
    } else {
      expect(response.statusCode, `${key}: ${response.body}`).toBe(expected);
      expect(errorWithoutRequestId(response)).toStrictEqual({
        error: {
          code: expect.any(String),
          title: expect.any(String),
          message: expect.any(String),
          ...(expected === 400 ? { fields: expect.any(Object) } : {}),
        },
      });
      expect(await databaseSnapshot(t), `${key}: a refused call changed the database`).toStrictEqual(before);
    }
  });
});

describe("lists, pick-lists and the painel", () => {
  it("shows condominium A's records and only them", async () => {
    const ids = async (url: string) => ((await get(url)).json() as { rows: { id: string }[] }).rows.map((r) => r.id);
    expect(await ids("/api/condominios")).toEqual([a.condominio]);
    expect(await ids("/api/painel/condominios")).toEqual([a.condominio]);
    expect(await ids("/api/unidades")).toEqual([a.unidade]);
    expect(await ids("/api/moradores")).toEqual([a.morador]);
    expect(await ids("/api/veiculos")).toEqual([a.veiculo]);
    // 'Geral' providers (no condominium) are seen by everyone who sees providers.
    expect((await ids("/api/prestadores")).sort()).toEqual([a.prestador, a.geral].sort());
    // The user reaches only users within their own condominiums: here, themselves.
    expect(await ids("/api/usuarios")).toEqual([scoped.usuarioId]);
  });

  it("answers a filter on the other condominium with nothing, and totals of A only", async () => {
    const other = (await foreign.condominio()).id;
    for (const url of [
      `/api/unidades?condominio_id=${other}`,
      `/api/moradores?condominio_id=${other}`,
      `/api/veiculos?condominio_id=${other}`,
      `/api/prestadores?condominio_id=${other}`,
    ]) {
      expect((await get(url)).json(), url).toMatchObject({ rows: [], total: 0 });
    }
    expect((await get("/api/unidades")).json()).toMatchObject({ total: 1 });
    expect((await get("/api/prestadores?condominio_id=geral")).json()).toMatchObject({ total: 1 });
  });

  it("counts the painel's numbers of A only, for 'todos', for A and for the other condominium", async () => {
    const onlyA = { moradores_ativos: 1, unidades_ativas: 1, veiculos_ativos: 1, prestadores_ativos: 2, unidades_ocupadas: 1, taxa_ocupacao: 100 };
    expect((await get("/api/painel")).json()).toEqual(onlyA);
    expect((await get(`/api/painel?condominio_id=${a.condominio}`)).json()).toEqual({ ...onlyA, prestadores_ativos: 1 });
    const other = (await foreign.condominio()).id;
    expect((await get(`/api/painel?condominio_id=${other}`)).json()).toEqual({
      moradores_ativos: 0,
      unidades_ativas: 0,
      veiculos_ativos: 0,
      prestadores_ativos: 0,
      unidades_ocupadas: 0,
      taxa_ocupacao: 0,
    });
    // The administrator's 'todos' still counts both condominiums.
    const all = (await get("/api/painel", admin)).json() as { unidades_ativas: number };
    expect(all.unidades_ativas).toBeGreaterThanOrEqual(2);
  });
});

describe("writes inside the scope", () => {
  it("creates and edits in A, and cannot move a unit into the other condominium", async () => {
    const created = await post("/api/unidades", { condominio_id: a.condominio, numero_unidade: "102", bloco: "A" }, scoped.cookie);
    const other = (await foreign.condominio()).id;
    const before = await databaseSnapshot(t);
    const moved = await request(t, "PUT", `/api/unidades/${created.id}`, {
      cookie: scoped.cookie,
      payload: { condominio_id: other, numero_unidade: "102", bloco: "A" },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ condominio_id: "Escolha um condomínio ativo." });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("may not create, change or delete a 'Geral' provider", async () => {
    const before = await databaseSnapshot(t);
    const create = await request(t, "POST", "/api/prestadores", {
      cookie: scoped.cookie,
      payload: { nome_empresa_profissional: "Outro Geral", tipo_servico: "Portões" },
    });
    const edit = await request(t, "PUT", `/api/prestadores/${a.geral}`, {
      cookie: scoped.cookie,
      payload: { nome_empresa_profissional: "Geral Editado", tipo_servico: "Portões" },
    });
    const remove = await request(t, "DELETE", `/api/prestadores/${a.geral}`, { cookie: scoped.cookie });
    for (const response of [create, edit, remove]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        "Prestadores gerais (sem condomínio) valem para todos os condomínios: somente quem atende todos pode cadastrá-los ou alterá-los.",
      );
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    expect((await get(`/api/prestadores/${a.geral}`)).statusCode).toBe(200);
  });
});

describe("the 'Condomínios' of a user", () => {
  const novo = (extra: object) => {
    const n = nextSeq();
    return { nome_completo: `Porteira ${n}`, email: `porteira-${n}@teste.local`, senha: "Portaria#Sentinela-2026", ...extra };
  };

  it("lets a manager serving A give A, and nothing larger", async () => {
    const ok = await request(t, "POST", "/api/usuarios", { cookie: scoped.cookie, payload: novo({ condominio_ids: [a.condominio] }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ acesso_todos_condominios: false, condominios: [{ id: a.condominio }] });

    const other = (await foreign.condominio()).id;
    const before = await databaseSnapshot(t);
    for (const extra of [{ condominio_ids: [a.condominio, other] }, { acesso_todos_condominios: true }]) {
      const refused = await request(t, "POST", "/api/usuarios", { cookie: scoped.cookie, payload: novo(extra) });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.message).toBe("Você não pode dar acesso a condomínios que não atende.");
    }
    const widen = await request(t, "PUT", `/api/usuarios/${ok.json().id}`, {
      cookie: scoped.cookie,
      payload: { nome_completo: "Porteira", status: "ativo", grupo_ids: [], condominio_ids: [other] },
    });
    expect(widen.statusCode).toBe(403);
    const own = await request(t, "PUT", `/api/usuarios/${scoped.usuarioId}`, {
      cookie: scoped.cookie,
      payload: {
        nome_completo: "Eu",
        status: "ativo",
        grupo_ids: (await get(`/api/usuarios/${scoped.usuarioId}`)).json().grupos.map((g: { id: string }) => g.id),
        condominio_ids: [],
      },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe("Você não pode alterar os condomínios que você mesmo atende.");
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("lets an administrator set all, some or none, and refuses a condominium that does not exist", async () => {
    const created = await request(t, "POST", "/api/usuarios", { cookie: admin, payload: novo({ acesso_todos_condominios: true }) });
    expect(created.json()).toMatchObject({ acesso_todos_condominios: true, condominios: [] });
    const id = created.json().id as string;
    const some = await request(t, "PUT", `/api/usuarios/${id}`, {
      cookie: admin,
      payload: { nome_completo: "Porteira", status: "ativo", grupo_ids: [], acesso_todos_condominios: false, condominio_ids: [a.condominio] },
    });
    expect(some.json()).toMatchObject({ acesso_todos_condominios: false, condominios: [{ id: a.condominio }] });
    // Without the scope fields an edit keeps the condominiums.
    const kept = await request(t, "PUT", `/api/usuarios/${id}`, { cookie: admin, payload: { nome_completo: "Porteira B", status: "ativo", grupo_ids: [] } });
    expect(kept.json()).toMatchObject({ nome_completo: "Porteira B", condominios: [{ id: a.condominio }] });

    const before = await databaseSnapshot(t);
    const unknown = await request(t, "PUT", `/api/usuarios/${id}`, {
      cookie: admin,
      payload: { nome_completo: "Porteira", status: "ativo", grupo_ids: [], condominio_ids: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ condominio_ids: "Escolha condomínios cadastrados." });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("takes effect on the user's next request", async () => {
    const porteiro = await userWithPermissions(t, `porteiro-${nextSeq()}@teste.local`, ["visualizar_unidades", "gerenciar_usuarios_portaria"], []);
    expect((await get("/api/unidades", porteiro.cookie)).json()).toMatchObject({ rows: [], total: 0 });
    const granted = await request(t, "PUT", `/api/usuarios/${porteiro.usuarioId}`, {
      cookie: admin,
      payload: {
        nome_completo: "Porteiro",
        status: "ativo",
        grupo_ids: (await get(`/api/usuarios/${porteiro.usuarioId}`, admin)).json().grupos.map((g: { id: string }) => g.id),
        condominio_ids: [a.condominio],
      },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await get("/api/unidades", porteiro.cookie)).json()).toMatchObject({ total: 2 });
  });
});

describe("residents' plates on the unit page", () => {
  it("are sent only to who may see vehicles", async () => {
    const semVeiculos = await userWithPermissions(t, `so-moradores-${nextSeq()}@teste.local`, ["gerenciar_moradores_unidade"]);
    const comVeiculos = await userWithPermissions(t, `moradores-veiculos-${nextSeq()}@teste.local`, ["gerenciar_moradores_unidade", "visualizar_veiculos"]);
    const url = `/api/unidades/${a.unidade}/moradores`;
    const hidden = (await get(url, semVeiculos.cookie)).json() as { rows: { veiculos: unknown[] }[] };
    expect(hidden.rows[0]!.veiculos).toEqual([]);
    expect(JSON.stringify(hidden)).not.toContain("AAA1A11");
    const shown = (await get(url, comVeiculos.cookie)).json() as { rows: { veiculos: { placa: string }[] }[] };
    expect(shown.rows[0]!.veiculos.map((v) => v.placa)).toEqual(["AAA1A11"]);
  });
});
