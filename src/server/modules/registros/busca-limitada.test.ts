import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JANELA_DE_BUSCA, type RegistrosPage } from "@shared/schemas/registros";
import { formatDateTime } from "@shared/time";
import { condominios } from "../../db/schema";
import { createTestApp, request, userWithPermissions } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";
import { selarCabecas } from "./selos";
import { TEST_CHAIN_KEY } from "../../testing/harness";

// Issue 33: a Registros filter no index carries (a person type, a direction) over a long period
// examines at most JANELA_DE_BUSCA records per page and says, in Portuguese, where it stopped;
// it never walks the whole period. On both databases (PGlite has no statement timeout at all).

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

const EXTRA = 5_000;
const TOTAL = JANELA_DE_BUSCA + EXTRA;
const INICIO = Date.parse("2025-01-01T12:00:00Z");
const PASSO_MS = 20 * 60_000;
/** The i-th record of the year, oldest first. */
const instante = (i: number) => new Date(INICIO + i * PASSO_MS);
let condominioId = "";
let leitor = "";
let sindico = "";
/** The neighbour's records, after all of the first condominium's. */
const VIZINHO = 30;

// The refused exits of visitors: three far back in the year, one among the newest.
const ANTIGAS = [100, 200, 300];
const RECENTE = TOTAL - 10;

beforeAll(async () => {
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Ano Cheio" }).returning();
  condominioId = condominio!.id;
  // A year of residents' entries, one statement (the chaining trigger runs row by row).
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);
    await tx.execute(sql`
      insert into portaria_web_registros_acesso (condominio_id, tipo_pessoa, nome_pessoa, sentido, resultado, metodo, registrado_em)
      select ${condominioId}::uuid, 'morador', 'Morador ' || g, 'entrada', 'liberado', 'busca',
             ${instante(0).toISOString()}::timestamptz + (g * interval '20 minutes')
      from generate_series(0, ${TOTAL - 1}) g
      where g <> all (${sql.raw(`array[${[...ANTIGAS, RECENTE].join(",")}]`)})`);
    await selarCabecas(tx, Buffer.from(TEST_CHAIN_KEY, "utf8"), [condominioId]);
  });
  await importarRegistros(
    db,
    [...ANTIGAS, RECENTE].map((i) =>
      registro(condominioId, {
        nome_pessoa: `Visitante ${i}`,
        sentido: "saida",
        resultado: "negado",
        motivo: "Sem autorização",
        registrado_em: instante(i),
      }),
    ),
  );
  leitor = (await userWithPermissions(t, "leitor-janela@teste.local", ["visualizar_registros_acesso"])).cookie;
  // A síndico of this condominium and of a small one whose records are the newest of all.
  const [vizinho] = await db.insert(condominios).values({ nome: "Residencial Vizinho" }).returning();
  await importarRegistros(db, [
    ...Array.from({ length: VIZINHO }, (_, i) => registro(vizinho!.id, { nome_pessoa: `Vizinho ${i}`, registrado_em: instante(TOTAL + i) })),
    registro(vizinho!.id, {
      nome_pessoa: "Visitante do vizinho",
      sentido: "saida",
      resultado: "negado",
      motivo: "Sem autorização",
      registrado_em: instante(TOTAL + VIZINHO),
    }),
  ]);
  sindico = (await userWithPermissions(t, "sindico-janela@teste.local", ["visualizar_registros_acesso"], [condominioId, vizinho!.id])).cookie;
}, 300_000);

const FILTRO = "tipo_pessoa=visitante&sentido=saida&resultado=negado";
const lista = async (query: string) => {
  const response = await request(t, "GET", `/api/registros?condominio_id=${condominioId}&de=2025-01-01&ate=2025-12-31&limit=50&${query}`, { cookie: leitor });
  expect(response.statusCode).toBe(200);
  return response.json<RegistrosPage>();
};

describe("a síndico's Registros, read condominium by condominium of his scope", () => {
  it("merges his condominiums newest first, page after page, and windows the filter over both", async () => {
    const get = async (query: string) => {
      const response = await request(t, "GET", `/api/registros?condominio_id=todos&de=2025-01-01&ate=2025-12-31&limit=20&${query}`, { cookie: sindico });
      expect(response.statusCode).toBe(200);
      return response.json<RegistrosPage>();
    };
    const primeira = await get("");
    expect(primeira.rows.map((r) => r.nome_pessoa)).toEqual([
      "Visitante do vizinho",
      ...Array.from({ length: VIZINHO }, (_, i) => `Vizinho ${VIZINHO - 1 - i}`).slice(0, 19),
    ]);
    const segunda = await get(`after=${primeira.next}`);
    expect(segunda.rows.map((r) => r.nome_pessoa)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `Vizinho ${10 - i}`),
      ...Array.from({ length: 9 }, (_, i) => `Morador ${TOTAL - 1 - i}`),
    ]);

    // The window is the newest JANELA_DE_BUSCA of both: the neighbour's 31 and the rest from here.
    const filtrada = await get(FILTRO);
    expect(filtrada.rows.map((r) => r.nome_pessoa)).toEqual(["Visitante do vizinho", `Visitante ${RECENTE}`]);
    const piso = instante(TOTAL - JANELA_DE_BUSCA + VIZINHO + 1);
    expect(filtrada.busca_limitada?.ate).toBe(piso.toISOString());
    const resto = await get(`${FILTRO}&after=${filtrada.next}`);
    expect(resto.rows.map((r) => r.nome_pessoa)).toEqual(ANTIGAS.toReversed().map((i) => `Visitante ${i}`));
    expect(resto.next).toBeNull();
  });
});

describe("a Registros filter no index carries, over a year", () => {
  it("stops after the window with a Portuguese message, then goes on from there, each match once", async () => {
    const primeira = await lista(FILTRO);
    expect(primeira.rows.map((r) => r.nome_pessoa)).toEqual([`Visitante ${RECENTE}`]);
    // The window is the period's newest JANELA_DE_BUSCA records: it stops at the oldest of them.
    const piso = instante(TOTAL - JANELA_DE_BUSCA);
    expect(primeira.busca_limitada).toEqual({
      examinados: JANELA_DE_BUSCA,
      ate: piso.toISOString(),
      mensagem: `Foram examinados 20.000 registros do período, até ${formatDateTime(piso)}, sem completar a página. Refine os filtros ou o período, ou continue a busca.`,
    });
    expect(primeira.next).not.toBeNull();
    // The count is the window's too, and says there may be more.
    expect(primeira).toMatchObject({ total: 1, total_limitado: true });

    // Going on: the rest of the year holds fewer records than a window, so this page is the last.
    const segunda = await lista(`${FILTRO}&after=${primeira.next}`);
    expect(segunda.rows.map((r) => r.nome_pessoa)).toEqual(ANTIGAS.toReversed().map((i) => `Visitante ${i}`));
    expect(segunda.busca_limitada).toBeNull();
    expect(segunda.next).toBeNull();
  });

  it("fills its page within the window as usual when matches are frequent", async () => {
    const pagina = await lista("tipo_pessoa=morador");
    expect(pagina.rows).toHaveLength(50);
    expect(pagina.busca_limitada).toBeNull();
    expect(pagina.rows[0]!.nome_pessoa).toBe(`Morador ${TOTAL - 1}`);
  });

  it("is not limited without a person type or direction: the period's own order and the text's indexes carry the rest", async () => {
    const negados = await lista("resultado=negado");
    expect(negados.rows.map((r) => r.nome_pessoa)).toEqual([RECENTE, ...ANTIGAS.toReversed()].map((i) => `Visitante ${i}`));
    expect(negados).toMatchObject({ total: 4, total_limitado: false, busca_limitada: null, next: null });

    const texto = await lista(`q=${encodeURIComponent("Visitante 1")}&${FILTRO}`);
    expect(texto.rows.map((r) => r.nome_pessoa)).toEqual(["Visitante 100"]);
    expect(texto.busca_limitada).toBeNull();
  });

  it("exports the whole period, never a window", async () => {
    const response = await request(t, "GET", `/api/registros/exportar?condominio_id=${condominioId}&de=2025-01-01&ate=2025-12-31&${FILTRO}`, {
      cookie: leitor,
    });
    expect(response.statusCode).toBe(200);
    for (const i of [RECENTE, ...ANTIGAS]) expect(response.body).toContain(`Visitante ${i}`);
  });
});
