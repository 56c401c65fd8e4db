import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countLeads = async () => (await t.database.db.select({ n: count() }).from(leads))[0]!.n;
const post = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/leads", headers: { origin: TEST_ORIGIN }, payload: payload as object });

describe("POST /api/leads", () => {
  it("stores a lead and answers 201", async () => {
    const before = await countLeads();
    const response = await post({ nome: "Maria Souza", email: "maria@exemplo.com.br", telefone_celular: "(11) 98765-4321", descricao: "Quero um orçamento" });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(leads).orderBy(leads.created_at);
    expect(await countLeads()).toBe(before + 1);
    expect(row).toMatchObject({ nome: "Maria Souza", email: "maria@exemplo.com.br", telefone_celular: "11987654321" });
  });

  it("stores an empty phone as null", async () => {
    const response = await post({ nome: "João", email: "joao@exemplo.com", telefone_celular: "", descricao: "" });
    expect(response.statusCode).toBe(201);
    const rows = await t.database.db.select().from(leads);
    expect(rows.find((r) => r.nome === "João")?.telefone_celular).toBeNull();
  });

  it.each([
    ["nome missing", { email: "a@b.com" }],
    ["email missing", { nome: "Ana" }],
    ["nome blank", { nome: "   ", email: "a@b.com" }],
    ["email blank", { nome: "Ana", email: "" }],
  ])("refuses %s with the spec's message and stores nothing", async (_label, payload) => {
    const before = await countLeads();
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ title: "Campos obrigatórios", message: "Por favor, preencha o nome e o email." });
    expect(await countLeads()).toBe(before);
  });

  it("refuses an invalid e-mail and an invalid phone with field messages", async () => {
    const before = await countLeads();
    const bad = await post({ nome: "Ana", email: "não-é-email" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBe("Informe um email válido.");
    const badPhone = await post({ nome: "Ana", email: "ana@b.com", telefone_celular: "123" });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields.telefone_celular).toBe("Informe um telefone válido com DDD.");
    expect(await countLeads()).toBe(before);
  });

  it("refuses malformed JSON with the error shape", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/leads",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "{nome:",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.title).toBe("Dados inválidos");
  });
});
