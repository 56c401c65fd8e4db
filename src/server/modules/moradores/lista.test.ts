import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@shared/messages";
import type { Page } from "@shared/schemas/common";
import type { MoradorListItem } from "@shared/schemas/moradores";
import { ADMIN, createTestApp, request, signIn, userWithPermissions, type TestApp } from "../../testing/harness";

// The residents list (issue 14): GET /api/moradores.

let t: TestApp;
let admin: string;
/** Manages residents in every condominium. */
let gestor: string;

const c = { norte: "", sul: "" };
const u = { norteA101: "", norteB202: "", sul101: "" };
const m = { ana: "", bruno: "", carla: "", davi: "" };

const post = async (url: string, payload: object) => {
  const response = await request(t, "POST", url, { cookie: admin, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return (response.json() as { id: string }).id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  c.norte = await post("/api/condominios", { nome: "Residencial Norte" });
  c.sul = await post("/api/condominios", { nome: "Residencial Sul" });
  u.norteA101 = await post("/api/unidades", { condominio_id: c.norte, numero_unidade: "101", bloco: "A" });
  u.norteB202 = await post("/api/unidades", { condominio_id: c.norte, numero_unidade: "202", bloco: "Torre Azul" });
  u.sul101 = await post("/api/unidades", { condominio_id: c.sul, numero_unidade: "101", bloco: null });
  const morador = (unidade: string, body: object) => post(`/api/unidades/${unidade}/moradores`, { tipo_morador: "proprietario", ...body });
  m.ana = await morador(u.norteA101, { nome_completo: "Ana Lima", cpf: "529.982.247-25", telefone_celular: "(11) 98765-4321" });
  m.bruno = await morador(u.norteA101, { nome_completo: "Bruno Souza", cpf: "111.444.777-35", telefone_celular: "(19) 3232-1000", ativo: false });
  m.carla = await morador(u.norteB202, { nome_completo: "Carla Dias", tipo_morador: "inquilino" });
  m.davi = await morador(u.sul101, { nome_completo: "Davi Lima", cpf: "935.411.347-80", telefone_celular: "(21) 99999-0000" });
  gestor = (await userWithPermissions(t, "gestor-moradores@teste.local", ["gerenciar_moradores_unidade"])).cookie;
});
afterAll(() => t.close());

const list = async (query: string, cookie = gestor) => {
  const response = await request(t, "GET", `/api/moradores${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page<MoradorListItem>;
};
const ids = async (query: string, cookie = gestor) => (await list(query, cookie)).rows.map((r) => r.id);
const search = (q: string) => ids(`?q=${encodeURIComponent(q)}`);

describe("GET /api/moradores", () => {
  it("lists every resident by name with their unit and condominium", async () => {
    const page = await list("");
    expect(page.rows.map((r) => r.id)).toEqual([m.ana, m.bruno, m.carla, m.davi]);
    expect(page).toMatchObject({ total: 4, next: null });
    expect(page.rows[0]).toEqual({
      id: m.ana,
      unidade_id: u.norteA101,
      nome_completo: "Ana Lima",
      cpf: "52998224725",
      telefone_celular: "11987654321",
      tipo_morador: "proprietario",
      ativo: true,
      unidade: { id: u.norteA101, numero_unidade: "101", bloco: "A" },
      condominio: { id: c.norte, nome: "Residencial Norte" },
    });
  });

  it("finds residents by part of the name, case-insensitive", async () => {
    expect(await search("lima")).toEqual([m.ana, m.davi]);
    expect(await search("CARLA")).toEqual([m.carla]);
    expect(await search("%")).toEqual([]);
  });

  it("finds residents by CPF, masked, bare or a part of it", async () => {
    expect(await search("529.982.247-25")).toEqual([m.ana]);
    expect(await search("52998224725")).toEqual([m.ana]);
    expect(await search("444.777")).toEqual([m.bruno]);
  });

  it("finds residents by phone, masked or bare", async () => {
    expect(await search("(11) 98765-4321")).toEqual([m.ana]);
    expect(await search("32321000")).toEqual([m.bruno]);
    expect(await search("99999-0000")).toEqual([m.davi]);
  });

  it("finds residents by their unit's number or block", async () => {
    expect(await search("101")).toEqual([m.ana, m.bruno, m.davi]);
    expect(await search("202")).toEqual([m.carla]);
    expect(await search("torre azul")).toEqual([m.carla]);
  });

  it("filters by condominium and status, also together with a search", async () => {
    expect(await ids(`?condominio_id=${c.sul}`)).toEqual([m.davi]);
    expect(await ids("?status=inativo")).toEqual([m.bruno]);
    expect(await ids("?status=ativo")).toEqual([m.ana, m.carla, m.davi]);
    expect(await ids(`?q=101&condominio_id=${c.norte}&status=ativo`)).toEqual([m.ana]);
    expect(await list(`?q=lima&condominio_id=${c.norte}`)).toMatchObject({ total: 1 });
  });

  it("pages by name with `after`, each row once, and says when nothing follows", async () => {
    const first = await list("?limit=3");
    expect(first.rows.map((r) => r.id)).toEqual([m.ana, m.bruno, m.carla]);
    expect(first.total).toBe(4);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(`?limit=3&after=${first.next}`);
    expect(second.rows.map((r) => r.id)).toEqual([m.davi]);
    expect(second.next).toBeNull();
    expect((await list("?limit=2&offset=2")).rows.map((r) => r.id)).toEqual([m.carla, m.davi]);
  });

  it("refuses invalid parameters with pt-BR messages", async () => {
    for (const [query, message] of [
      ["?status=talvez", "Filtro inválido."],
      ["?condominio_id=x", "Condomínio inválido."],
      [`?q=${"a".repeat(101)}`, "Busca muito longa."],
      ["?limit=0", "O limite deve ser um número inteiro de 1 a 200."],
      ["?after=nao-e-cursor", MSG.listCursorInvalid.message],
    ] as const) {
      const response = await request(t, "GET", `/api/moradores${query}`, { cookie: gestor });
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(message);
    }
  });

  it("answers 403 with the permission's text to who does not manage residents", async () => {
    const veiculos = await userWithPermissions(t, "so-veiculos@teste.local", ["visualizar_veiculos", "gerenciar_veiculos_morador", "visualizar_unidades"]);
    const response = await request(t, "GET", "/api/moradores", { cookie: veiculos.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { message: "Você não tem permissão para gerenciar moradores." } });
    expect((await request(t, "GET", "/api/moradores")).statusCode).toBe(401);
  });

  it("shows a scoped user only the residents of their condominiums, totals included", async () => {
    const sul = (await userWithPermissions(t, "sindico-sul@teste.local", ["gerenciar_moradores_unidade"], [c.sul])).cookie;
    expect(await list("", sul)).toMatchObject({ rows: [expect.objectContaining({ id: m.davi })], total: 1 });
    expect(await list("?q=lima", sul)).toMatchObject({ rows: [expect.objectContaining({ id: m.davi })], total: 1 });
    expect(await list(`?condominio_id=${c.norte}`, sul)).toMatchObject({ rows: [], total: 0 });
    expect(await list("?q=529.982.247-25", sul)).toMatchObject({ rows: [], total: 0 });
  });
});
