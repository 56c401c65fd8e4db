import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@shared/messages";
import { dateInSaoPaulo, today } from "@shared/time";
import { bloqueios } from "../../db/schema";
import { nextSeq } from "../../testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, userWithPermissions, type TestApp, errorWithoutRequestId } from "../../testing/harness";
import { bloqueioAplicavel, bloqueiosAplicaveis, mensagemBloqueio } from "./verificar";

// The blocklist (gatehouse-spec §6): create, list, remove with history, scope (§2), and the
// gate's check `bloqueioAplicavel` at the edges of São Paulo's day.

let t: TestApp;
let admin: string;
/** Holds only gerenciar_bloqueios_acesso, serving every condominium. */
let gestor: { cookie: string; usuarioId: string };
/** Holds gerenciar_bloqueios_acesso, serving condominiums A and B only. */
let sindico: { cookie: string; usuarioId: string };
const cond = { a: "", b: "", c: "" };

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type Row = { id: string; condominio_id: string | null; placa: string | null; nome: string | null; situacao: string; removido_por: { nome: string } | null };

const post = (payload: object, cookie = gestor.cookie) => request(t, "POST", "/api/bloqueios", { cookie, payload });
const list = async (query: string, cookie = gestor.cookie) => {
  const response = await request(t, "GET", `/api/bloqueios?${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: Row[]; total: number; next: string | null };
};
const created = async (payload: object, cookie = gestor.cookie) => {
  const response = await post(payload, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { rows: Row[] }).rows;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  for (const key of ["a", "b", "c"] as const) {
    const response = await request(t, "POST", "/api/condominios", { cookie: admin, payload: { nome: `Residencial Bloqueio ${key} ${nextSeq()}` } });
    cond[key] = response.json().id;
  }
  gestor = await userWithPermissions(t, "gestor-bloqueios@teste.local", ["gerenciar_bloqueios_acesso"]);
  sindico = await userWithPermissions(t, "sindico-bloqueios@teste.local", ["gerenciar_bloqueios_acesso"], [cond.a, cond.b]);
});
afterAll(() => t.close());

describe("POST /api/bloqueios", () => {
  it("creates a plate's block, normalised, with who created it", async () => {
    const [row] = await created({ tipo: "veiculo", placa: "abc-1234", motivo: "Ameaçou o porteiro.", condominio_id: cond.a });
    expect(row).toMatchObject({ tipo: "veiculo", placa: "ABC1234", condominio_id: cond.a, situacao: "ativo", valido_ate: null, removido_em: null });
    expect(row).toMatchObject({ criado_por: { id: gestor.usuarioId, nome: "Teste gestor-bloqueios@teste.local" } });
  });

  it("stores a person's document as letters and digits", async () => {
    const [row] = await created({ tipo: "pessoa", nome: "João da Silva", documento_numero: "123.456.789-09", motivo: "Furto", condominio_id: cond.a });
    expect(row).toMatchObject({ documento_numero: "12345678909", nome: "João da Silva" });
  });

  it("refuses what is missing or wrong, in Portuguese, and writes nothing", async () => {
    const cases: [object, Record<string, string>][] = [
      [{ tipo: "pessoa", motivo: "x" }, { documento_numero: MSG.bloqueioPessoaRequired.message }],
      [{ tipo: "veiculo", motivo: "x", nome: "Fulano" }, { placa: MSG.bloqueioVeiculoRequired.message }],
      [{ tipo: "veiculo", placa: "ABC1234" }, { motivo: MSG.bloqueioMotivoRequired.message }],
      [{ tipo: "veiculo", placa: "ABC1234", motivo: "   " }, { motivo: MSG.bloqueioMotivoRequired.message }],
      [{ tipo: "veiculo", placa: "AB-12", motivo: "x" }, { placa: "Placa inválida. Use ABC-1234 ou ABC1D23." }],
      [{ tipo: "pessoa", documento_numero: "--", motivo: "x" }, { documento_numero: "Documento inválido. Use de 4 a 20 letras e números." }],
      [{ tipo: "carro", placa: "ABC1234", motivo: "x" }, { tipo: "Escolha o tipo do bloqueio: pessoa ou veículo." }],
      [{ tipo: "veiculo", placa: "ABC1234", motivo: "x", valido_ate: addDays(today(), -1) }, { valido_ate: "A data final não pode estar no passado." }],
      [
        { tipo: "veiculo", placa: "ABC1234", motivo: "x", condominio_id: "00000000-0000-4000-8000-000000000000" },
        { condominio_id: "Escolha um condomínio ativo." },
      ],
    ];
    for (const [payload, fields] of cases) {
      const before = await databaseSnapshot(t);
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(payload)).toMatchObject(fields);
      expect(await databaseSnapshot(t)).toStrictEqual(before);
    }
  });

  it("refuses a document of type CPF whose check digits do not hold, with the CPF message, and writes nothing", async () => {
    const before = await databaseSnapshot(t);
    for (const documento_numero of ["123.456.789-00", "52998224724", "000.000.000-00"]) {
      const response = await post({
        tipo: "pessoa",
        nome: "Conferência de CPF",
        documento_tipo: "cpf",
        documento_numero,
        motivo: "Furto",
        condominio_id: cond.a,
      });
      expect(response.statusCode, documento_numero).toBe(400);
      expect(response.json().error.fields, documento_numero).toEqual({ documento_numero: "CPF inválido. Confira os números." });
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    const [cpf] = await created({
      tipo: "pessoa",
      nome: "Conferência de CPF",
      documento_tipo: "cpf",
      documento_numero: "529.982.247-25",
      motivo: "Furto",
      condominio_id: cond.a,
    });
    expect(cpf).toMatchObject({ documento_numero: "52998224725" });
    // Without a type (an RG, a CNH...), the number is not read as a CPF.
    const [rg] = await created({ tipo: "pessoa", nome: "Conferência de RG", documento_numero: "12345678900", motivo: "Furto", condominio_id: cond.a });
    expect(rg).toMatchObject({ documento_numero: "12345678900" });
  });

  it("accepts today as the last day (São Paulo's calendar)", async () => {
    const [row] = await created({ tipo: "veiculo", placa: "HOJ1E23", motivo: "Até hoje", condominio_id: cond.a, valido_ate: today() });
    expect(row).toMatchObject({ valido_ate: today(), situacao: "ativo" });
  });

  it("without a condominium: one block of every condominium for who serves them all, one per condominium of a scoped user", async () => {
    const geral = await created({ tipo: "veiculo", placa: "GER1A11", motivo: "Geral" });
    expect(geral.map((r) => r.condominio_id)).toEqual([null]);
    const escopo = await created({ tipo: "veiculo", placa: "ESC1A11", motivo: "Meus condomínios" }, sindico.cookie);
    expect(escopo.map((r) => r.condominio_id).sort()).toEqual([cond.a, cond.b].sort());
  });

  it("refuses a condominium out of the scope as unknown", async () => {
    const before = await databaseSnapshot(t);
    const response = await post({ tipo: "veiculo", placa: "FOR1A11", motivo: "x", condominio_id: cond.c }, sindico.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ condominio_id: "Escolha um condomínio ativo." });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("needs gerenciar_bloqueios_acesso (403 with the catalogue's text)", async () => {
    const other = await userWithPermissions(t, "sem-bloqueios@teste.local", ["registrar_acesso_visitante"]);
    const before = await databaseSnapshot(t);
    for (const response of [
      await post({ tipo: "veiculo", placa: "NOP1A11", motivo: "x" }, other.cookie),
      await request(t, "GET", "/api/bloqueios", { cookie: other.cookie }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe("Você não tem permissão para gerenciar bloqueios.");
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });
});

describe("GET /api/bloqueios", () => {
  it("lists newest first, with keyset pages", async () => {
    for (const n of [1, 2, 3]) await created({ tipo: "veiculo", placa: `PAG1A2${n}`, motivo: "Paginação", condominio_id: cond.b });
    const first = await list("q=PAG1A2&limit=2");
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.placa)).toEqual(["PAG1A23", "PAG1A22"]);
    const second = await list(`q=PAG1A2&limit=2&after=${first.next}`);
    expect(second.rows.map((r) => r.placa)).toEqual(["PAG1A21"]);
    expect(second.next).toBeNull();
  });

  it("finds by name, document (with or without punctuation) and plate; filters by type", async () => {
    expect((await list("q=joão")).rows.map((r) => r.nome)).toContain("João da Silva");
    expect((await list("q=456.789")).rows.map((r) => r.nome)).toContain("João da Silva");
    expect((await list("q=abc-12")).rows.map((r) => r.placa)).toContain("ABC1234");
    expect((await list("tipo=pessoa")).rows.every((r) => r.nome !== null)).toBe(true);
    expect((await list("tipo=veiculo&q=joão")).rows).toEqual([]);
  });

  it("a condominium's list includes the blocks of every condominium; a scoped user sees only theirs and the general ones", async () => {
    const deA = (await list(`condominio_id=${cond.a}&limit=200`)).rows;
    expect(deA.some((r) => r.condominio_id === null)).toBe(true);
    expect(deA.every((r) => r.condominio_id === null || r.condominio_id === cond.a)).toBe(true);
    await created({ tipo: "veiculo", placa: "CCC1C11", motivo: "Só em C", condominio_id: cond.c });
    const escopo = (await list("limit=200", sindico.cookie)).rows;
    expect(escopo.some((r) => r.placa === "GER1A11")).toBe(true);
    expect(escopo.some((r) => r.placa === "CCC1C11")).toBe(false);
    expect((await list(`condominio_id=${cond.c}`, sindico.cookie)).rows.every((r) => r.condominio_id === null)).toBe(true);
  });
});

describe("DELETE /api/bloqueios/:id", () => {
  it("removes: kept in history with who and when, gone from the active ones; twice is a clear 409", async () => {
    const [row] = await created({ tipo: "veiculo", placa: "REM1A11", motivo: "Remover", condominio_id: cond.a });
    const response = await request(t, "DELETE", `/api/bloqueios/${row!.id}`, { cookie: gestor.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ situacao: "removido", removido_por: { id: gestor.usuarioId } });
    expect(response.json().removido_em).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list("q=REM1A11")).rows).toEqual([]);
    expect((await list("q=REM1A11&mostrar=removidos")).rows.map((r) => r.id)).toEqual([row!.id]);
    expect((await list("q=REM1A11&mostrar=todos")).rows.map((r) => r.id)).toEqual([row!.id]);

    const again = await request(t, "DELETE", `/api/bloqueios/${row!.id}`, { cookie: gestor.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject(MSG.bloqueioJaRemovido);
  });

  it("out of scope: 404 as if it did not exist; a general block: only who serves every condominium; nothing changes", async () => {
    const [deC] = await created({ tipo: "veiculo", placa: "FOR2A22", motivo: "C", condominio_id: cond.c });
    const [geral] = await created({ tipo: "veiculo", placa: "GER2A22", motivo: "Geral" });
    const before = await databaseSnapshot(t);
    const outOfScope = await request(t, "DELETE", `/api/bloqueios/${deC!.id}`, { cookie: sindico.cookie });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json().error).toMatchObject(MSG.bloqueioNotFound);
    const unknown = await request(t, "DELETE", "/api/bloqueios/00000000-0000-4000-8000-000000000000", { cookie: sindico.cookie });
    expect(errorWithoutRequestId(unknown)).toEqual(errorWithoutRequestId(outOfScope));
    const general = await request(t, "DELETE", `/api/bloqueios/${geral!.id}`, { cookie: sindico.cookie });
    expect(general.statusCode).toBe(403);
    expect(general.json().error).toMatchObject(MSG.bloqueioGeralNeedsAll);
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });
});

describe("bloqueioAplicavel (the gate's check)", () => {
  const db = () => t.database.db;
  const HOJE = "2026-03-10";
  let ids: Record<string, string>;

  beforeAll(async () => {
    const rows = await db()
      .insert(bloqueios)
      .values([
        { condominio_id: cond.a, tipo: "pessoa", nome: "Carlos Pereira", documento_numero: "52998224725", motivo: "Agrediu um morador." },
        { condominio_id: cond.a, tipo: "pessoa", nome: "José Antônio  Souza", motivo: "Sem documento" },
        { condominio_id: null, tipo: "veiculo", placa: "GER9Z99", motivo: "Em todos" },
        { condominio_id: cond.a, tipo: "veiculo", placa: "HOJ9Z99", motivo: "Último dia", valido_ate: HOJE },
        { condominio_id: cond.a, tipo: "veiculo", placa: "ONT9Z99", motivo: "Terminou ontem", valido_ate: addDays(HOJE, -1) },
        { condominio_id: cond.a, tipo: "veiculo", placa: "REM9Z99", motivo: "Removido", removido_em: new Date() },
        { condominio_id: cond.b, tipo: "veiculo", placa: "OUT9Z99", motivo: "Outro condomínio" },
      ])
      .returning({ id: bloqueios.id, placa: bloqueios.placa, nome: bloqueios.nome });
    ids = Object.fromEntries(rows.map((r) => [r.placa ?? r.nome!, r.id]));
  });

  const check = (quem: { documento?: string; nome?: string; placa?: string }, condominioId = cond.a, hoje = HOJE) =>
    bloqueioAplicavel(db(), { condominioId, ...quem }, hoje);

  it("finds a person by the document, typed with or without punctuation", async () => {
    expect(await check({ documento: "529.982.247-25" })).toEqual({ id: ids["Carlos Pereira"], tipo: "pessoa", motivo: "Agrediu um morador." });
    expect(await check({ documento: "52998224725", nome: "Outro Nome" })).toMatchObject({ id: ids["Carlos Pereira"] });
  });

  it("a block with a document, matched by the name alone (no document, or another): a stop for the porteiro, not a pass", async () => {
    expect(await check({ nome: "CARLOS  PEREIRA" })).toEqual({
      id: ids["Carlos Pereira"],
      tipo: "pessoa",
      motivo: "Agrediu um morador.",
      confira: "sem_documento",
    });
    expect(await check({ nome: "carlos pereira", documento: "MG-12.345.678" })).toMatchObject({ id: ids["Carlos Pereira"], confira: "outro_documento" });
    expect(await check({ nome: "Carlos Pereira", documento: "529.982.247-25" })).toEqual({
      id: ids["Carlos Pereira"],
      tipo: "pessoa",
      motivo: "Agrediu um morador.",
    });
    expect(await check({ nome: "Carlos Pereira Filho" })).toBeNull();
  });

  it("a hard stop wins over a name-only match, whichever is newer", async () => {
    // Carlos's name with another document, in a car whose plate is blocked everywhere.
    expect(await check({ nome: "Carlos Pereira", documento: "MG12345678", placa: "GER9Z99" })).toEqual({
      id: ids.GER9Z99,
      tipo: "veiculo",
      motivo: "Em todos",
    });
  });

  it("many at once (the search's mark): each its own block, by the same rule", async () => {
    const found = await bloqueiosAplicaveis(
      db(),
      cond.a,
      new Map([
        ["carlos", { nome: "Carlos Pereira" }],
        ["carro", { nome: "Ninguém", placa: "ger-9z99" }],
        ["jose", { nome: "jose antonio souza", documento: "12345678909" }],
        ["livre", { nome: "Ninguém", documento: "98765432100", placa: "REM9Z99" }],
      ]),
      HOJE,
    );
    expect(Object.fromEntries(found)).toEqual({
      carlos: { id: ids["Carlos Pereira"], tipo: "pessoa", motivo: "Agrediu um morador.", confira: "sem_documento" },
      carro: { id: ids.GER9Z99, tipo: "veiculo", motivo: "Em todos" },
      jose: { id: ids["José Antônio  Souza"], tipo: "pessoa", motivo: "Sem documento" },
    });
    expect(await bloqueiosAplicaveis(db(), cond.a, new Map(), HOJE)).toEqual(new Map());
  });

  it("a block without a document matches the name, any case and accents, spaces collapsed", async () => {
    expect(await check({ nome: "jose antonio souza" })).toMatchObject({ id: ids["José Antônio  Souza"] });
    expect(await check({ nome: " JOSÉ ANTÔNIO SOUZA " })).toMatchObject({ id: ids["José Antônio  Souza"] });
    expect(await check({ nome: "José Antônio" })).toBeNull();
  });

  it("a plate, and a block of every condominium applies everywhere", async () => {
    expect(await check({ placa: "ger-9z99" })).toMatchObject({ tipo: "veiculo", motivo: "Em todos" });
    expect(await check({ placa: "GER9Z99" }, cond.c)).toMatchObject({ id: ids.GER9Z99 });
  });

  it("another condominium's block does not apply; a removed one neither", async () => {
    expect(await check({ placa: "OUT9Z99" })).toBeNull();
    expect(await check({ placa: "OUT9Z99" }, cond.b)).toMatchObject({ id: ids.OUT9Z99 });
    expect(await check({ placa: "REM9Z99" })).toBeNull();
  });

  it("holds through its last day and not after (São Paulo's day, server in UTC)", async () => {
    expect(await check({ placa: "HOJ9Z99" })).toMatchObject({ id: ids.HOJ9Z99 });
    expect(await check({ placa: "HOJ9Z99" }, cond.a, addDays(HOJE, 1))).toBeNull();
    expect(await check({ placa: "ONT9Z99" })).toBeNull();
    // 2026-03-11 01:30 UTC is still the 10th in São Paulo (UTC-3): the block ending the 10th holds.
    expect(await check({ placa: "HOJ9Z99" }, cond.a, dateInSaoPaulo("2026-03-11T01:30:00Z"))).toMatchObject({ id: ids.HOJ9Z99 });
    expect(await check({ placa: "HOJ9Z99" }, cond.a, dateInSaoPaulo("2026-03-11T03:00:00Z"))).toBeNull();
  });

  it("nothing to compare: null", async () => {
    expect(await check({})).toBeNull();
    expect(await check({ documento: "", nome: "  ", placa: "" })).toBeNull();
  });

  it("the refusal's text (§9)", () => {
    expect(mensagemBloqueio({ tipo: "pessoa", motivo: "Agrediu um morador." })).toBe("Pessoa bloqueada neste condomínio: Agrediu um morador.");
    expect(mensagemBloqueio({ tipo: "veiculo", motivo: "Em todos" })).toBe("Veículo bloqueado neste condomínio: Em todos.");
    expect(mensagemBloqueio({ tipo: "pessoa", motivo: "Furto.", confira: "sem_documento" })).toBe(
      "Pessoa bloqueada neste condomínio: Furto. O nome confere com o bloqueio e nenhum documento foi informado: confira a identidade.",
    );
    expect(mensagemBloqueio({ tipo: "pessoa", motivo: "Furto", confira: "outro_documento" })).toBe(
      "Pessoa bloqueada neste condomínio: Furto. O nome confere com o bloqueio, mas o documento é outro: confira a identidade.",
    );
  });
});
