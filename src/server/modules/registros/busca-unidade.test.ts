import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistrosPage } from "@shared/schemas/registros";
import { condominios, unidades } from "../../db/schema";
import { createTestApp, request, userWithPermissions } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";

// Registros' text search by unit (issue 26): the unit as the screens show it ('Bloco A - 102'),
// as a porteiro writes it ('A 102', 'a-102') or only its number, in the list and in the export,
// on PGlite or (TEST_DATABASE_URL) PostgreSQL.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

let cookie = "";
let condominioId = "";
const DIA = "2026-04-14";
const dia = `de=${DIA}&ate=${DIA}`;

beforeAll(async () => {
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Busca por Unidade" }).returning();
  condominioId = condominio!.id;
  const u = await db
    .insert(unidades)
    .values([
      { condominio_id: condominioId, bloco: "A", numero_unidade: "102" },
      { condominio_id: condominioId, bloco: "A", numero_unidade: "101" },
      { condominio_id: condominioId, bloco: "A", numero_unidade: "1020" },
      // A block stored with its word: shown as 'Bloco B - 102' too.
      { condominio_id: condominioId, bloco: "Bloco B", numero_unidade: "102" },
      { condominio_id: condominioId, bloco: null, numero_unidade: "102" },
    ])
    .returning();
  const at = (hour: number) => new Date(`${DIA}T${String(hour).padStart(2, "0")}:00:00Z`);
  await importarRegistros(db, [
    registro(condominioId, { nome_pessoa: "Visita A102", unidade_id: u[0]!.id, registrado_em: at(12) }),
    registro(condominioId, { nome_pessoa: "Visita A101", unidade_id: u[1]!.id, registrado_em: at(13) }),
    registro(condominioId, { nome_pessoa: "Visita A1020", unidade_id: u[2]!.id, registrado_em: at(14) }),
    registro(condominioId, { nome_pessoa: "Visita B102", unidade_id: u[3]!.id, registrado_em: at(15) }),
    registro(condominioId, { nome_pessoa: "Visita Sem Bloco 102", unidade_id: u[4]!.id, registrado_em: at(16) }),
  ]);
  cookie = (await userWithPermissions(t, "busca-unidade@teste.local", ["visualizar_registros_acesso"])).cookie;
});

const search = async (q: string) => {
  const response = await request(t, "GET", `/api/registros?${dia}&condominio_id=${condominioId}&q=${encodeURIComponent(q)}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as RegistrosPage).rows.map((r) => r.nome_pessoa).sort();
};

describe("Registros: search by unit as it is displayed", () => {
  it.each(["Bloco A - 102", "A 102", "a-102", "A/102", "bloco a 102", "  Bloco A - 102  "])("'%s' finds the records of unit 102 of block A only", async (q) => {
    expect(await search(q)).toEqual(["Visita A102"]);
  });

  it("finds a block stored with its word by its label or its letter", async () => {
    expect(await search("Bloco B - 102")).toEqual(["Visita B102"]);
    expect(await search("B 102")).toEqual(["Visita B102"]);
  });

  it("'102' finds unit 102 of every block (and the numbers containing it, as before)", async () => {
    expect(await search("102")).toEqual(["Visita A102", "Visita A1020", "Visita B102", "Visita Sem Bloco 102"]);
  });

  it("a block or number that does not exist finds nothing", async () => {
    expect(await search("Bloco C - 102")).toEqual([]);
    expect(await search("A 103")).toEqual([]);
  });

  it("exports exactly what the list finds", async () => {
    const response = await request(t, "GET", `/api/registros/exportar?${dia}&condominio_id=${condominioId}&q=${encodeURIComponent("Bloco A - 102")}`, {
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.rawPayload.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Visita A102");
    expect(lines[1]).toContain("Bloco A - 102");
  });
});
