import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistroListItem, RegistrosPage } from "@shared/schemas/registros";
import { condominios, registrosAcesso, unidades } from "../../db/schema";
import { createTestApp, databaseSnapshot, errorWithoutRequestId, request, userWithPermissions } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";

// 'Corrigir registro' (gatehouse-spec §5, issue 26): a correction is a new record pointing at the
// one it corrects, shown next to it, exported and chained. On PGlite or (TEST_DATABASE_URL)
// PostgreSQL.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

const c = { a: "", b: "" };
const ids = { placa: "", negado: "", doB: "" };
let corretor: { cookie: string };
let soLeitura: { cookie: string };
let soPortaria: { cookie: string };
let escopoB: { cookie: string };
const DIA = "2026-05-20";
const dia = `de=${DIA}&ate=${DIA}`;

beforeAll(async () => {
  const [a, b] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Correções A" }, { nome: "Residencial Correções B" }])
    .returning();
  c.a = a!.id;
  c.b = b!.id;
  const [unidade] = await db.insert(unidades).values({ condominio_id: c.a, bloco: "A", numero_unidade: "102" }).returning();
  const rows = await importarRegistros(db, [
    registro(c.a, { nome_pessoa: "Carlos Placa Errada", unidade_id: unidade!.id, placa: "ABC1D23", registrado_em: new Date(`${DIA}T12:00:00Z`) }),
    registro(c.a, {
      nome_pessoa: "Denise Recusada",
      resultado: "negado",
      motivo: "Cadastro inativo.",
      metodo: "busca",
      registrado_em: new Date(`${DIA}T13:00:00Z`),
    }),
    registro(c.b, { nome_pessoa: "Pessoa do B", registrado_em: new Date(`${DIA}T14:00:00Z`) }),
  ]);
  ids.placa = rows[0]!.id;
  ids.negado = rows[1]!.id;
  ids.doB = rows[2]!.id;
  corretor = await userWithPermissions(t, "corretor@teste.local", ["visualizar_registros_acesso", "registrar_acesso_visitante"]);
  soLeitura = await userWithPermissions(t, "so-leitura@teste.local", ["visualizar_registros_acesso"]);
  soPortaria = await userWithPermissions(t, "so-portaria@teste.local", ["registrar_acesso_visitante"]);
  escopoB = await userWithPermissions(t, "corretor-b@teste.local", ["visualizar_registros_acesso", "registrar_acesso_visitante"], [c.b]);
});

const corrigir = (id: string, payload: object, cookie = corretor.cookie) => request(t, "POST", `/api/registros/${id}/correcoes`, { cookie, payload });
const list = async (query: string) => {
  const response = await request(t, "GET", `/api/registros?${query}`, { cookie: corretor.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RegistrosPage;
};
const verificar = async (condominio_id: string) =>
  (await request(t, "POST", "/api/registros/verificar-integridade", { cookie: corretor.cookie, payload: { condominio_id } })).json();

describe("POST /api/registros/:id/correcoes", () => {
  let correcaoId = "";

  it("records a new, chained record pointing at the corrected one; the original is kept as it was", async () => {
    const before = await verificar(c.a);
    expect(before).toMatchObject({ integra: true, verificados: 2 });
    const [original] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, ids.placa));

    const response = await corrigir(ids.placa, { errado: "  Placa ABC1D23.  ", certo: "A placa era ABC1D24." });
    expect(response.statusCode, response.body).toBe(201);
    correcaoId = response.json().id;
    expect(response.json()).toEqual({ id: expect.any(String), registrado_em: expect.any(String) });

    const [novo] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, correcaoId));
    expect(novo).toMatchObject({
      condominio_id: c.a,
      corrige_registro_id: ids.placa,
      nome_pessoa: "Carlos Placa Errada",
      placa: "ABC1D23",
      sentido: "entrada",
      resultado: "liberado",
      operador_nome: "Teste corretor@teste.local",
      seq: 3,
    });
    // Chained after the last record of its condominium.
    const [ultimo] = await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, ids.negado));
    expect(novo!.hash_anterior).toBe(ultimo!.hash);
    expect((await db.select().from(registrosAcesso).where(eq(registrosAcesso.id, ids.placa)))[0]).toEqual(original);
    // 'Verificar integridade' counts it.
    expect(await verificar(c.a)).toMatchObject({ integra: true, verificados: 3, mensagem: "Registros íntegros: 3 verificados." });
  });

  it("is shown next to the corrected record, and says what it corrects", async () => {
    const hoje = await list(`condominio_id=${c.a}`);
    const row = hoje.rows.find((r) => r.id === correcaoId)!;
    expect(row).toMatchObject({
      corrige_registro_id: ids.placa,
      correcao: {
        corrige: { id: ids.placa, registrado_em: `${DIA}T12:00:00.000Z`, nome_pessoa: "Carlos Placa Errada" },
        errado: "Placa ABC1D23.",
        certo: "A placa era ABC1D24.",
      },
      correcoes: [],
    });
    const doDia = await list(`${dia}&condominio_id=${c.a}`);
    const original = doDia.rows.find((r) => r.id === ids.placa)!;
    expect(original.correcao).toBeNull();
    expect(original.correcoes).toEqual([
      {
        id: correcaoId,
        registrado_em: row.registrado_em,
        operador_nome: "Teste corretor@teste.local",
        errado: "Placa ABC1D23.",
        certo: "A placa era ABC1D24.",
      },
    ]);
    expect(doDia.rows.find((r) => r.id === ids.negado)!.correcoes).toEqual([]);
  });

  it("exports the correction in its own column", async () => {
    const response = await request(t, "GET", `/api/registros/exportar?condominio_id=${c.a}`, { cookie: corretor.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...lines] = response.rawPayload.subarray(3).toString("utf8").split("\r\n").filter(Boolean);
    expect(header!.split(";").at(-1)).toBe("Correção");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.split(";").at(-1)).toBe(
      "Corrige o registro de 20/05/2026 09:00 (Carlos Placa Errada) — Estava errado: Placa ABC1D23. — Correto: A placa era ABC1D24.",
    );
    // The corrected record's own line has the column empty.
    const doDia = await request(t, "GET", `/api/registros/exportar?${dia}&condominio_id=${c.a}`, { cookie: corretor.cookie });
    const linhas = doDia.rawPayload.subarray(3).toString("utf8").split("\r\n").filter(Boolean).slice(1);
    expect(linhas.map((l) => l.split(";").at(-1))).toEqual(["", ""]);
  });

  it("exports quotes, separators and line breaks of a correction alike on both databases (COPY and JavaScript)", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial Correções CSV" }).returning();
    const [original] = await importarRegistros(db, [registro(fresh!.id, { nome_pessoa: "Fábio", registrado_em: new Date(`${DIA}T15:30:00Z`) })]);
    expect((await corrigir(original!.id, { errado: '=1+1 "aspas"; x', certo: "linha 1\nlinha 2" })).statusCode).toBe(201);
    const response = await request(t, "GET", `/api/registros/exportar?condominio_id=${fresh!.id}`, { cookie: corretor.cookie });
    const text = response.rawPayload.subarray(3).toString("utf8");
    expect(text.endsWith(';"Corrige o registro de 20/05/2026 12:30 (Fábio) — Estava errado: =1+1 ""aspas""; x — Correto: linha 1\r\nlinha 2"\r\n')).toBe(true);
  });

  it("corrects a refused record too; a second correction of the same record is another record", async () => {
    const first = await corrigir(ids.negado, { errado: "Cadastro estava ativo.", certo: "Entrou após confirmação." });
    const second = await corrigir(ids.negado, { errado: "Horário.", certo: "Foi às 10h." });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const doDia = await list(`${dia}&condominio_id=${c.a}`);
    const negado = doDia.rows.find((r) => r.id === ids.negado)!;
    expect(negado.correcoes.map((x) => x.errado)).toEqual(["Cadastro estava ativo.", "Horário."]);
    const novo = (await list(`condominio_id=${c.a}&resultado=negado`)).rows.find((r) => r.id === first.json().id) as RegistroListItem;
    expect(novo).toMatchObject({ resultado: "negado", motivo: "Cadastro inativo.", correcao: { corrige: { id: ids.negado } } });
    expect(await verificar(c.a)).toMatchObject({ integra: true, verificados: 5 });
  });

  it("refuses to correct a correction: the original is corrected again", async () => {
    const before = await databaseSnapshot(t);
    const response = await corrigir(correcaoId, { errado: "x", certo: "y" });
    expect(response.statusCode).toBe(403);
    expect(errorWithoutRequestId(response)).toStrictEqual({
      error: { code: "RULE", title: "Ação não permitida", message: "Uma correção não pode ser corrigida: corrija o registro original." },
    });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("answers 404 for a record out of the scope exactly as for one that does not exist, recording nothing", async () => {
    const before = await databaseSnapshot(t);
    const outOfScope = await corrigir(ids.placa, { errado: "x", certo: "y" }, escopoB.cookie);
    const unknown = await corrigir("00000000-0000-4000-8000-000000000000", { errado: "x", certo: "y" }, escopoB.cookie);
    expect([outOfScope.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(errorWithoutRequestId(outOfScope)).toStrictEqual(errorWithoutRequestId(unknown));
    expect(errorWithoutRequestId(unknown)).toStrictEqual({
      error: { code: "NOT_FOUND", title: "Registro não encontrado", message: "Registro não encontrado." },
    });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    // Its own condominium's record: corrected.
    expect((await corrigir(ids.doB, { errado: "Nome.", certo: "Pessoa do Bloco B." }, escopoB.cookie)).statusCode).toBe(201);
  });

  it("needs both permissions: reading the records and registering at the gate", async () => {
    const before = await databaseSnapshot(t);
    for (const who of [soLeitura, soPortaria]) {
      const response = await corrigir(ids.placa, { errado: "x", certo: "y" }, who.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("FORBIDDEN");
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("requires both texts, bounded", async () => {
    const before = await databaseSnapshot(t);
    const blank = await corrigir(ids.placa, { errado: "   ", certo: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ errado: "Diga o que estava errado no registro.", certo: "Diga o que está certo." });
    const long = await corrigir(ids.placa, { errado: "a".repeat(501), certo: "ok" });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ errado: "Use no máximo 500 caracteres." });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("is not counted again on the painel: the corrected entry was counted once", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial Correções Painel" }).returning();
    const [hoje] = await importarRegistros(db, [registro(fresh!.id, { nome_pessoa: "Entrou Hoje", registrado_em: new Date() })]);
    const painel = async () => (await request(t, "GET", `/api/painel/acessos?condominio_id=${fresh!.id}`, { cookie: corretor.cookie })).json();
    const before = await painel();
    expect((await corrigir(hoje!.id, { errado: "Unidade.", certo: "Unidade 102." })).statusCode).toBe(201);
    expect(await painel()).toEqual(before);
  });
});
