import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_HEADER, type RegistrosPage, type VerificacaoIntegridade } from "@shared/schemas/registros";
import { condominios, exportacoesRegistros, unidades } from "../../db/schema";
import { pgErrorCode } from "../../errors";
import { createTestApp, request, userWithPermissions } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";

// Registros (gatehouse-spec §5) through the API: list, CSV export, integrity check, on PGlite or
// (TEST_DATABASE_URL) PostgreSQL. The server's zone does not matter: periods and times are São
// Paulo's (run with TZ=UTC to see it).

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

let leitor: { cookie: string; usuarioId: string };
let semPermissao: { cookie: string };
let escopoB: { cookie: string };
const c = { a: "", b: "", vazio: "" };
const ids: Record<string, string> = {};

// 2026-03-10 in São Paulo runs from 03:00Z on the 10th to 03:00Z on the 11th.
const DIA = "2026-03-10";

beforeAll(async () => {
  const [a, b, vazio] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Registros A" }, { nome: "Residencial Registros B" }, { nome: "Residencial Sem Registros" }])
    .returning();
  c.a = a!.id;
  c.b = b!.id;
  c.vazio = vazio!.id;
  const [unidade] = await db.insert(unidades).values({ condominio_id: c.a, bloco: "A", numero_unidade: "101" }).returning();
  const rows = await importarRegistros(db, [
    // The evening before, São Paulo time (23:30 on the 9th), though already the 10th in UTC.
    registro(c.a, { nome_pessoa: "Véspera Noturna", registrado_em: new Date("2026-03-10T02:30:00Z") }),
    registro(c.a, {
      nome_pessoa: "Ana Moradora",
      tipo_pessoa: "morador",
      unidade_id: unidade!.id,
      placa: "ABC1D23",
      registrado_em: new Date("2026-03-10T11:00:00Z"),
    }),
    registro(c.a, {
      nome_pessoa: "Bruno Entregador",
      tipo_pessoa: "entregador",
      documento: "98765432100",
      sentido: "saida",
      registrado_em: new Date("2026-03-10T15:45:00Z"),
    }),
    registro(c.a, {
      nome_pessoa: 'Carla; "Bloqueada"',
      resultado: "negado",
      motivo: "Pessoa bloqueada neste condomínio: ameaça.",
      metodo: "busca",
      registrado_em: new Date("2026-03-10T20:00:00Z"),
    }),
    // 23:59 in São Paulo: still the 10th (02:59Z on the 11th).
    registro(c.a, { nome_pessoa: '=HIPERLINK("x")', registrado_em: new Date("2026-03-11T02:59:00Z") }),
    registro(c.b, { nome_pessoa: "Pessoa do Condomínio B", registrado_em: new Date("2026-03-10T12:00:00Z") }),
  ]);
  for (const row of rows) ids[row.nome_pessoa] = row.id;
  leitor = await userWithPermissions(t, "leitor-registros@teste.local", ["visualizar_registros_acesso"]);
  semPermissao = await userWithPermissions(t, "sem-registros@teste.local", ["visualizar_veiculos"]);
  escopoB = await userWithPermissions(t, "registros-b@teste.local", ["visualizar_registros_acesso"], [c.b]);
});

const list = async (query: string, cookie = leitor.cookie) => {
  const response = await request(t, "GET", `/api/registros?${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RegistrosPage;
};
const names = (page: RegistrosPage) => page.rows.map((r) => r.nome_pessoa);
const dia = `de=${DIA}&ate=${DIA}`;

describe("GET /api/registros", () => {
  it("lists a São Paulo day, newest first, with what the screen shows", async () => {
    const page = await list(`${dia}&condominio_id=${c.a}`);
    expect(names(page)).toEqual(['=HIPERLINK("x")', 'Carla; "Bloqueada"', "Bruno Entregador", "Ana Moradora"]);
    expect(page).toMatchObject({ total: 4, total_limitado: false, next: null });
    expect(page.rows[3]).toMatchObject({
      registrado_em: "2026-03-10T11:00:00.000Z",
      tipo_pessoa: "morador",
      unidade: { bloco: "A", numero_unidade: "101" },
      placa: "ABC1D23",
      sentido: "entrada",
      resultado: "liberado",
      metodo: "manual",
      operador_nome: "Porteiro de Teste",
      condominio: { id: c.a, nome: "Residencial Registros A" },
      anonimizado: false,
    });
    expect(page.rows[1]).toMatchObject({ resultado: "negado", motivo: "Pessoa bloqueada neste condomínio: ameaça.", unidade: null });
  });

  it("defaults to today", async () => {
    const [hoje] = await importarRegistros(db, [registro(c.a, { nome_pessoa: "Chegou Agora", registrado_em: new Date() })]);
    expect(names(await list(""))).toEqual(["Chegou Agora"]);
    ids.hoje = hoje!.id;
  });

  it("filters by tipo, sentido, resultado, condominium and text (name, document, plate, unit)", async () => {
    expect(names(await list(`${dia}&tipo_pessoa=entregador`))).toEqual(["Bruno Entregador"]);
    expect(names(await list(`${dia}&sentido=saida`))).toEqual(["Bruno Entregador"]);
    expect(names(await list(`${dia}&resultado=negado`))).toEqual(['Carla; "Bloqueada"']);
    expect(names(await list(`${dia}&condominio_id=${c.b}`))).toEqual(["Pessoa do Condomínio B"]);
    expect(names(await list(`${dia}&q=moradora`))).toEqual(["Ana Moradora"]);
    expect(names(await list(`${dia}&q=${encodeURIComponent("987.654")}`))).toEqual(["Bruno Entregador"]);
    expect(names(await list(`${dia}&q=${encodeURIComponent("abc-1d")}`))).toEqual(["Ana Moradora"]);
    expect(names(await list(`${dia}&q=101`))).toEqual(["Ana Moradora"]);
    expect(names(await list(`${dia}&q=ninguem`))).toEqual([]);
  });

  it("takes periods of São Paulo dates", async () => {
    expect(names(await list(`de=2026-03-09&ate=2026-03-09&condominio_id=${c.a}`))).toEqual(["Véspera Noturna"]);
    expect((await list(`de=2026-03-09&ate=${DIA}&condominio_id=${c.a}`)).total).toBe(5);
    const refused = await request(t, "GET", `/api/registros?de=${DIA}&ate=2026-03-09`, { cookie: leitor.cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.ate).toBe("A data inicial do período deve ser anterior ou igual à final.");
  });

  it("pages by cursor without repeating or skipping", async () => {
    const seen: string[] = [];
    let next: string | null = "";
    while (next !== null) {
      const page: RegistrosPage = await list(`de=2026-03-01&ate=2026-03-31&limit=2${next ? `&after=${next}` : ""}`);
      expect(page.total).toBe(6);
      seen.push(...names(page));
      next = page.next;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });

  it("keeps records of the same millisecond apart (microseconds in the cursor)", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial Mesmo Instante" }).returning();
    const instante = new Date("2026-03-12T12:00:00.123Z");
    await importarRegistros(
      db,
      ["Um", "Dois", "Três"].map((nome) => registro(fresh!.id, { nome_pessoa: nome, registrado_em: new Date(instante.getTime()) })),
    );
    // Microseconds apart, as clock_timestamp() stamps them.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
      for (const us of [456, 457, 458])
        await tx.execute(
          sql`insert into portaria_web_registros_acesso (condominio_id, tipo_pessoa, nome_pessoa, sentido, resultado, metodo, registrado_em)
              values (${fresh!.id}, 'visitante', ${`Micro ${us}`}, 'entrada', 'liberado', 'manual', ${`2026-03-12T12:00:00.123${us}Z`}::timestamptz)`,
        );
    });
    const seen: string[] = [];
    let next: string | null = "";
    while (next !== null) {
      const page: RegistrosPage = await list(`de=2026-03-12&ate=2026-03-12&condominio_id=${fresh!.id}&limit=1${next ? `&after=${next}` : ""}`);
      seen.push(...names(page));
      next = page.next;
    }
    expect(seen.slice(0, 3)).toEqual(["Micro 458", "Micro 457", "Micro 456"]);
    expect(seen.sort()).toEqual(["Dois", "Micro 456", "Micro 457", "Micro 458", "Três", "Um"]);
  });

  it("shows a user only the condominiums they serve", async () => {
    expect(names(await list(dia, escopoB.cookie))).toEqual(["Pessoa do Condomínio B"]);
    expect(names(await list(`${dia}&condominio_id=${c.a}`, escopoB.cookie))).toEqual([]);
  });

  it("needs visualizar_registros_acesso", async () => {
    for (const url of ["/api/registros", "/api/registros/exportar"]) {
      expect((await request(t, "GET", url, { cookie: semPermissao.cookie })).statusCode).toBe(403);
      expect((await request(t, "GET", url)).statusCode).toBe(401);
    }
    const post = await request(t, "POST", "/api/registros/verificar-integridade", { cookie: semPermissao.cookie, payload: { condominio_id: c.a } });
    expect(post.statusCode).toBe(403);
  });
});

/** A CSV as Excel reads it: `;` fields, quoted fields with doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ";") {
      row.push(field);
      field = "";
    } else if (!quoted && ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += ch;
    }
  }
  expect(field, "text after the last CRLF").toBe("");
  return rows;
}

describe("GET /api/registros/exportar", () => {
  const exportar = async (query: string, cookie = leitor.cookie) => {
    const response = await request(t, "GET", `/api/registros/exportar?${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it("streams exactly the filter as a Brazilian Excel opens it (BOM, ';', CRLF, São Paulo times)", async () => {
    const response = await exportar(`${dia}&condominio_id=${c.a}`);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="registros-${DIA}.csv"`);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString("utf8");
    expect(text.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...CSV_HEADER]);
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ["10/03/2026 23:59", `'=HIPERLINK("x")`],
      ["10/03/2026 17:00", 'Carla; "Bloqueada"'],
      ["10/03/2026 12:45", "Bruno Entregador"],
      ["10/03/2026 08:00", "Ana Moradora"],
    ]);
    expect(rows[3]).toEqual([
      "10/03/2026 08:00",
      "Residencial Registros A",
      "Ana Moradora",
      "12345678909",
      "Morador",
      "Bloco A - 101",
      "ABC1D23",
      "Entrada",
      "Liberado",
      "",
      "Manual",
      "",
      "Porteiro de Teste",
      // Correção: not a correction.
      "",
    ]);
    expect(rows[1]!.slice(7, 11)).toEqual(["Entrada", "Negado", "Pessoa bloqueada neste condomínio: ameaça.", "Busca"]);
    // The same filter on the screen: the same records.
    expect(rows.map((r) => r[2]!.replace(/^'/, ""))).toEqual(names(await list(`${dia}&condominio_id=${c.a}`)));
  });

  // On PostgreSQL the lines come from COPY (csvFieldsSql), on PGlite from csvRow: one expectation for both.
  it("writes every field as the screen shows it: named blocks, old plates, manual releases, line breaks, quotes and formulas", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial CSV" }).returning();
    const [torre, casa] = await db
      .insert(unidades)
      .values([
        { condominio_id: fresh!.id, bloco: "Torre 2", numero_unidade: "301" },
        { condominio_id: fresh!.id, bloco: null, numero_unidade: "12" },
      ])
      .returning();
    await importarRegistros(db, [
      registro(fresh!.id, {
        nome_pessoa: 'Ana "Nina" Souza',
        unidade_id: torre!.id,
        placa: "ABC1234",
        liberado_manualmente: true,
        motivo: "Cadastro inativo.",
        autorizado_por: "Síndica\r\nLúcia",
        metodo: "busca",
        registrado_em: new Date("2026-05-05T13:00:00Z"),
      }),
      registro(fresh!.id, {
        tipo_pessoa: "prestador",
        nome_pessoa: "+55 golpe",
        documento: "",
        unidade_id: casa!.id,
        resultado: "negado",
        motivo: "linha 1\nlinha 2",
        metodo: "codigo",
        registrado_em: new Date("2026-05-05T14:00:00Z"),
      }),
      registro(fresh!.id, {
        tipo_pessoa: "entregador",
        nome_pessoa: "Entregador Rápido",
        documento: null,
        placa: "ABC1D23",
        sentido: "saida",
        metodo: "qrcode",
        // A field that begins with a line break is written as one that begins with CR: quoted.
        autorizado_por: "\n=Portaria",
        registrado_em: new Date("2026-05-05T15:00:00Z"),
      }),
    ]);
    const text = (await exportar(`de=2026-05-05&ate=2026-05-05&condominio_id=${fresh!.id}`)).rawPayload.subarray(3).toString("utf8");
    expect(text.split("\r\n").slice(1)).toEqual([
      `05/05/2026 12:00;Residencial CSV;Entregador Rápido;;Entregador;;ABC1D23;Saída;Liberado;;QR Code;"'`,
      `=Portaria";Porteiro de Teste;`,
      `05/05/2026 11:00;Residencial CSV;'+55 golpe;;Prestador;12;;Entrada;Negado;"linha 1`,
      `linha 2";Código;;Porteiro de Teste;`,
      `05/05/2026 10:00;Residencial CSV;"Ana ""Nina"" Souza";12345678909;Visitante;Torre 2 - 301;ABC-1234;Entrada;Liberado manualmente;Cadastro inativo.;Busca;"Síndica`,
      `Lúcia";Porteiro de Teste;`,
      "",
    ]);
  });

  it("records every export: who, when, which filter, how many rows", async () => {
    const antes = Date.now() - 1000;
    await exportar(`de=2026-03-01&ate=2026-03-31&resultado=liberado&q=a`);
    const [ultima] = await db.select().from(exportacoesRegistros).orderBy(desc(exportacoesRegistros.iniciada_em)).limit(1);
    expect(ultima).toMatchObject({
      usuario_id: leitor.usuarioId,
      usuario_nome: "Teste leitor-registros@teste.local",
      linhas: 4,
      completa: true,
      filtro: { de: "2026-03-01", ate: "2026-03-31", resultado: "liberado", q: "a", condominio_id: "todos", tipo_pessoa: "todos", sentido: "todos" },
    });
    expect(ultima!.iniciada_em.getTime()).toBeGreaterThan(antes);
    expect(ultima!.concluida_em).not.toBeNull();
    // The record of an export cannot be rewritten or removed.
    for (const statement of [
      sql`update portaria_web_exportacoes_registros set linhas = 0 where id = ${ultima!.id}`,
      sql`delete from portaria_web_exportacoes_registros where id = ${ultima!.id}`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgErrorCode(error)).toBe("P0001");
    }
  });

  it("exports many records in batches, each once", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial Exportação Grande" }).returning();
    const start = new Date("2026-04-01T12:00:00Z").getTime();
    await importarRegistros(
      db,
      Array.from({ length: 4_500 }, (_, i) => registro(fresh!.id, { nome_pessoa: `Pessoa ${i}`, registrado_em: new Date(start + Math.floor(i / 3) * 1000) })),
    );
    const rows = parseCsv((await exportar(`de=2026-04-01&ate=2026-04-01&condominio_id=${fresh!.id}`)).rawPayload.subarray(3).toString("utf8")).slice(1);
    expect(rows).toHaveLength(4_500);
    expect(new Set(rows.map((r) => r[2])).size).toBe(4_500);
  });

  it("gives a user of another condominium nothing of it", async () => {
    const rows = parseCsv((await exportar(`${dia}&condominio_id=${c.a}`, escopoB.cookie)).rawPayload.subarray(3).toString("utf8"));
    expect(rows).toEqual([[...CSV_HEADER]]);
  });
});

describe("POST /api/registros/verificar-integridade", () => {
  const verificar = async (payload: object, cookie = leitor.cookie) => request(t, "POST", "/api/registros/verificar-integridade", { cookie, payload });

  it("answers 'Registros íntegros: N verificados.' for the whole history or a period", async () => {
    const inteira = await verificar({ condominio_id: c.a });
    expect(inteira.statusCode, inteira.body).toBe(200);
    expect(inteira.json()).toEqual({ integra: true, verificados: 6, mensagem: "Registros íntegros: 6 verificados." });
    expect((await verificar({ condominio_id: c.a, de: DIA, ate: DIA })).json()).toMatchObject({ mensagem: "Registros íntegros: 4 verificados." });
    expect((await verificar({ condominio_id: c.vazio })).json()).toMatchObject({ mensagem: "Registros íntegros: 0 verificados." });
  });

  it("answers 404 for a condominium out of scope or unknown", async () => {
    expect((await verificar({ condominio_id: c.a }, escopoB.cookie)).statusCode).toBe(404);
    expect((await verificar({ condominio_id: "7b0e1a52-61f6-4b43-9c3f-6f7c35c0f0a1" })).statusCode).toBe(404);
    expect((await verificar({ condominio_id: c.b }, escopoB.cookie)).json()).toMatchObject({ integra: true, verificados: 1 });
  });

  /** Someone past the triggers (a superuser) changes the table: the check must notice. */
  async function tamper(statement: ReturnType<typeof sql>) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table portaria_web_registros_acesso disable trigger portaria_web_registros_imutaveis`);
      await tx.execute(statement);
      await tx.execute(sql`alter table portaria_web_registros_acesso enable trigger portaria_web_registros_imutaveis`);
    });
  }

  it("names the first record changed, in São Paulo time", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial Adulterado" }).returning();
    const rows = await importarRegistros(db, [
      registro(fresh!.id, { nome_pessoa: "Primeiro", registrado_em: new Date("2026-05-01T10:00:00Z") }),
      registro(fresh!.id, { nome_pessoa: "Segundo", registrado_em: new Date("2026-05-01T11:30:00Z") }),
      registro(fresh!.id, { nome_pessoa: "Terceiro", registrado_em: new Date("2026-05-01T12:00:00Z") }),
    ]);
    await tamper(sql`update portaria_web_registros_acesso set resultado = 'negado', motivo = 'trocado' where id = ${rows[1]!.id}`);
    const result = (await verificar({ condominio_id: fresh!.id })).json() as VerificacaoIntegridade;
    expect(result).toMatchObject({ integra: false, verificados: 1, mensagem: "Registro alterado ou removido: 01/05/2026 08:30, Segundo." });
  });

  it("notices records removed from the end of the chain", async () => {
    const [fresh] = await db.insert(condominios).values({ nome: "Residencial Sem o Fim" }).returning();
    const rows = await importarRegistros(db, [
      registro(fresh!.id, { nome_pessoa: "Fica", registrado_em: new Date("2026-05-02T10:00:00Z") }),
      registro(fresh!.id, { nome_pessoa: "Some", registrado_em: new Date("2026-05-02T11:00:00Z") }),
    ]);
    await tamper(sql`delete from portaria_web_registros_acesso where id = ${rows[1]!.id}`);
    const result = (await verificar({ condominio_id: fresh!.id })).json() as VerificacaoIntegridade;
    expect(result).toMatchObject({ integra: false, verificados: 1, mensagem: "Registro alterado ou removido: 02/05/2026 07:00, registro nº 2 ausente." });
  });
});
