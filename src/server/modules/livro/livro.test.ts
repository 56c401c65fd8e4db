import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVRO_TEXTOS, OCORRENCIAS_CSV_HEADER } from "@shared/schemas/livro";
import { MSG } from "@shared/messages";
import { formatDateTime, today } from "@shared/time";
import { alarmes, ocorrencias, registrosAcesso, turnos } from "../../db/schema";
import { pgConstraint, pgErrorCode } from "../../errors";
import { addDays, Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, databaseSnapshot, request, signIn, userWithPermissions } from "../../testing/harness";

// The shift book (gate-operation-spec §5; decision 0280) as the gate, the central and the síndico
// use it through the API: shifts at a post with the handover read and confirmed, entries written
// only inside one's own open shift, complements and one resolution, what each reader sees, the
// CSV export, and the rules the database keeps on its own.

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

type User = Awaited<ReturnType<typeof userWithPermissions>> & { nome: string };
type Turno = { id: string; condominio: { id: string; nome: string } | null; operador_nome: string; passagem: string | null; assumido_por_nome: string | null };
type Item = {
  id: string;
  condominio: { id: string; nome: string };
  titulo: string;
  prioridade: string;
  situacao: string;
  visivel_sindico: boolean;
  complementos: number;
  resolucao: { descricao: string | null; criada_por_nome: string } | null;
  referencia: { tipo: string; id: string; descricao: string } | null;
  seguimentos?: { natureza: string; descricao: string | null }[];
};

let admin: string;
const c = { a: "", b: "" };
const u = { a1: "", b1: "" };
/** Operators: `central` serves every condominium, `porteiroA` and `outroA` serve A, `porteiroB` B, `porteiroAB` both. */
let central: User, porteiroA: User, outroA: User, porteiroB: User, porteiroAB: User;
/** Reads only (visualizar_ocorrencias), serving A. */
let sindicoA: User;
const ref = { registroA: "", registroB: "", alarmeA: "", encomendaA: "" };

const registrar = ["registrar_ocorrencias"];

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  const f = new Fixtures(t, admin);
  c.a = (await f.criar("/api/condominios", { nome: "Residencial Livro A" })).id;
  c.b = (await f.criar("/api/condominios", { nome: "Residencial Livro B" })).id;
  u.a1 = (await f.criar("/api/unidades", { condominio_id: c.a, bloco: "A", numero_unidade: "101" })).id;
  u.b1 = (await f.criar("/api/unidades", { condominio_id: c.b, bloco: "B", numero_unidade: "201" })).id;
  // userWithPermissions names each user 'Teste <e-mail>'.
  const usuario = async (email: string, permissions: string[], condominioIds?: string[]) => ({
    ...(await userWithPermissions(t, email, permissions, condominioIds)),
    nome: `Teste ${email}`,
  });
  central = await usuario("central.livro@teste.local", registrar);
  porteiroA = await usuario("porteiro-a.livro@teste.local", registrar, [c.a]);
  outroA = await usuario("outro-a.livro@teste.local", registrar, [c.a]);
  porteiroB = await usuario("porteiro-b.livro@teste.local", registrar, [c.b]);
  porteiroAB = await usuario("porteiro-ab.livro@teste.local", registrar, [c.a, c.b]);
  sindicoA = await usuario("sindico-a.livro@teste.local", ["visualizar_ocorrencias"], [c.a]);

  const registro = async (condominio_id: string, nome_pessoa: string) => {
    const [row] = await db
      .insert(registrosAcesso)
      .values({ condominio_id, tipo_pessoa: "visitante", nome_pessoa, sentido: "entrada", resultado: "liberado", metodo: "manual", operador_nome: "Porteiro" })
      .returning({ id: registrosAcesso.id });
    return row!.id;
  };
  ref.registroA = await registro(c.a, "Maria Souza");
  ref.registroB = await registro(c.b, "João Lima");
  const [alarme] = await db
    .insert(alarmes)
    .values({ condominio_id: c.a, tipo: "porta_forcada", mensagem: "Porta forçada: Portão social." })
    .returning({ id: alarmes.id });
  ref.alarmeA = alarme!.id;
  ref.encomendaA = (
    await f.criar("/api/encomendas", { condominio_id: c.a, unidade_id: u.a1, destinatario_nome: "Ana Paula", transportadora: "correios", tipo: "caixa" })
  ).id;
});

const passagem = async (user: User, posto: string) => {
  const response = await request(t, "GET", `/api/livro/passagem?posto=${posto}`, { cookie: user.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { ultimo_turno: Turno | null; turnos_abertos: Turno[]; itens_em_aberto: Item[]; total_em_aberto: number; condominio: unknown };
};
const abrir = (user: User, condominio_id: string | null, turno_anterior_id: string | null, li_e_assumo: unknown = true) =>
  request(t, "POST", "/api/livro/turnos", { cookie: user.cookie, payload: { condominio_id, turno_anterior_id, li_e_assumo } });
/** Reads the post's handover and opens a shift there, as the screen does. */
const assumir = async (user: User, posto: string | null): Promise<Turno> => {
  const lida = await passagem(user, posto ?? "central");
  const response = await abrir(user, posto, lida.ultimo_turno?.id ?? null);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const encerrar = (user: User, id: string, texto = "Tudo em ordem.") =>
  request(t, "POST", `/api/livro/turnos/${id}/encerrar`, { cookie: user.cookie, payload: { passagem: texto } });
const turnoAtual = async (user: User): Promise<Turno | null> => (await request(t, "GET", "/api/livro/turno-atual", { cookie: user.cookie })).json().turno;
/** Closes the user's open shift, if any. */
const liberar = async (user: User) => {
  const turno = await turnoAtual(user);
  if (turno) expect((await encerrar(user, turno.id)).statusCode).toBe(200);
};
const escrever = (user: User, body: object) => request(t, "POST", "/api/livro/ocorrencias", { cookie: user.cookie, payload: body });
const item = async (user: User, body: object): Promise<Item> => {
  const response = await escrever(user, { tipo: "ocorrencia", titulo: "Item", ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const seguir = (user: User, id: string, como: "complementos" | "resolucao", descricao: string | null = "Feito.") =>
  request(t, "POST", `/api/livro/ocorrencias/${id}/${como}`, { cookie: user.cookie, payload: { descricao } });
const lista = async (user: User, query = ""): Promise<{ rows: Item[]; total: number; next: string | null }> => {
  const response = await request(t, "GET", `/api/livro/ocorrencias?${query}`, { cookie: user.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** Sends a request that must be refused with this status and message, and changes nothing. */
const recusada = async (send: () => ReturnType<typeof request>, status: number, message: string, fields?: Record<string, string>) => {
  const before = await databaseSnapshot(t);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().error.message).toBe(message);
  if (fields) expect(response.json().error.fields).toEqual(fields);
  expect(await databaseSnapshot(t)).toStrictEqual(before);
};

describe("shifts", () => {
  it("opens one shift per operator, only with the handover confirmed", async () => {
    expect(await turnoAtual(porteiroA)).toBeNull();
    await recusada(() => abrir(porteiroA, c.a, null, false), 400, LIVRO_TEXTOS.confirmeLeitura, { li_e_assumo: LIVRO_TEXTOS.confirmeLeitura });
    const turno = await assumir(porteiroA, c.a);
    expect(turno).toMatchObject({ condominio: { id: c.a, nome: "Residencial Livro A" }, operador_nome: porteiroA.nome, passagem: null });
    expect(await turnoAtual(porteiroA)).toMatchObject({ id: turno.id });
    // A second one, anywhere, is refused naming where the open one is.
    await recusada(() => abrir(porteiroA, c.a, null), 409, LIVRO_TEXTOS.turnoJaAberto("Residencial Livro A"));
    expect((await encerrar(porteiroA, turno.id)).statusCode).toBe(200);
    expect(await turnoAtual(porteiroA)).toBeNull();
  });

  it("opens one shift when the same operator asks twice at once: the other is a 409, never a 500", async () => {
    const lida = await passagem(porteiroAB, c.b);
    const respostas = await Promise.all([abrir(porteiroAB, c.b, lida.ultimo_turno?.id ?? null), abrir(porteiroAB, c.b, lida.ultimo_turno?.id ?? null)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(respostas.find((r) => r.statusCode === 409)!.json().error.message).toBe(LIVRO_TEXTOS.turnoJaAberto("Residencial Livro B"));
    expect(await db.select().from(turnos).where(eq(turnos.operador, porteiroAB.usuarioId))).toHaveLength(1);
    await liberar(porteiroAB);
  });

  it("opens the Central only for who serves every condominium, and no post outside the scope", async () => {
    await recusada(() => abrir(porteiroA, null, null), 403, LIVRO_TEXTOS.postoSemAcesso);
    await recusada(() => abrir(porteiroB, c.a, null), 400, MSG.condominioInativo.message, { condominio_id: MSG.condominioInativo.message });
    expect((await request(t, "GET", `/api/livro/passagem?posto=${c.a}`, { cookie: porteiroB.cookie })).statusCode).toBe(404);
    const turno = await assumir(central, null);
    expect(turno.condominio).toBeNull();
    await liberar(central);
  });

  it("closes only one's own shift, once", async () => {
    const turno = await assumir(porteiroA, c.a);
    await recusada(() => encerrar(outroA, turno.id), 403, LIVRO_TEXTOS.turnoDeOutro);
    await recusada(() => encerrar(porteiroB, turno.id), 404, LIVRO_TEXTOS.turnoNaoEncontrado);
    await recusada(() => encerrar(porteiroA, turno.id, "   "), 400, LIVRO_TEXTOS.passagemObrigatoria);
    const fechado = await encerrar(porteiroA, turno.id, "Portão da garagem lento.");
    expect(fechado.statusCode, fechado.body).toBe(200);
    expect(fechado.json()).toMatchObject({ id: turno.id, passagem: "Portão da garagem lento." });
    expect(fechado.json().encerrado_em).not.toBeNull();
    await recusada(() => encerrar(porteiroA, turno.id), 409, LIVRO_TEXTOS.turnoJaEncerrado);
  });

  it("hands over the notes, the other open shifts and the open items, 'alta' first then the oldest", async () => {
    const meu = await assumir(porteiroA, c.a);
    const outro = await assumir(outroA, c.a);
    const normal = await item(porteiroA, { condominio_id: c.a, titulo: "Lâmpada queimada no hall", prioridade: "normal" });
    const alta = await item(porteiroA, { condominio_id: c.a, titulo: "Portão travado", prioridade: "alta" });
    const resolvido = await item(porteiroA, { condominio_id: c.a, titulo: "Recado para o 101", tipo: "recado" });
    expect((await seguir(porteiroA, resolvido.id, "resolucao", null)).statusCode).toBe(201);
    expect((await encerrar(porteiroA, meu.id, "Dois itens em aberto.")).statusCode).toBe(200);

    const lida = await passagem(porteiroAB, c.a);
    expect(lida.condominio).toEqual({ id: c.a, nome: "Residencial Livro A" });
    expect(lida.ultimo_turno).toMatchObject({ id: meu.id, passagem: "Dois itens em aberto.", assumido_por_nome: null });
    expect(lida.turnos_abertos.map((x) => x.id)).toEqual([outro.id]);
    const abertosA = lida.itens_em_aberto.map((i) => i.id);
    expect(abertosA.indexOf(alta.id)).toBeLessThan(abertosA.indexOf(normal.id));
    expect(abertosA).not.toContain(resolvido.id);
    expect(lida.total_em_aberto).toBe(abertosA.length);

    // The central's handover carries the open items of every condominium it serves.
    const deB = await assumir(porteiroB, c.b);
    const itemB = await item(porteiroB, { condominio_id: c.b, titulo: "Interfone mudo" });
    const daCentral = await passagem(central, "central");
    expect(daCentral.itens_em_aberto.map((i) => i.id)).toEqual(expect.arrayContaining([alta.id, normal.id, itemB.id]));
    expect(daCentral.total_em_aberto).toBe(daCentral.itens_em_aberto.length);
    // A condominium's handover only its own.
    expect((await passagem(porteiroB, c.b)).itens_em_aberto.map((i) => i.id)).toEqual([itemB.id]);
    await liberar(porteiroB);
    expect(deB).toBeTruthy();
    await liberar(outroA);
  });

  it("refuses to open on a handover that changed, and marks the previous shift taken over once", async () => {
    const primeiro = await assumir(porteiroA, c.a);
    expect((await encerrar(porteiroA, primeiro.id, "Primeira passagem.")).statusCode).toBe(200);
    const lida = await passagem(porteiroAB, c.a);
    expect(lida.ultimo_turno!.id).toBe(primeiro.id);
    // Meanwhile another shift of the post is closed: the handover read is no longer the last.
    const segundo = await assumir(outroA, c.a);
    expect((await db.select().from(turnos).where(eq(turnos.id, primeiro.id)))[0]!.assumido_por_nome).toBe(outroA.nome);
    expect((await encerrar(outroA, segundo.id, "Segunda passagem.")).statusCode).toBe(200);
    await recusada(() => abrir(porteiroAB, c.a, primeiro.id), 409, LIVRO_TEXTOS.passagemMudou);

    // Two operators take over from the same shift: the first who did stays.
    const terceiro = await abrir(porteiroAB, c.a, segundo.id);
    expect(terceiro.statusCode, terceiro.body).toBe(201);
    const quarto = await abrir(porteiroA, c.a, segundo.id);
    expect(quarto.statusCode, quarto.body).toBe(201);
    expect((await passagem(central, c.a)).ultimo_turno).toMatchObject({ id: segundo.id, assumido_por_nome: porteiroAB.nome });
    const [novo] = await db.select().from(turnos).where(eq(turnos.id, terceiro.json().id));
    expect(novo!.turno_anterior_id).toBe(segundo.id);
    await liberar(porteiroAB);
    await liberar(porteiroA);
  });
});

describe("entries", () => {
  beforeAll(async () => {
    for (const user of [central, porteiroA, outroA, porteiroB, porteiroAB]) await liberar(user);
  });

  it("are refused without an open shift, and nothing is written", async () => {
    await recusada(() => escrever(porteiroA, { condominio_id: c.a, tipo: "ocorrencia", titulo: "Sem turno" }), 409, LIVRO_TEXTOS.semTurno);
  });

  it("are written for the shift's own condominium only; the central's for any of its scope", async () => {
    await assumir(porteiroAB, c.a);
    await recusada(() => escrever(porteiroAB, { condominio_id: c.b, tipo: "ocorrencia", titulo: "Do outro" }), 400, LIVRO_TEXTOS.postoDoTurno, {
      condominio_id: LIVRO_TEXTOS.postoDoTurno,
    });
    await recusada(
      () => escrever(porteiroAB, { condominio_id: c.a, tipo: "ocorrencia", titulo: "Unidade de B", unidade_id: u.b1 }),
      400,
      LIVRO_TEXTOS.unidadeDeOutroCondominio,
      {
        unidade_id: LIVRO_TEXTOS.unidadeDeOutroCondominio,
      },
    );
    await recusada(
      () =>
        escrever(porteiroAB, { condominio_id: c.a, tipo: "ocorrencia", titulo: "Registro de B", referencia_tipo: "registro", referencia_id: ref.registroB }),
      400,
      LIVRO_TEXTOS.referenciaInvalida,
      { referencia_id: LIVRO_TEXTOS.referenciaInvalida },
    );
    await liberar(porteiroAB);
    await assumir(central, null);
    const deA = await item(central, { condominio_id: c.a, titulo: "Pela central em A" });
    const deB = await item(central, { condominio_id: c.b, titulo: "Pela central em B" });
    expect([deA.condominio.id, deB.condominio.id]).toEqual([c.a, c.b]);
    await liberar(central);
  });

  it("describe what they point at, in the same condominium", async () => {
    await assumir(porteiroA, c.a);
    const registro = await item(porteiroA, { condominio_id: c.a, unidade_id: u.a1, referencia_tipo: "registro", referencia_id: ref.registroA });
    const [entrada] = await db.select({ em: registrosAcesso.registrado_em }).from(registrosAcesso).where(eq(registrosAcesso.id, ref.registroA));
    expect(registro.referencia).toEqual({ tipo: "registro", id: ref.registroA, descricao: `Entrada de Maria Souza, ${formatDateTime(entrada!.em)}` });
    const alarme = await item(porteiroA, { condominio_id: c.a, referencia_tipo: "alarme", referencia_id: ref.alarmeA });
    expect(alarme.referencia!.descricao).toBe("Alarme: Porta forçada — Portão social");
    const encomenda = await item(porteiroA, { condominio_id: c.a, referencia_tipo: "encomenda", referencia_id: ref.encomendaA });
    expect(encomenda.referencia!.descricao).toBe("Encomenda Correios para Ana Paula (Bloco A - 101)");

    // The form's candidates: that condominium's recent ones, by text; another's gives none.
    const candidatas = async (user: User, query: string) =>
      (await request(t, "GET", `/api/livro/referencias?${query}`, { cookie: user.cookie })).json() as {
        rows: { id: string; descricao: string }[];
        total: number;
      };
    expect((await candidatas(porteiroA, `condominio_id=${c.a}&tipo=registro`)).rows.map((r) => r.id)).toEqual([ref.registroA]);
    expect((await candidatas(porteiroA, `condominio_id=${c.a}&tipo=registro&q=joão`)).rows).toEqual([]);
    expect((await candidatas(porteiroA, `condominio_id=${c.a}&tipo=encomenda&q=ana`)).rows).toMatchObject([{ id: ref.encomendaA }]);
    expect(await candidatas(porteiroA, `condominio_id=${c.b}&tipo=registro`)).toEqual({ rows: [], total: 0 });
    await liberar(porteiroA);
  });

  it("take complements and one resolution; nothing follows the resolution", async () => {
    await assumir(porteiroA, c.a);
    const aberto = await item(porteiroA, { condominio_id: c.a, titulo: "Vazamento na garagem" });
    await recusada(() => seguir(porteiroA, aberto.id, "complementos", " "), 400, LIVRO_TEXTOS.complementoObrigatorio);
    const complemento = await seguir(porteiroA, aberto.id, "complementos", "Zelador avisado.");
    expect(complemento.statusCode, complemento.body).toBe(201);
    expect(complemento.json()).toMatchObject({
      situacao: "aberta",
      complementos: 1,
      seguimentos: [{ natureza: "complemento", descricao: "Zelador avisado." }],
    });
    // Another operator of the post, in his own shift, resolves it.
    await assumir(outroA, c.a);
    const resolucao = await seguir(outroA, aberto.id, "resolucao", "Registro fechado.");
    expect(resolucao.statusCode, resolucao.body).toBe(201);
    expect(resolucao.json()).toMatchObject({
      situacao: "resolvida",
      complementos: 1,
      resolucao: { descricao: "Registro fechado.", criada_por_nome: outroA.nome },
      seguimentos: [{ natureza: "complemento" }, { natureza: "resolucao" }],
    });
    await recusada(() => seguir(porteiroA, aberto.id, "resolucao"), 409, LIVRO_TEXTOS.jaResolvida);
    await recusada(() => seguir(porteiroA, aberto.id, "complementos"), 409, LIVRO_TEXTOS.jaResolvida);
    // A follow-up is not an item of its own.
    const [seguimento] = await db.select({ id: ocorrencias.id }).from(ocorrencias).where(eq(ocorrencias.ocorrencia_original_id, aberto.id));
    expect((await request(t, "GET", `/api/livro/ocorrencias/${seguimento!.id}`, { cookie: porteiroA.cookie })).statusCode).toBe(404);
  });

  it("resolve an item once when two resolutions race: one wins, the other is a 409, never a 500", async () => {
    const aberto = await item(porteiroA, { condominio_id: c.a, titulo: "Corrida" });
    const respostas = await Promise.all([seguir(porteiroA, aberto.id, "resolucao", "Eu."), seguir(outroA, aberto.id, "resolucao", "Eu também.")]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(respostas.find((r) => r.statusCode === 409)!.json().error.message).toBe(LIVRO_TEXTOS.jaResolvida);
    const detalhe = (await request(t, "GET", `/api/livro/ocorrencias/${aberto.id}`, { cookie: porteiroA.cookie })).json();
    expect(detalhe.seguimentos).toHaveLength(1);
    await liberar(porteiroA);
    await liberar(outroA);
  });

  it("are another condominium's: 404 to who does not serve it", async () => {
    await assumir(porteiroB, c.b);
    const deB = await item(porteiroB, { condominio_id: c.b, titulo: "Só de B" });
    await liberar(porteiroB);
    await assumir(porteiroA, c.a);
    expect((await request(t, "GET", `/api/livro/ocorrencias/${deB.id}`, { cookie: porteiroA.cookie })).statusCode).toBe(404);
    await recusada(() => seguir(porteiroA, deB.id, "complementos"), 404, LIVRO_TEXTOS.naoEncontrada);
    expect((await lista(porteiroA)).rows.map((r) => r.id)).not.toContain(deB.id);
    await liberar(porteiroA);
  });
});

describe("what each reader sees", () => {
  const ids: { visivel: string; oculto: string; resolvido: string; antigo: string } = { visivel: "", oculto: "", resolvido: "", antigo: "" };

  beforeAll(async () => {
    await assumir(porteiroA, c.a);
    ids.antigo = (await item(porteiroA, { condominio_id: c.a, titulo: '=HYPERLINK("x") síndico; ver', tipo: "manutencao", visivel_sindico: true })).id;
    ids.visivel = (await item(porteiroA, { condominio_id: c.a, titulo: "Elevador parado", prioridade: "alta", tipo: "manutencao", visivel_sindico: true })).id;
    ids.oculto = (await item(porteiroA, { condominio_id: c.a, titulo: "Discussão entre porteiros", tipo: "seguranca" })).id;
    ids.resolvido = (await item(porteiroA, { condominio_id: c.a, titulo: "Recado entregue", tipo: "recado", visivel_sindico: true })).id;
    expect((await seguir(porteiroA, ids.resolvido, "resolucao", null)).statusCode).toBe(201);
    await liberar(porteiroA);
  });

  it("gives the síndico only the entries made visible to him, and 404 on the others", async () => {
    const dele = (await lista(sindicoA, "limit=200")).rows;
    expect(dele.every((r) => r.visivel_sindico && r.condominio.id === c.a)).toBe(true);
    expect(dele.map((r) => r.id)).toEqual(expect.arrayContaining([ids.visivel, ids.resolvido, ids.antigo]));
    expect(dele.map((r) => r.id)).not.toContain(ids.oculto);
    expect((await request(t, "GET", `/api/livro/ocorrencias/${ids.oculto}`, { cookie: sindicoA.cookie })).statusCode).toBe(404);
    const visto = await request(t, "GET", `/api/livro/ocorrencias/${ids.resolvido}`, { cookie: sindicoA.cookie });
    expect(visto.json()).toMatchObject({ situacao: "resolvida", seguimentos: [{ natureza: "resolucao" }] });
    // The operator reads them all.
    expect((await lista(porteiroA, "limit=200")).rows.map((r) => r.id)).toContain(ids.oculto);
  });

  it("lists the open items first, then the newest, a page at a time", async () => {
    const todas = (await lista(porteiroA, "limit=200")).rows;
    const situacoes = todas.map((r) => r.situacao);
    expect(situacoes.indexOf("resolvida")).toBeGreaterThan(situacoes.lastIndexOf("aberta"));
    const abertas = todas.filter((r) => r.situacao === "aberta").map((r) => r.id);
    expect(abertas.indexOf(ids.oculto)).toBeLessThan(abertas.indexOf(ids.visivel));
    expect(abertas.indexOf(ids.visivel)).toBeLessThan(abertas.indexOf(ids.antigo));
    // The cursor walks the same order.
    const vistos: string[] = [];
    let query = "limit=3";
    for (;;) {
      const page = await lista(porteiroA, query);
      expect(page.total).toBe(todas.length);
      vistos.push(...page.rows.map((r) => r.id));
      if (!page.next) break;
      query = `limit=3&after=${page.next}`;
    }
    expect(vistos).toEqual(todas.map((r) => r.id));
    // An offset reads the same order.
    for (const offset of [2, 5]) expect((await lista(porteiroA, `limit=4&offset=${offset}`)).rows.map((r) => r.id)).toEqual(vistos.slice(offset, offset + 4));
  });

  it("filters by condominium, type, priority, situation, period and text", async () => {
    const ids_ = async (query: string) => (await lista(porteiroAB, `limit=200&${query}`)).rows.map((r) => r.id);
    expect(await ids_(`condominio_id=${c.a}&tipo=manutencao&prioridade=alta`)).toEqual([ids.visivel]);
    expect(await ids_(`condominio_id=${c.a}&situacao=resolvida&tipo=recado&q=entregue`)).toEqual([ids.resolvido]);
    expect(await ids_("q=porteiros")).toEqual([ids.oculto]);
    expect(await ids_("q=ELEVADOR")).toEqual([ids.visivel]);
    expect(await ids_(`de=${today()}&ate=${today()}&q=elevador`)).toEqual([ids.visivel]);
    expect(await ids_(`ate=${addDays(today(), -1)}`)).toEqual([]);
    expect(await ids_(`condominio_id=${c.b}&q=elevador`)).toEqual([]);
  });

  it("exports the filter as a pt-BR CSV, with the same visibility", async () => {
    const csv = async (user: User, query: string) => {
      const response = await request(t, "GET", `/api/livro/ocorrencias.csv?${query}`, { cookie: user.cookie });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      return response;
    };
    const periodo = `de=${today()}&ate=${today()}&condominio_id=${c.a}`;
    const doPorteiro = await csv(porteiroA, periodo);
    expect(doPorteiro.headers["content-disposition"]).toBe(`attachment; filename="livro-${today()}.csv"`);
    const linhas = doPorteiro.body.split("\r\n");
    expect(linhas[0]).toBe(`\uFEFF${OCORRENCIAS_CSV_HEADER.join(";")}`);
    expect(linhas.at(-1)).toBe("");
    expect(linhas.length - 2).toBe((await lista(porteiroA, `limit=200&${periodo}`)).total);
    expect(doPorteiro.body).toContain("Discussão entre porteiros");
    // A formula is written as text, and a field with ';' or '"' is quoted.
    expect(doPorteiro.body).toContain(`"'=HYPERLINK(""x"") síndico; ver"`);
    const resolvido = linhas.find((l) => l.includes("Recado entregue"))!;
    expect(resolvido).toContain(";Recado;Normal;Recado entregue;");
    expect(resolvido).toContain(";Resolvida;Resolvida por Teste porteiro-a.livro@teste.local em ");

    const doSindico = (await csv(sindicoA, periodo)).body;
    expect(doSindico).toContain("Elevador parado");
    expect(doSindico).not.toContain("Discussão entre porteiros");
    expect(doSindico.split("\r\n").length - 2).toBe((await lista(sindicoA, `limit=200&${periodo}`)).total);
  });
});

describe("the database keeps the book on its own", () => {
  /** How the database refused a statement: its code, constraint and the trigger's message. */
  const recusaDoBanco = async (statement: ReturnType<typeof sql>) => {
    try {
      await db.execute(statement);
    } catch (error) {
      let mensagem = "";
      for (let e: unknown = error; e instanceof Error; e = e.cause) mensagem = e.message;
      return { code: pgErrorCode(error), constraint: pgConstraint(error), mensagem };
    }
    return "executou";
  };

  it("refuses to change or delete an entry, by any path", async () => {
    const [entrada] = await db.select({ id: ocorrencias.id }).from(ocorrencias).limit(1);
    const recusa = {
      code: "P0001",
      constraint: "ocorrencias_somente_insercao",
      mensagem: "As entradas do livro da portaria não podem ser alteradas nem excluídas.",
    };
    expect(await recusaDoBanco(sql`update portaria_web_ocorrencias set titulo = 'Outro' where id = ${entrada!.id}`)).toEqual(recusa);
    expect(await recusaDoBanco(sql`delete from portaria_web_ocorrencias where id = ${entrada!.id}`)).toEqual(recusa);
  });

  it("closes and takes over a shift once each, and never deletes one", async () => {
    const turno = await assumir(porteiroA, c.a);
    expect((await encerrar(porteiroA, turno.id, "Primeira.")).statusCode).toBe(200);
    await assumir(outroA, c.a);
    const recusa = {
      code: "P0001",
      constraint: "turnos_somente_encerrar_e_assumir",
      mensagem: "Um turno só pode ser encerrado e assumido, uma vez cada, e nenhum turno pode ser excluído.",
    };
    expect(await recusaDoBanco(sql`update portaria_web_turnos set encerrado_em = now(), passagem = 'De novo.' where id = ${turno.id}`)).toEqual(recusa);
    expect(
      await recusaDoBanco(
        sql`update portaria_web_turnos set assumido_por = ${porteiroA.usuarioId}, assumido_por_nome = 'Outro', assumido_em = now() where id = ${turno.id}`,
      ),
    ).toEqual(recusa);
    expect(await recusaDoBanco(sql`delete from portaria_web_turnos where id = ${turno.id}`)).toEqual(recusa);
    const [lido] = await db.select().from(turnos).where(eq(turnos.id, turno.id));
    expect(lido).toMatchObject({ passagem: "Primeira.", assumido_por_nome: outroA.nome });
    await liberar(outroA);
  });
});
