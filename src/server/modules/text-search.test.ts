import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, prestadores, unidades, veiculos } from "../db/schema";
import { ADMIN, createTestApp, request, signIn, type TestApp } from "../testing/harness";
import { FEW_MATCHES } from "./text-search";

// A search reads its page either from the order index (many matches) or from the matching rows
// sorted afterwards (few matches, text-search.ts). Both must give the same rows in the same order
// as the list without a search: checked here on each side of FEW_MATCHES, on both lists that use it.

let t: TestApp;
let admin: string;
/** The ids of the rows each search must find, by list and search text (from the inserts). */
const inserted = new Map<string, Set<string>>();
const keep = (key: string, rows: { id: string }[]) => inserted.set(key, new Set(rows.map((r) => r.id)));
const MANY = FEW_MATCHES + 60;
const FEW = 25;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  const db = t.database.db;
  // Names repeat (every 7th) so the id decides the order between equals, as in the list.
  const name = (prefix: string, i: number) => `${prefix} ${String(i % Math.ceil(MANY / 7)).padStart(4, "0")}`;
  const many = Array.from({ length: MANY }, (_, i) => ({ nome_empresa_profissional: name("Limpeza Predial", i), tipo_servico: "Limpeza" }));
  const few = Array.from({ length: FEW }, (_, i) => ({ nome_empresa_profissional: name("Jardim Raro", i), tipo_servico: "Jardinagem" }));
  keep("prestadores limpeza", await db.insert(prestadores).values(many).returning({ id: prestadores.id }));
  keep("prestadores raro", await db.insert(prestadores).values(few).returning({ id: prestadores.id }));
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial das Buscas" }).returning();
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, numero_unidade: "1" }).returning();
  const [morador] = await db.insert(moradores).values({ unidade_id: unidade!.id, nome_completo: "Ana Buscas", tipo_morador: "proprietario" }).returning();
  const plate = (i: number) => `QAA${i % 10}${String.fromCharCode(65 + (Math.floor(i / 10) % 26))}${String(Math.floor(i / 260)).padStart(2, "0")}`;
  const vehicle = (i: number) => ({ morador_id: morador!.id, unidade_id: unidade!.id, placa: plate(i), tipo_veiculo: "carro" });
  const fiats = Array.from({ length: MANY }, (_, i) => ({ ...vehicle(i), marca: "Fiat", modelo: "Uno" }));
  const sprinters = Array.from({ length: FEW }, (_, i) => ({ ...vehicle(MANY + i), marca: "Mercedes-Benz", modelo: "Sprinter" }));
  keep("veiculos fiat", await db.insert(veiculos).values(fiats).returning({ id: veiculos.id }));
  keep("veiculos sprinter", await db.insert(veiculos).values(sprinters).returning({ id: veiculos.id }));
});
afterAll(() => t.close());

/** Every row of a list, page after page (200 at a time, following `next` as the screens do), and the total. */
async function readAll(path: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = -1;
  let after: string | null = null;
  do {
    const response = await request(t, "GET", `${path}&limit=200${after ? `&after=${after}` : ""}`, { cookie: admin });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { rows: { id: string }[]; total: number; next: string | null };
    if (total < 0) total = page.total;
    ids.push(...page.rows.map((r) => r.id));
    after = page.next;
  } while (after);
  return { ids, total };
}

describe.each([
  { list: "prestadores", path: "/api/prestadores?condominio_id=todos&status=todos", many: "limpeza", few: "raro" },
  { list: "veiculos", path: "/api/veiculos?condominio_id=todos&status=todos", many: "fiat", few: "sprinter" },
])("a search in $list", ({ list, path, many, few }) => {
  // The list without a search, read along its order index: the order every search must keep.
  let everything: string[];
  beforeAll(async () => {
    everything = (await readAll(`${path}&q=`)).ids;
  });

  it.each([
    ["with many matches (read along the order index)", "many", MANY],
    ["with few matches (matching rows read first, then sorted)", "few", FEW],
  ] as const)("%s gives every match once, in the list's order", async (_label, which, expected) => {
    const q = which === "many" ? many : few;
    const { ids, total } = await readAll(`${path}&q=${q}`);
    expect(total).toBe(expected);
    expect(new Set(ids).size).toBe(expected);
    const wanted = inserted.get(`${list} ${q}`)!;
    expect(wanted.size).toBe(expected);
    expect(ids).toEqual(everything.filter((id) => wanted.has(id)));
  });

  it("pages the few matches by offset, with a small limit, the same way", async () => {
    const pages = [0, 10, 20].map((offset) => request(t, "GET", `${path}&q=${few}&limit=10&offset=${offset}`, { cookie: admin }));
    const ids = (await Promise.all(pages)).flatMap((r) => (r.json() as { rows: { id: string }[] }).rows.map((row) => row.id));
    expect(ids).toEqual((await readAll(`${path}&q=${few}`)).ids);
  });
});
