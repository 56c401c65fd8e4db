import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "@shared/time";
import { ADMIN, createTestApp, request, signIn, type TestApp } from "../../testing/harness";

// Issue 14: each provider's authorisation situation today (São Paulo), on its rows and as a list
// filter done by the database, with the list's keyset paging. The edges of the day (23:59 and
// 00:01 local, server in UTC) are tested on the pure function (src/shared/prestador-situacao.test.ts).

let t: TestApp;
let admin: string;

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const hoje = today();
const ontem = addDays(hoje, -1);
const amanha = addDays(hoje, 1);

// name -> [start, end, expected situation]
const CASES: Record<string, [string | null, string | null, string]> = {
  "Sit Vencida ontem": [addDays(hoje, -30), ontem, "vencida"],
  "Sit Vencida sem início": [null, ontem, "vencida"],
  "Sit Vigente até hoje": [ontem, hoje, "vigente"],
  "Sit Vigente desde hoje": [hoje, amanha, "vigente"],
  "Sit Vigente sem início": [null, hoje, "vigente"],
  "Sit A iniciar amanhã": [amanha, addDays(hoje, 30), "a_iniciar"],
  "Sit A iniciar sem fim": [amanha, null, "a_iniciar"],
  "Sit Indeterminado": [ontem, null, "indeterminado"],
  "Sit Indeterminado desde hoje": [hoje, null, "indeterminado"],
  "Sit Sem período": [null, null, "indeterminado"],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  for (const [nome, [inicio, fim]] of Object.entries(CASES)) {
    const response = await request(t, "POST", "/api/prestadores", {
      cookie: admin,
      payload: { nome_empresa_profissional: nome, tipo_servico: "Manutenção", data_inicio_autorizacao: inicio, data_fim_autorizacao: fim },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().situacao).toBe(CASES[nome]![2]);
  }
});
afterAll(() => t?.close());

const list = async (query: string) => {
  const response = await request(t, "GET", `/api/prestadores?${query}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: { id: string; nome_empresa_profissional: string; situacao: string }[]; total: number; next: string | null };
};

describe("provider situation", () => {
  it("is on every row of the list and of the provider's own read", async () => {
    const { rows } = await list("q=Sit&limit=50");
    expect(Object.fromEntries(rows.map((r) => [r.nome_empresa_profissional, r.situacao]))).toEqual(
      Object.fromEntries(Object.entries(CASES).map(([nome, [, , situacao]]) => [nome, situacao])),
    );
    const one = await request(t, "GET", `/api/prestadores/${rows[0]!.id}`, { cookie: admin });
    expect(one.json().situacao).toBe(CASES[rows[0]!.nome_empresa_profissional]![2]);
  });

  it.each(["vigente", "vencida", "a_iniciar", "indeterminado"])("filters by situacao=%s in the database, with its total", async (situacao) => {
    const expected = Object.entries(CASES)
      .filter(([, [, , s]]) => s === situacao)
      .map(([nome]) => nome)
      .sort();
    const { rows, total } = await list(`situacao=${situacao}&limit=50`);
    expect(rows.map((r) => r.nome_empresa_profissional).sort()).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(rows.every((r) => r.situacao === situacao)).toBe(true);
    // With the other filters and a search as well.
    expect((await list(`situacao=${situacao}&status=ativo&condominio_id=geral&q=Sit&limit=50`)).total).toBe(expected.length);
  });

  it("keeps the keyset paging: one row at a time through the filtered list", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`situacao=vigente&limit=1${after ? `&after=${encodeURIComponent(after)}` : ""}`);
      expect(page.total).toBe(3);
      seen.push(...page.rows.map((r) => r.nome_empresa_profissional));
      after = page.next;
    } while (after);
    expect(seen).toEqual(["Sit Vigente até hoje", "Sit Vigente desde hoje", "Sit Vigente sem início"]);
  });

  it("'todas' (the default) lists every provider; junk is refused in Portuguese", async () => {
    expect((await list("situacao=todas")).total).toBe(Object.keys(CASES).length);
    for (const junk of ["ativa", "VIGENTE", "", "vigente,vencida"]) {
      const response = await request(t, "GET", `/api/prestadores?situacao=${encodeURIComponent(junk)}`, { cookie: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ situacao: "Situação inválida." });
    }
  });
});
