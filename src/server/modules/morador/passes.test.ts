import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoricoItem, Passe } from "@shared/schemas/morador-visitantes";
import { today } from "@shared/time";
import { autorizacoesVisita } from "../../db/schema";
import { addDays, Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, residentWithAccount, signIn, userWithPermissions } from "../../testing/harness";
import { importarRegistros, registro } from "../../testing/registros";

// The Área do Morador's Visitantes and Histórico (gate-operation-spec §3.2), as a resident and the
// gate use them: a resident's pass of their unit is listed with its code and QR, lets the visitor
// in at the console by its code, is cancelled; another unit answers 404 and changes nothing; the
// Histórico shows the unit's last 90 days and nothing of another unit. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.

const t = await createTestApp();
afterAll(() => t.close());

let admin: string;
const ids = { condominio: "", unidade: "", vizinha: "" };
let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;
let lia: Awaited<ReturnType<typeof residentWithAccount>>;
let vizinho: Awaited<ReturnType<typeof residentWithAccount>>;

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  const fixtures = new Fixtures(t, admin);
  ids.condominio = (
    await fixtures.criar("/api/condominios", { nome: "Residencial Passes", endereco: "Rua das Acácias, 10", cidade: "São Paulo", estado: "SP" })
  ).id;
  const unidade = async (numero_unidade: string) => (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "B", numero_unidade })).id;
  ids.unidade = await unidade("201");
  ids.vizinha = await unidade("202");
  porteiro = await userWithPermissions(t, "porteiro.passes@teste.local", ["registrar_acesso_visitante"], [ids.condominio]);
  lia = await residentWithAccount(t, "lia.passes@teste.local", ids.unidade);
  vizinho = await residentWithAccount(t, "vizinho.passes@teste.local", ids.vizinha);
});

const base = (unidadeId = ids.unidade) => `/api/morador/unidades/${unidadeId}/visitantes`;
const listar = async (cookie = lia.cookie, unidadeId = ids.unidade) => {
  const response = await request(t, "GET", base(unidadeId), { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { condominio: { nome: string; endereco: string | null }; rows: Passe[] };
};
const criar = (payload: object, cookie = lia.cookie, unidadeId = ids.unidade) => request(t, "POST", base(unidadeId), { cookie, payload });
const periodo = { nome_visitante: "Paula Prima", tipo: "periodo", valido_de: today(), valido_ate: addDays(today(), 3), email: "paula@teste.local" };

describe("Visitantes of the Área do Morador", () => {
  it("creates a pass of my unit authorised by me, lists it with its code and QR, and the gate lets the visitor in by that code", async () => {
    const created = await criar(periodo);
    expect(created.statusCode, created.body).toBe(201);
    const passe = created.json() as Passe;
    expect(passe).toMatchObject({
      nome_visitante: "Paula Prima",
      tipo: "periodo",
      situacao: "ativa",
      unidade: { id: ids.unidade },
      morador: { id: lia.moradorId },
    });
    expect(passe.codigo).toMatch(/^[2-9A-Z]{8}$/);
    expect(passe.qr_payload).toMatch(/^GV1\./);
    expect(passe.qr_svg).toContain("<svg");
    expect(passe).not.toHaveProperty("criado_por");

    const lista = await listar();
    expect(lista.condominio).toEqual({ nome: "Residencial Passes", endereco: "Rua das Acácias, 10, São Paulo/SP" });
    expect(lista.rows.map((r) => r.codigo)).toContain(passe.codigo);
    // The neighbour does not see it.
    expect((await listar(vizinho.cookie, ids.vizinha)).rows).toEqual([]);

    // At the console, as the porteiro types the code: the search opens it, the entry lets Paula in.
    const busca = await request(t, "GET", `/api/controle-acesso/busca?condominio_id=${ids.condominio}&q=${passe.codigo}`, { cookie: porteiro.cookie });
    expect(busca.statusCode, busca.body).toBe(200);
    expect(busca.json()).toMatchObject({ autorizacao: { id: passe.id, nome_visitante: "Paula Prima" }, codigo_recusa: null });
    const entrada = await request(t, "POST", "/api/controle-acesso/entrada", {
      cookie: porteiro.cookie,
      payload: { condominio_id: ids.condominio, pessoa: { tipo: "codigo", codigo: passe.codigo } },
    });
    expect(entrada.statusCode, entrada.body).toBe(201);
    expect(entrada.json()).toMatchObject({ resultado: "liberado", titulo: "Entrada registrada" });
    const [usada] = (await listar()).rows.filter((r) => r.id === passe.id);
    expect(usada!.entradas_usadas).toBe(1);

    // The entry is in my Histórico, by code.
    const historico = await request(t, "GET", `/api/morador/unidades/${ids.unidade}/historico`, { cookie: lia.cookie });
    expect(historico.statusCode, historico.body).toBe(200);
    expect((historico.json() as { rows: HistoricoItem[] }).rows[0]).toMatchObject({
      nome_pessoa: "Paula Prima",
      tipo_pessoa: "visitante",
      sentido: "entrada",
      resultado: "liberado",
      metodo: "codigo",
    });
    // And on Início she is inside now, since that entry; the neighbour's unit shows nobody of mine.
    const presentes = await request(t, "GET", `/api/morador/unidades/${ids.unidade}/presentes`, { cookie: lia.cookie });
    expect(presentes.statusCode, presentes.body).toBe(200);
    expect(presentes.json().rows).toEqual([expect.objectContaining({ nome_pessoa: "Paula Prima", tipo_pessoa: "visitante" })]);
  });

  it("follows part 2's rules: a recurring pass needs days and hours, a clear pt-BR message, nothing written", async () => {
    const before = await databaseSnapshot(t);
    const response = await criar({ nome_visitante: "Diarista", tipo: "recorrente", valido_de: today(), valido_ate: addDays(today(), 30) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ dias_semana: "Escolha os dias da semana.", hora_inicio: "Informe o horário inicial." });
    expect(await databaseSnapshot(t)).toStrictEqual(before);

    const ok = await criar({
      nome_visitante: "Diarista Dora",
      tipo: "recorrente",
      valido_de: today(),
      valido_ate: addDays(today(), 30),
      dias_semana: [1, 4],
      hora_inicio: "08:00",
      hora_fim: "17:00",
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ dias_semana: [1, 4], hora_inicio: "08:00", hora_fim: "17:00", morador: { id: lia.moradorId } });
  });

  it("cancels my pass; the code no longer opens the gate; a second cancel is a 409", async () => {
    const passe = (await criar({ ...periodo, nome_visitante: "Carlos Cancelado" })).json() as Passe;
    const cancelada = await request(t, "POST", `${base()}/${passe.id}/cancelar`, { cookie: lia.cookie });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(cancelada.json()).toMatchObject({ status: "cancelada", situacao: "cancelada", qr_svg: null, qr_payload: null });
    const entrada = await request(t, "POST", "/api/controle-acesso/entrada", {
      cookie: porteiro.cookie,
      payload: { condominio_id: ids.condominio, pessoa: { tipo: "codigo", codigo: passe.codigo } },
    });
    expect(entrada.json()).toMatchObject({ resultado: "negado" });
    expect((await request(t, "POST", `${base()}/${passe.id}/cancelar`, { cookie: lia.cookie })).statusCode).toBe(409);
    // Listed after the ones in force.
    const rows = (await listar()).rows;
    expect(rows.at(-1)?.id).toBe(passe.id);
  });

  it("e-mails the invitation with the staff's sending", async () => {
    const passe = (await criar({ ...periodo, nome_visitante: "Eva Email", email: "eva@teste.local" })).json() as Passe;
    const response = await request(t, "POST", `${base()}/${passe.id}/enviar-email`, { cookie: lia.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ enviado_para: "eva@teste.local", mensagem: "Email enviado" });
    await t.outbox.deliverPending();
    const mail = t.mailer.outbox.find((m) => m.to === "eva@teste.local");
    expect(mail?.text).toContain(passe.codigo);
    expect(mail?.text).toContain("Rua das Acácias, 10");

    const semEmail = (await criar({ ...periodo, nome_visitante: "Sem Email", email: "" })).json() as Passe;
    const refused = await request(t, "POST", `${base()}/${semEmail.id}/enviar-email`, { cookie: lia.cookie });
    expect(refused.statusCode).toBe(400);
  });

  it("answers 404 for another unit's id or another unit's pass, and changes nothing", async () => {
    const dele = (await criar({ ...periodo, nome_visitante: "Visita do Vizinho" }, vizinho.cookie, ids.vizinha)).json() as Passe;
    const before = await databaseSnapshot(t);
    const calls: [string, string, object | undefined][] = [
      ["GET", base(ids.vizinha), undefined],
      ["POST", base(ids.vizinha), periodo],
      ["POST", `${base(ids.vizinha)}/${dele.id}/cancelar`, undefined],
      ["POST", `${base(ids.vizinha)}/${dele.id}/enviar-email`, undefined],
      // My unit in the path, the neighbour's pass in it.
      ["POST", `${base()}/${dele.id}/cancelar`, undefined],
      ["POST", `${base()}/${dele.id}/enviar-email`, undefined],
      ["GET", `/api/morador/unidades/${ids.vizinha}/historico`, undefined],
      ["GET", `/api/morador/unidades/${crypto.randomUUID()}/historico`, undefined],
      ["GET", `/api/morador/unidades/${ids.vizinha}/presentes`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      const response = await request(t, method as "GET" | "POST", url, { cookie: lia.cookie, payload });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    const [row] = await t.database.db.select().from(autorizacoesVisita).where(eq(autorizacoesVisita.id, dele.id));
    expect(row!.status).toBe("ativa");
  });

  it("is the resident's: a Portaria Web user is refused", async () => {
    expect((await request(t, "GET", base(), { cookie: porteiro.cookie })).statusCode).toBe(403);
  });
});

describe("Histórico of the Área do Morador", () => {
  it("answers only my unit's records of the last 90 days, newest first, keyset-paged, without the operators' notes", async () => {
    const diasAtras = (dias: number) => new Date(Date.now() - dias * 86_400_000);
    await importarRegistros(t.database.db, [
      registro(ids.condominio, { unidade_id: ids.unidade, nome_pessoa: "Antiga Demais", registrado_em: diasAtras(91) }),
      registro(ids.condominio, { unidade_id: ids.vizinha, nome_pessoa: "Do Vizinho", registrado_em: diasAtras(5) }),
      registro(ids.condominio, { unidade_id: ids.unidade, nome_pessoa: "Há 89 Dias", registrado_em: diasAtras(89), observacao: "Nota do porteiro" }),
      registro(ids.condominio, {
        unidade_id: ids.unidade,
        nome_pessoa: "Recusado Ontem",
        resultado: "negado",
        motivo: "Autorização cancelada.",
        operador_nome: "Porteiro Zé",
        registrado_em: diasAtras(1),
      }),
    ]);
    const pagina = async (after?: string) => {
      const response = await request(t, "GET", `/api/morador/unidades/${ids.unidade}/historico?limit=1${after ? `&after=${after}` : ""}`, {
        cookie: lia.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { rows: HistoricoItem[]; next: string | null };
    };
    const nomes: string[] = [];
    let next: string | undefined;
    do {
      const page = await pagina(next);
      nomes.push(...page.rows.map((r) => r.nome_pessoa));
      next = page.next ?? undefined;
    } while (next);
    // Today's entry by code and the refused cancelled code (tests above), then the imported ones.
    expect(nomes).toEqual(["Carlos Cancelado", "Paula Prima", "Recusado Ontem", "Há 89 Dias"]);

    const tudo = await request(t, "GET", `/api/morador/unidades/${ids.unidade}/historico`, { cookie: lia.cookie });
    expect(tudo.body).not.toContain("Porteiro Zé");
    expect(tudo.body).not.toContain("Nota do porteiro");
    expect(tudo.body).not.toContain("Autorização cancelada.");
    expect(tudo.body).not.toContain("Do Vizinho");
    expect((tudo.json() as { rows: HistoricoItem[] }).rows.find((r) => r.nome_pessoa === "Recusado Ontem")).toEqual({
      id: expect.any(String),
      registrado_em: expect.any(String),
      nome_pessoa: "Recusado Ontem",
      tipo_pessoa: "visitante",
      sentido: "entrada",
      resultado: "negado",
      metodo: "manual",
    });
  });

  it("refuses a malformed cursor with a pt-BR message", async () => {
    const response = await request(t, "GET", `/api/morador/unidades/${ids.unidade}/historico?after=xyz`, { cookie: lia.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/\p{L}/u);
  });
});
