import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "@shared/time";
import { condominios, presencas, registrosAcesso } from "../../db/schema";
import { createTestApp, request, userWithPermissions } from "../../testing/harness";

// The painel's 'Relatórios' card (issue 15): today at the gate in São Paulo time, with the server
// in UTC, for who may read the records, limited to their condominiums.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;
const ids = { a: "", b: "" };
let sindico = "";

/** The UTC instant of São Paulo's wall-clock `hh:mm` on `day` (UTC−3, no daylight saving since 2019). */
const saoPaulo = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);
const yesterday = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const [a, b] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Relatório" }, { nome: "Condomínio de Fora" }])
    .returning();
  Object.assign(ids, { a: a!.id, b: b!.id });
  const hoje = today();
  const rows = [
    { condominio_id: a!.id, em: saoPaulo(yesterday(hoje), "23:30"), resultado: "liberado" },
    { condominio_id: a!.id, em: saoPaulo(hoje, "00:30"), resultado: "liberado" },
    { condominio_id: a!.id, em: saoPaulo(hoje, "10:05"), resultado: "liberado" },
    { condominio_id: a!.id, em: saoPaulo(hoje, "10:55"), resultado: "liberado" },
    { condominio_id: a!.id, em: saoPaulo(hoje, "10:40"), resultado: "negado" },
    { condominio_id: b!.id, em: saoPaulo(hoje, "10:10"), resultado: "liberado" },
  ];
  // History keeps its own times only through the import setting (migration 0014).
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
    for (const r of rows) {
      await tx.insert(registrosAcesso).values({
        condominio_id: r.condominio_id,
        tipo_pessoa: "visitante",
        nome_pessoa: "Visita",
        sentido: "entrada",
        resultado: r.resultado,
        motivo: r.resultado === "negado" ? "Cadastro inativo." : null,
        metodo: "manual",
        registrado_em: r.em,
      });
    }
  });
  const [entrada] = await db.select({ id: registrosAcesso.id }).from(registrosAcesso).limit(1);
  await db.insert(presencas).values([
    {
      condominio_id: a!.id,
      pessoa_chave: "visitante:um",
      tipo_pessoa: "visitante",
      nome_pessoa: "Um",
      registro_entrada_id: entrada!.id,
      entrou_em: new Date(),
    },
    {
      condominio_id: b!.id,
      pessoa_chave: "visitante:dois",
      tipo_pessoa: "visitante",
      nome_pessoa: "Dois",
      registro_entrada_id: entrada!.id,
      entrou_em: new Date(),
    },
  ]);
  sindico = (await userWithPermissions(t, "sindico-relatorio@teste.local", ["visualizar_registros_acesso"], [a!.id])).cookie;
});

describe("GET /api/painel/acessos", () => {
  it("counts today's entries per São Paulo hour, refusals and who is inside, in the user's condominiums only", async () => {
    const response = await request(t, "GET", "/api/painel/acessos", { cookie: sindico });
    expect(response.statusCode).toBe(200);
    const porHora = Array.from({ length: 24 }, () => 0);
    porHora[0] = 1;
    porHora[10] = 2;
    expect(response.json()).toEqual({ entradas_hoje: 3, recusas_hoje: 1, dentro_agora: 1, entradas_por_hora: porHora });
    const other = await request(t, "GET", `/api/painel/acessos?condominio_id=${ids.b}`, { cookie: sindico });
    expect(other.json()).toMatchObject({ entradas_hoje: 0, recusas_hoje: 0, dentro_agora: 0 });
  });

  it("is closed to who may not read the records", async () => {
    const porteiro = await userWithPermissions(t, "porteiro-relatorio@teste.local", ["registrar_acesso_visitante"]);
    const refused = await request(t, "GET", "/api/painel/acessos", { cookie: porteiro.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Você não tem permissão para visualizar os registros de acesso.");
  });
});
