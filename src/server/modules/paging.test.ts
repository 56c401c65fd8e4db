import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeCursor } from "@shared/schemas/cursor";
import { MSG } from "@shared/messages";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, type TestApp, errorWithoutRequestId } from "../testing/harness";

// Keyset pagination of the five paged lists (`after` = the previous page's `next`): walking the
// pages returns every row once, in the list's order, even when rows are added before the
// position between two fetches; a bad cursor is a 400 that changes nothing.

let t: TestApp;
let admin: string;
/** The condominium of the unit lists, and the unit the residents and vehicles belong to. */
let condominioId: string;

interface Row {
  id: string;
  [field: string]: unknown;
}
interface Page {
  rows: Row[];
  total: number;
  next: string | null;
}

const post = async (url: string, payload: object) => {
  const response = await request(t, "POST", url, { cookie: admin, payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url} → ${response.statusCode} ${response.body}`);
  return response.json() as Row;
};

async function get(url: string): Promise<Page> {
  const response = await request(t, "GET", url, { cookie: admin });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json();
}

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** Every row of the list in one offset read (the lists here are far below the 200-row limit). */
async function allRows(path: string, filters: Record<string, string> = {}): Promise<Row[]> {
  const page = await get(`${path}?${query({ ...filters, limit: 200, offset: 0 })}`);
  expect(page.rows.length).toBe(page.total);
  expect(page.next).toBeNull();
  return page.rows;
}

/** Pages of `limit` from `after` on, following `next` until it is null. */
async function walk(path: string, filters: Record<string, string>, limit: number, after?: string): Promise<Page[]> {
  const pages: Page[] = [];
  for (let cursor = after; ;) {
    const page = await get(`${path}?${query({ ...filters, limit, ...(cursor ? { after: cursor } : {}) })}`);
    pages.push(page);
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    if (page.rows.length < limit) expect(page.next).toBeNull();
    // `next` only when something follows: a full last page is not followed by an empty one.
    if (cursor) expect(page.rows.length, `${path}: the page after a next`).toBeGreaterThan(0);
    if (page.next === null) return pages;
    cursor = page.next;
    if (pages.length > 100) throw new Error(`${path}: more than 100 pages`);
  }
}

const ids = (rows: Row[]) => rows.map((r) => r.id);

/** Each list, its filters to walk with, and how to add a row that sorts before every other. */
interface ListCase {
  path: string;
  filters: Record<string, string>[];
  addFirst: () => Promise<string>;
}
const lists: Record<string, ListCase> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);

  // Condominiums: case, accents and digits. Names cannot repeat (issue 14, condominios_nome_unique):
  // ties broken by the id are walked in the lists of vehicles, providers and users.
  const condominios = [
    "Residencial Alfa",
    "Residencial Alfa II",
    "RESIDENCIAL ALFA III",
    "residencial alfa IV",
    "Ágata Park",
    "Beta",
    "Zeta",
    "Residencial 10",
    "Residencial 2",
  ];
  for (const nome of condominios) await post("/api/condominios", { nome });
  const condominio = await post("/api/condominios", { nome: "Condomínio das Unidades" });
  condominioId = condominio.id;
  const outro = await post("/api/condominios", { nome: "Outro Condomínio" });

  // Units: houses (no block) in natural order first, then blocks; the same numbers in several blocks.
  const unidades: [bloco: string | null, numero: string][] = [
    [null, "10"],
    [null, "2"],
    [null, "1"],
    [null, "A1"],
    [null, "casa"],
    ["A", "101"],
    ["A", "1001"],
    ["A", "102"],
    ["A", "2"],
    ["B", "1"],
    ["B", "2"],
    ["B", "10"],
  ];
  for (const [bloco, numero_unidade] of unidades) await post("/api/unidades", { condominio_id: condominio.id, bloco, numero_unidade });
  for (const [bloco, numero_unidade] of [
    [null, "1"],
    ["A", "1"],
    ["C", "3"],
  ] as const)
    await post("/api/unidades", { condominio_id: outro.id, bloco, numero_unidade });

  // Vehicles: repeated plates (the id breaks the tie), each repeat in another condominium (a plate
  // is registered once per condominium, issue 14).
  const unidade = await post("/api/unidades", { condominio_id: condominio.id, bloco: "Z", numero_unidade: "1" });
  const morador = await post(`/api/unidades/${unidade.id}/moradores`, { nome_completo: "Ana Lima", tipo_morador: "proprietario" });
  const terceiro = await post("/api/condominios", { nome: "Terceiro Condomínio" });
  const donos = [morador];
  for (const c of [outro, terceiro]) {
    const u = await post("/api/unidades", { condominio_id: c.id, bloco: "Z", numero_unidade: "9" });
    donos.push(await post(`/api/unidades/${u.id}/moradores`, { nome_completo: "Bia Lima", tipo_morador: "proprietario" }));
  }
  for (const [placa, dono] of [
    ["BRA2E19", 0],
    ["ABC1234", 0],
    ["ABC1234", 1],
    ["XYZ9876", 0],
    ["ABC1D23", 0],
    ["ABC1234", 2],
    ["KLM4455", 0],
  ] as const) {
    await post(`/api/moradores/${donos[dono]!.id}/veiculos`, { placa, tipo_veiculo: "carro" });
  }

  // Providers, some of one condominium, some general (no condominium): repeated names.
  const prestadores: [nome: string, condominio: string | null][] = [
    ["Jardins SA", null],
    ["Jardins SA", condominio.id],
    ["Limpeza Total", null],
    ["Alarmes 24h", condominio.id],
    ["Jardins SA", null],
    ["Zeladoria Z", null],
    ["Elevadores Up", condominio.id],
  ];
  for (const [nome_empresa_profissional, condominio_id] of prestadores) {
    await post("/api/prestadores", { nome_empresa_profissional, tipo_servico: "Serviço", condominio_id });
  }

  // Users: repeated names.
  let n = 0;
  for (const nome_completo of ["Maria Silva", "João Souza", "Maria Silva", "Ana Costa", "Maria Silva", "Zé Lima"]) {
    await post("/api/usuarios", { nome_completo, email: `paging-${++n}@teste.local`, senha: "Paginas#Sentinela-2026" });
  }

  let first = 0;
  lists.condominios = {
    path: "/api/condominios",
    filters: [{}, { q: "alfa" }],
    addFirst: async () => (await post("/api/condominios", { nome: `0000 Primeiro ${++first}` })).id,
  };
  lists.unidades = {
    path: "/api/unidades",
    filters: [{}, { condominio_id: condominio.id }, { q: "1" }],
    addFirst: async () => (await post("/api/unidades", { condominio_id: condominio.id, numero_unidade: `0${"0".repeat(++first)}` })).id,
  };
  lists.veiculos = {
    path: "/api/veiculos",
    filters: [{}, { condominio_id: condominio.id, status: "ativo" }, { q: "abc" }],
    addFirst: async () => (await post(`/api/moradores/${morador.id}/veiculos`, { placa: "AAA0A00", tipo_veiculo: "moto" })).id,
  };
  lists.prestadores = {
    path: "/api/prestadores",
    filters: [{}, { condominio_id: "geral" }, { condominio_id: condominio.id, status: "ativo" }],
    addFirst: async () => (await post("/api/prestadores", { nome_empresa_profissional: `0000 Primeiro ${++first}`, tipo_servico: "Serviço" })).id,
  };
  lists.usuarios = {
    path: "/api/usuarios",
    filters: [{}, { q: "silva" }],
    addFirst: async () =>
      (await post("/api/usuarios", { nome_completo: `0000 Primeira ${++first}`, email: `paging-first-${first}@teste.local`, senha: "Paginas#Sentinela-2026" }))
        .id,
  };
});
afterAll(() => t.close());

const names = ["condominios", "unidades", "veiculos", "prestadores", "usuarios"] as const;

describe("walking a list with after", () => {
  it.each(names)("%s: every row once, in the order of one big offset read, with any filter and page size", async (name) => {
    const { path, filters } = lists[name]!;
    for (const filter of filters) {
      const all = await allRows(path, filter);
      expect(all.length, `${path} ${query(filter)}`).toBeGreaterThan(2);
      for (const limit of [1, 2, 3, all.length, all.length + 1]) {
        const pages = await walk(path, filter, limit);
        expect(ids(pages.flatMap((p) => p.rows)), `${path} ${query(filter)} limit ${limit}`).toEqual(ids(all));
        expect(pages, `${path} ${query(filter)} limit ${limit}: one request per page`).toHaveLength(Math.ceil(all.length / limit));
        for (const page of pages) expect(page.total).toBe(all.length);
      }
    }
  });

  it.each(names)("%s: a row added before the position between two fetches neither repeats nor skips a row", async (name) => {
    const { path, addFirst } = lists[name]!;
    const before = await allRows(path);
    const [first] = await walk(path, {}, 3).then((pages) => pages.slice(0, 1));
    expect(ids(first!.rows)).toEqual(ids(before.slice(0, 3)));

    const added = await addFirst();
    const after = await allRows(path);
    expect(ids(after)[0], "the new row sorts first").toBe(added);
    // What offset paging would have shown next: the first page's last row again.
    expect((await get(`${path}?${query({ limit: 3, offset: 3 })}`)).rows[0]!.id).toBe(first!.rows[2]!.id);

    const rest = (await walk(path, {}, 3, first!.next!)).flatMap((p) => p.rows);
    expect(ids(rest)).toEqual(ids(before.slice(3)));
  });

  it("pages units without a block (houses) first, in natural order, across every page boundary", async () => {
    const filter = { condominio_id: condominioId };
    const label = (r: Row) => `${(r.bloco as string | null) ?? "-"}/${r.numero_unidade as string}`;
    const all = await allRows("/api/unidades", filter);
    const expected = ["-/1", "-/2", "-/10", "-/A1", "-/casa", "A/2", "A/101", "A/102", "A/1001", "B/1", "B/2", "B/10", "Z/1"];
    // Rows added by the insertion test (numbers 00, 000...) come before them all.
    expect(all.map(label).filter((l) => !/^-\/0+$/.test(l))).toEqual(expected);
    for (const limit of [1, 2, 4]) {
      expect((await walk("/api/unidades", filter, limit)).flatMap((p) => p.rows).map(label)).toEqual(all.map(label));
    }
  });

  it("keeps offset working, with a next cursor that continues from where the offset page ends", async () => {
    const all = await allRows("/api/condominios");
    const page = await get(`/api/condominios?${query({ limit: 2, offset: 3 })}`);
    expect(ids(page.rows)).toEqual(ids(all.slice(3, 5)));
    const following = await get(`/api/condominios?${query({ limit: 2, after: page.next!, offset: 0 })}`);
    expect(ids(following.rows)).toEqual(ids(all.slice(5, 7)));
  });
});

// Each list's query is prepared once per shape (src/server/db/prepared.ts): requests of the same
// shape with other values must answer for their own values, never for the first request's.
describe("the same list shape with other values", () => {
  const searches: Record<(typeof names)[number], [string, string]> = {
    condominios: ["alfa", "zeta"],
    unidades: ["casa", "A1"],
    veiculos: ["bra", "xyz"],
    prestadores: ["jardins", "limpeza"],
    usuarios: ["silva", "souza"],
  };
  it.each(names)("%s: each search answers for its own text, page after page", async (name) => {
    const { path } = lists[name]!;
    for (const text of [...searches[name], ...searches[name]]) {
      const rows = (await walk(path, { q: text }, 2)).flatMap((p) => p.rows);
      expect(rows.length, `${path}?q=${text}`).toBeGreaterThan(0);
      for (const row of rows) expect(JSON.stringify(row).toLowerCase(), `${path}?q=${text}`).toContain(text.toLowerCase());
    }
  });
});

describe("bad cursors", () => {
  const uuid = "00000000-0000-4000-8000-000000000000";
  const b64 = (text: string) => Buffer.from(text).toString("base64url");
  const malformed: Record<string, string> = {
    empty: "",
    "not base64url": "não é cursor!",
    padded: `${encodeCursor(["a", uuid])}=`,
    "impossible length": "abcde",
    "not UTF-8": "____",
    "not JSON": b64("isto não é json"),
    "JSON object": b64('{"nome":"a","id":"x"}'),
    "JSON string": b64('"a"'),
    "empty array": encodeCursor([]),
    "too few values": encodeCursor(["a"]),
    "too many values": encodeCursor(["a", "b", "c", uuid, "e"]),
    "number for text": encodeCursor([1, "1", uuid]),
    "null for text": encodeCursor([null, "1", uuid]),
    "id not a uuid": encodeCursor(["a", "1", "1 or 1=1"]),
    "NUL in text": encodeCursor(["a\u0000b", "1", uuid]),
    "lone surrogate": encodeCursor(["\ud800", "1", uuid]),
    "SQL in text": encodeCursor(["') or 1=1; drop table portaria_web_unidades; --", uuid, uuid, uuid]),
    "too long": "A".repeat(5000),
  };
  /** Refused shapes of one list only: the key of another list. */
  const wrongShape: Record<(typeof names)[number], string> = {
    condominios: encodeCursor(["", "1", uuid]),
    unidades: encodeCursor(["Residencial", uuid]),
    veiculos: encodeCursor(["ABC12345", uuid]),
    prestadores: encodeCursor(["", "1", uuid]),
    usuarios: encodeCursor(["a", 1]),
  };

  async function expectRefused(url: string, message: string) {
    const before = await databaseSnapshot(t);
    const response = await request(t, "GET", url, { cookie: admin });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(400);
    expect(errorWithoutRequestId(response)).toStrictEqual({
      error: { code: "VALIDATION_ERROR", title: "Dados inválidos", message, fields: { after: message } },
    });
    expect(await databaseSnapshot(t), `${url} changed the database`).toStrictEqual(before);
  }

  it.each(names)("%s: a malformed or tampered cursor is a 400 in the error shape and changes nothing", async (name) => {
    const { path } = lists[name]!;
    for (const cursor of [...Object.values(malformed), wrongShape[name]]) {
      await expectRefused(`${path}?${query({ after: cursor })}`, MSG.listCursorInvalid.message);
    }
    // Repeated: two positions.
    const { next } = await get(`${path}?limit=1`);
    await expectRefused(`${path}?${query({ after: next! })}&${query({ after: next! })}`, MSG.listCursorInvalid.message);
  });

  it.each(names)("%s: hostile text in a well-formed cursor is only a position (bound as a parameter)", async (name) => {
    const { path } = lists[name]!;
    const hostile =
      name === "veiculos" ? ["'--", uuid] : name === "unidades" ? ["'; drop table portaria_web_unidades; --", "1' or '1'='1", uuid] : ["') or 1=1; --", uuid];
    const before = await databaseSnapshot(t);
    const page = await get(`${path}?${query({ after: encodeCursor(hostile) })}`);
    expect(ids(page.rows)).toEqual(ids((await allRows(path)).filter((r) => page.rows.some((p) => p.id === r.id))));
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it.each(names)("%s: after with an offset other than 0 is refused; with offset 0 it is a page", async (name) => {
    const { path } = lists[name]!;
    const { next } = await get(`${path}?limit=1`);
    await expectRefused(`${path}?${query({ after: next!, offset: 5 })}`, MSG.listCursorWithOffset.message);
    expect((await get(`${path}?${query({ after: next!, offset: 0, limit: 1 })}`)).rows).toHaveLength(1);
  });
});
