import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { condominios, moradores, unidades } from "../../db/schema";
import { createTestApp, request, testConfig, userWithPermissions } from "../../testing/harness";

// Guessing visitors' codes at the gate (tentativas.ts, docs/decisions/0005-limites-de-tentativas.md):
// the limit holds under a concurrent burst, counts per gate and per shape of what was read, and a
// USB reader's misreads never lock out the valid code read next.

const sp = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00-03:00`);
const POR_PORTARIA = 10;
const t = await createTestApp(
  { rateLimits: { ...testConfig().rateLimits, codigosPorUsuario: { window: 900, max: POR_PORTARIA }, codigosPorEndereco: { window: 900, max: 25 } } },
  { agora: () => sp("2027-03-01", "12:00") },
);
afterAll(() => t.close());
const db = t.database.db;

const ids = { a: "", b: "" };
let porteiro = "";
const codigos = { a: "", b: "" };
/** The authorisation each code opens. */
const abertas = new Map<string, string>();
const INVALIDO = "Código inválido ou inexistente.";

beforeAll(async () => {
  const [a, b] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Tentativas" }, { nome: "Edifício Segunda Portaria" }])
    .returning();
  Object.assign(ids, { a: a!.id, b: b!.id });
  const [ua, ub] = await db
    .insert(unidades)
    .values([
      { condominio_id: a!.id, bloco: "A", numero_unidade: "101" },
      { condominio_id: b!.id, bloco: "B", numero_unidade: "201" },
    ])
    .returning();
  const [ma, mb] = await db
    .insert(moradores)
    .values([
      { unidade_id: ua!.id, nome_completo: "Ana Moradora", tipo_morador: "proprietario" },
      { unidade_id: ub!.id, nome_completo: "Beto Morador", tipo_morador: "proprietario" },
    ])
    .returning();
  porteiro = (await userWithPermissions(t, "porteiro@tentativas.local", ["registrar_acesso_visitante"], [a!.id, b!.id])).cookie;
  for (const [key, condominio, unidade, morador] of [
    ["a", a!.id, ua!.id, ma!.id],
    ["b", b!.id, ub!.id, mb!.id],
  ] as const) {
    const created = await request(t, "POST", "/api/visitantes", {
      cookie: porteiro,
      payload: {
        condominio_id: condominio,
        unidade_id: unidade,
        morador_id: morador,
        nome_visitante: "Visita Válida",
        tipo: "periodo",
        valido_de: "2027-03-01",
        valido_ate: "2027-03-31",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    codigos[key] = created.json().codigo;
    abertas.set(created.json().codigo, created.json().id);
  }
});
beforeEach(async () => {
  await db.execute(sql`delete from portal_limites_tentativas`);
});

const entrada = (codigo: string, condominio = ids.a) =>
  request(t, "POST", "/api/controle-acesso/entrada", { cookie: porteiro, payload: { condominio_id: condominio, pessoa: { tipo: "codigo", codigo } } });
const busca = (q: string, condominio = ids.a) =>
  request(t, "GET", `/api/controle-acesso/busca?condominio_id=${condominio}&q=${encodeURIComponent(q)}`, { cookie: porteiro });
/** The search's answer to a code that must open its authorisation. */
async function abre(codigo: string, condominio = ids.a) {
  const answer = await busca(codigo, condominio);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().autorizacao).toMatchObject({ id: abertas.get(codigo) });
  expect(answer.json().codigo_recusa).toBeNull();
}
/** Well-formed codes (8 characters of the alphabet, a digit and a letter) that open nothing. */
const errado = (i: number) => `ZZZ${String(i).padStart(4, "2").replace(/[01]/g, "9")}Z`;

describe("guessing codes", () => {
  it("answers 'Código inválido' to no more than the limit of 200 wrong codes sent at once, 429 to the rest", async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => entrada(errado(i))));
    const evaluated = answers.filter((a) => a.statusCode !== 429);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(POR_PORTARIA);
    for (const a of evaluated) expect(a.json().error.message).toBe(INVALIDO);
    for (const a of answers.filter((x) => x.statusCode === 429)) expect(a.json().error).toMatchObject({ code: "RATE_LIMITED", title: "Muitas tentativas" });
    // The search's lookups are the same counter.
    expect((await busca(errado(999))).statusCode).toBe(429);
  });

  it("does not lock out a valid code after the reader's misreads (malformed input, a broken QR)", async () => {
    const misreads = ["ABC2345", "ABCD23456", "ABCD 234", "GV1.AAAA.BBBB", "GV1.", "0000OOOO", "ABCD2345X", "abcdefgh", "GV1.x.y.z", "####"];
    for (let round = 0; round < 2; round++) {
      for (const m of misreads) {
        const answer = await entrada(m);
        expect(answer.statusCode, m).toBe(404);
        expect(answer.json().error.message).toBe(INVALIDO);
      }
    }
    // Twice the gate's limit of misreads, and a few wrong well-formed codes: the valid code opens.
    for (let i = 0; i < 3; i++) expect((await entrada(errado(i))).statusCode).toBe(404);
    await abre(codigos.a);
  });

  it("counts per gate: wrong codes at one condominium's console do not lock another's", async () => {
    for (let i = 0; i < POR_PORTARIA; i++) expect((await entrada(errado(i))).statusCode).toBe(404);
    expect((await entrada(codigos.a)).statusCode).toBe(429);
    await abre(codigos.b, ids.b);
  });

  it("a valid code gives its slot back: the gate's own visitors never fill the window", async () => {
    for (let i = 0; i < POR_PORTARIA * 2; i++) await abre(codigos.a);
    for (let i = 0; i < POR_PORTARIA; i++) expect((await entrada(errado(i))).statusCode).toBe(404);
    expect((await entrada(errado(99))).statusCode).toBe(429);
  });
});
