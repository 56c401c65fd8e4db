import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textoDaSolicitacao } from "@shared/schemas/solicitacoes";
import { formatTime, saoPauloWallClockMs } from "@shared/time";
import { moradorPreferencias, registrosAcesso, solicitacoesAutorizacao } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { buildApp } from "../../app";
import { ADMIN, createTestApp, databaseSnapshot, request, residentWithAccount, signIn, testConfig, userWithPermissions } from "../../testing/harness";
import { lerEventos } from "../../testing/sse";

// 'Pedir autorização ao morador' (gate-operation-spec §3.3), as the console and the residents use
// it: the request reaches the unit's residents with an account, the first answer wins and reaches
// the console live, a later answer learns who answered, 60 s without one is 'Sem resposta', and a
// resident never sees or answers another unit's request.

// The consoles' stream stays open (the route tests' default closes it at once).
const t = await createTestApp({ tempoRealMaxMs: 20_000 });
afterAll(() => t.close());

let admin: string;
let fixtures: Fixtures;
const ids = { condominio: "", unidade: "", vizinha: "", semContas: "" };
let porteiro: Awaited<ReturnType<typeof userWithPermissions>>;
let rita: Awaited<ReturnType<typeof residentWithAccount>>;
let bruno: Awaited<ReturnType<typeof residentWithAccount>>;
let vizinho: Awaited<ReturnType<typeof residentWithAccount>>;

beforeAll(async () => {
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Autoriza" })).id;
  const unidade = async (numero_unidade: string) => (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "A", numero_unidade })).id;
  ids.unidade = await unidade("101");
  ids.vizinha = await unidade("102");
  ids.semContas = await unidade("103");
  porteiro = await userWithPermissions(t, "porteiro.autoriza@teste.local", ["registrar_acesso_visitante", "acionar_dispositivos"], [ids.condominio]);
  rita = await residentWithAccount(t, "rita.autoriza@teste.local", ids.unidade);
  bruno = await residentWithAccount(t, "bruno.autoriza@teste.local", ids.unidade);
  vizinho = await residentWithAccount(t, "vizinho.autoriza@teste.local", ids.vizinha);
});

const pedir = (extra: object = {}, cookie = porteiro.cookie) =>
  request(t, "POST", "/api/controle-acesso/solicitacoes", {
    cookie,
    payload: { condominio_id: ids.condominio, unidade_id: ids.unidade, tipo_pessoa: "visitante", nome_visitante: "Vera Visitante", ...extra },
  });
const responder = (cookie: string, solicitacao_id: string, resposta: "liberar" | "recusar", mensagem?: string) =>
  request(t, "POST", "/api/morador/solicitacoes/responder", { cookie, payload: { solicitacao_id, resposta, ...(mensagem ? { mensagem } : {}) } });
const pendentes = async (cookie: string) =>
  ((await request(t, "GET", "/api/morador/solicitacoes", { cookie })).json() as { rows: { id: string; nome_visitante: string }[] }).rows;

describe("asking the residents", () => {
  it("reaches the unit's residents; the first answer wins, reaches the console live, and a later one learns who answered", async () => {
    // A console connected to the realtime stream of the condominium.
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const fechar = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/controle-acesso/tempo-real?condominio_id=${ids.condominio}`, {
      headers: { cookie: porteiro.cookie },
      signal: fechar.signal,
    });
    const eventos: { evento: string; dados: { id?: string; estado?: string } }[] = [];
    const leitura = lerEventos(stream.body!, (evento, dados) => eventos.push({ evento, dados: dados as { id?: string; estado?: string } })).catch(
      () => undefined,
    );
    await expect.poll(() => eventos.some((e) => e.evento === "pronto")).toBe(true);

    const criada = await pedir({ placa: "ABC1D23", documento: "RG 12.345" });
    expect(criada.statusCode, criada.body).toBe(201);
    const s = criada.json();
    expect(s).toMatchObject({
      estado: "aguardando",
      unidade: "Bloco A · 101",
      nome_visitante: "Vera Visitante",
      placa: "ABC1D23",
      solicitado_por_nome: "Teste porteiro.autoriza@teste.local",
      respondida_por: null,
    });
    expect(new Date(s.expira_em).getTime() - new Date(s.created_at).getTime()).toBe(60_000);
    expect(textoDaSolicitacao(s, 12)).toBe("Aguardando o morador (00:12)");

    // Both residents of the unit see it; the neighbour does not.
    expect((await pendentes(rita.cookie)).map((r) => r.id)).toContain(s.id);
    expect((await pendentes(bruno.cookie)).map((r) => r.id)).toContain(s.id);
    expect((await pendentes(vizinho.cookie)).map((r) => r.id)).not.toContain(s.id);

    const liberou = await responder(rita.cookie, s.id, "liberar");
    expect(liberou.statusCode, liberou.body).toBe(200);
    const respondida = liberou.json();
    expect(respondida).toMatchObject({
      estado: "aprovada",
      respondida_por: rita.moradorId,
      respondida_por_nome: "Morador rita.autoriza@teste.local",
      canal: "app",
    });
    expect(textoDaSolicitacao(respondida)).toMatch(/^Autorizado por Morador rita\.autoriza@teste\.local \(app\) às \d{2}:\d{2}$/);

    const tarde = await responder(bruno.cookie, s.id, "recusar");
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().error.message).toBe("Já respondida por Morador rita.autoriza@teste.local.");
    expect((await pendentes(bruno.cookie)).map((r) => r.id)).not.toContain(s.id);

    await expect
      .poll(() => eventos.filter((e) => e.evento === "solicitacao" && e.dados.id === s.id).map((e) => e.dados.estado), { message: JSON.stringify(eventos) })
      .toEqual(["aguardando", "aprovada"]);
    fechar.abort();
    await leitura;
    // The console reads the same.
    expect((await request(t, "GET", `/api/controle-acesso/solicitacoes/${s.id}`, { cookie: porteiro.cookie })).json()).toMatchObject({
      estado: "aprovada",
      canal: "app",
    });
  });

  it("a refusal carries the resident's message", async () => {
    const s = (await pedir({ tipo_pessoa: "entrega", nome_visitante: "Entregador Rápido" })).json();
    const recusou = (await responder(bruno.cookie, s.id, "recusar", "Não pedi nada")).json();
    expect(recusou).toMatchObject({ estado: "recusada", mensagem: "Não pedi nada", respondida_por: bruno.moradorId });
    expect(textoDaSolicitacao(recusou)).toBe('Recusado por Morador bruno.autoriza@teste.local: "Não pedi nada"');
  });

  it("two answers at the same instant: exactly one wins", async () => {
    const s = (await pedir()).json();
    const [a, b] = await Promise.all([responder(rita.cookie, s.id, "liberar"), responder(bruno.cookie, s.id, "recusar")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [linha] = await t.database.db.select().from(solicitacoesAutorizacao).where(eq(solicitacoesAutorizacao.id, s.id));
    expect(linha!.estado).toBe((a.statusCode === 200 ? a : b).json().estado);
  });

  it("60 s without an answer: 'Sem resposta — tente o interfone.', and nobody can answer it any more", async () => {
    const s = (await pedir()).json();
    // A minute passes.
    await t.database.db.execute(sql`update ${solicitacoesAutorizacao} set expira_em = now() - interval '1 second' where id = ${s.id}`);
    expect((await pendentes(rita.cookie)).map((r) => r.id)).not.toContain(s.id);
    const tarde = await responder(rita.cookie, s.id, "liberar");
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().error.message).toBe("Este pedido já foi encerrado.");
    // The sweep (every instance runs it each second) ends it for the console.
    const sweeper = await buildApp(testConfig({ varreduraComandosMs: 200 }), { database: t.database, mailer: t.mailer });
    await sweeper.app.ready();
    try {
      await expect
        .poll(async () => (await request(t, "GET", `/api/controle-acesso/solicitacoes/${s.id}`, { cookie: porteiro.cookie })).json().estado, { timeout: 5_000 })
        .toBe("sem_resposta");
    } finally {
      await sweeper.app.close();
    }
    expect(textoDaSolicitacao({ estado: "sem_resposta", respondida_por_nome: null, canal: null, mensagem: null, respondida_em: null })).toBe(
      "Sem resposta — tente o interfone.",
    );
  });

  it("the console may cancel one that waits, not one answered", async () => {
    const s = (await pedir()).json();
    const cancelada = await request(t, "POST", `/api/controle-acesso/solicitacoes/${s.id}/cancelar`, { cookie: porteiro.cookie });
    expect(cancelada.json()).toMatchObject({ estado: "cancelada" });
    expect((await responder(rita.cookie, s.id, "liberar")).statusCode).toBe(409);
    expect((await request(t, "POST", `/api/controle-acesso/solicitacoes/${s.id}/cancelar`, { cookie: porteiro.cookie })).statusCode).toBe(409);
  });
});

describe("refusals that change nothing", () => {
  it("a unit where nobody can answer: 409, use the intercom", async () => {
    const r = await pedir({ unidade_id: ids.semContas });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.message).toBe("Nenhum morador desta unidade tem acesso à Área do Morador: use o interfone.");
  });

  it("a resident cannot answer another unit's request, nor a deactivated resident their own", async () => {
    const s = (await pedir()).json();
    const antes = await databaseSnapshot(t);
    const alheia = await responder(vizinho.cookie, s.id, "liberar");
    expect(alheia.statusCode).toBe(404);
    expect(alheia.json().error.message).toBe("Pedido não encontrado.");
    expect(await databaseSnapshot(t)).toStrictEqual(antes);

    // Rita leaves the unit's residents: her access ends with it.
    await request(t, "PUT", `/api/moradores/${rita.moradorId}`, {
      cookie: admin,
      payload: { nome_completo: "Morador rita.autoriza@teste.local", tipo_morador: "proprietario", email: "rita.autoriza@teste.local", ativo: false },
    });
    expect((await responder(rita.cookie, s.id, "liberar")).statusCode).toBe(403);
    await request(t, "PUT", `/api/moradores/${rita.moradorId}`, {
      cookie: admin,
      payload: { nome_completo: "Morador rita.autoriza@teste.local", tipo_morador: "proprietario", email: "rita.autoriza@teste.local", ativo: true },
    });
  });

  it("a porteiro of another condominium cannot ask for this one's unit nor read its requests", async () => {
    const outro = (await fixtures.criar("/api/condominios", { nome: "Residencial Outro Lado" })).id;
    const alheio = await userWithPermissions(t, "porteiro.alheio@teste.local", ["registrar_acesso_visitante"], [outro]);
    const s = (await pedir()).json();
    const outraUnidade = (await fixtures.criar("/api/unidades", { condominio_id: outro, numero_unidade: "9" })).id;
    const antes = await databaseSnapshot(t);
    expect((await pedir({}, alheio.cookie)).statusCode).toBe(400);
    expect((await request(t, "GET", `/api/controle-acesso/solicitacoes/${s.id}`, { cookie: alheio.cookie })).statusCode).toBe(404);
    expect((await request(t, "POST", `/api/controle-acesso/solicitacoes/${s.id}/cancelar`, { cookie: alheio.cookie })).statusCode).toBe(404);
    // The unit of another condominium, named with the porteiro's own condominium: refused too.
    expect((await pedir({ unidade_id: outraUnidade })).statusCode).toBe(400);
    expect(await databaseSnapshot(t)).toStrictEqual(antes);
  });
});

describe("a standing rule", () => {
  /** São Paulo's 'HH:mm' `horas` from now. */
  const hora = (horas: number) => new Date(saoPauloWallClockMs(Date.now() + horas * 3_600_000)).toISOString().slice(11, 16);

  it("answers a delivery inside its hours at once, in the resident's name; a visitor, or a delivery outside them, is asked", async () => {
    const unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "B", numero_unidade: "201" })).id;
    const clara = await residentWithAccount(t, "clara.regra@teste.local", unidade);
    const regra = (de: string, ate: string) =>
      t.database.db
        .insert(moradorPreferencias)
        .values({ morador_id: clara.moradorId, regra_entregas: "liberar_sempre", regra_de: de, regra_ate: ate })
        .onConflictDoUpdate({ target: moradorPreferencias.morador_id, set: { regra_de: de, regra_ate: ate } });
    await regra(hora(-1), hora(1));

    const entrega = await pedir({ unidade_id: unidade, tipo_pessoa: "entrega", nome_visitante: "Entregador Rápido" });
    expect(entrega.statusCode).toBe(201);
    const s = entrega.json();
    expect(s).toMatchObject({ estado: "aprovada", canal: "regra", respondida_por_nome: "Morador clara.regra@teste.local" });
    expect(textoDaSolicitacao(s)).toBe(`Liberado pela regra do morador: Entregas: liberar sempre (das ${hora(-1)} às ${hora(1)}).`);
    // Nothing waits for Clara's answer.
    expect(await pendentes(clara.cookie)).toEqual([]);

    // A visitor is always asked.
    expect((await pedir({ unidade_id: unidade, nome_visitante: "Visita da Clara" })).json().estado).toBe("aguardando");
    // Outside the rule's hours, a delivery is asked too.
    await regra(hora(1), hora(2));
    expect((await pedir({ unidade_id: unidade, tipo_pessoa: "entrega", nome_visitante: "Entregador Tardio" })).json().estado).toBe("aguardando");
  });
});

describe("the entry on a resident's answer", () => {
  const entrar = (extra: object) =>
    request(t, "POST", "/api/controle-acesso/visitante", {
      cookie: porteiro.cookie,
      payload: { condominio_id: ids.condominio, nome: "Vera Aprovada", unidade_id: ids.unidade, ...extra },
    });

  it("keeps who answered, by which channel and when in the record; a request not approved for that unit is refused and writes nothing", async () => {
    const s = (await pedir({ nome_visitante: "Vera Aprovada" })).json();
    const recusada = (await pedir({ nome_visitante: "Vera Recusada" })).json();
    await responder(bruno.cookie, recusada.id, "recusar");
    const antes = await databaseSnapshot(t);
    // Before the answer, a refused one, another unit's: refused, nothing written.
    for (const [solicitacao_id, unidade_id] of [
      [s.id, ids.unidade],
      [recusada.id, ids.unidade],
      [s.id, ids.vizinha],
    ]) {
      const r = await entrar({ solicitacao_id, unidade_id, autorizado_por_morador_id: rita.moradorId });
      expect(r.statusCode).toBe(400);
      expect(r.json().error.fields.solicitacao_id).toBe("Este pedido não foi aprovado por um morador desta unidade.");
    }
    expect(await databaseSnapshot(t)).toStrictEqual(antes);

    const aprovada = (await responder(rita.cookie, s.id, "liberar")).json();
    // Naming someone else than who answered is refused too.
    expect((await entrar({ solicitacao_id: s.id, autorizado_por_morador_id: bruno.moradorId })).statusCode).toBe(400);
    const r = await entrar({ solicitacao_id: s.id, autorizado_por_morador_id: rita.moradorId });
    expect(r.statusCode).toBe(201);
    const [registro] = await t.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.nome_pessoa, "Vera Aprovada"));
    expect(registro!.autorizado_por).toBe(`Morador rita.autoriza@teste.local (app) às ${formatTime(aprovada.respondida_em)}`);
    expect(registro!.tipo_pessoa).toBe("visitante");

    // A delivery is asked as one, and recorded as a delivery man.
    const entrega = (await pedir({ tipo_pessoa: "entrega", nome_visitante: "Entregador Veloz" })).json();
    await responder(bruno.cookie, entrega.id, "liberar");
    const r2 = await entrar({ nome: "Entregador Veloz", entrega: true, solicitacao_id: entrega.id, autorizado_por_morador_id: bruno.moradorId });
    expect(r2.statusCode, r2.body).toBe(201);
    const [doEntregador] = await t.database.db.select().from(registrosAcesso).where(eq(registrosAcesso.nome_pessoa, "Entregador Veloz"));
    expect(doEntregador!.tipo_pessoa).toBe("entregador");
  });
});
