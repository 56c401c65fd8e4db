import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId } from "../../../../scripts/simulador/controlid";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { buildApp, type PortalApp } from "../../app";
import { queryRows } from "../../db/client";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, capturedLogs, createTestApp, databaseSnapshot, request, signIn, TEST_ORIGIN, testConfig, userWithPermissions } from "../../testing/harness";
import { lerEventos } from "../../testing/sse";

// Opening a gate from the console (gate-operation-spec §2.2) through the API, against the
// simulator's devices: the command's states as the device reports them, exactly one opening per
// request however often it is repeated and on whichever instance, the record of who, when and
// why, and every command ending — 'falhou' with the spec's reason at its timeout.

const logs = capturedLogs();
// The sweeper on, as in production: it ends the commands of a device that never fetched them.
const t = await createTestApp({ varreduraComandosMs: 1000 }, { logger: logs.logger });

const SENHA = "Senha-Do-Portao-#2026";
const social = criarIntelbras({ nome: "social", modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", senha: SENHA, portaMoveMs: 50, portaAbertaMs: 400 });
const pedestres = criarControlId({ nome: "pedestres", modelo: "iDAccess", serie: "0M0200/000102", senha: SENHA, portas: 2, sensorPorta: false });
const simulados: DispositivoSimulado[] = [social, pedestres];

const outras: PortalApp[] = [];
let admin: string;
let fixtures: Fixtures;
let condominio: string;
beforeAll(async () => {
  await Promise.all(simulados.map((d) => d.ligar()));
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Comandos" })).id;
});
afterAll(async () => {
  await Promise.all(outras.map((p) => p.app.close()));
  await t.close();
  await Promise.all(simulados.map((d) => d.desligar()));
});

const call = (method: "GET" | "POST", url: string, payload?: object) => request(t, method, url, { cookie: admin, payload });

async function cadastrar(simulado: DispositivoSimulado, extra: object = {}) {
  const created = await call("POST", "/api/dispositivos", {
    condominio_id: condominio,
    nome: `${simulado.opcoes.nome} ${fixtures.seq()}`,
    fabricante: simulado.opcoes.fabricante,
    modelo: simulado.opcoes.modelo,
    conexao: "direta",
    endereco: simulado.endereco,
    usuario: "admin",
    senha: SENHA,
    portas: [
      { numero: 1, nome: "Portão social", sentido: "entrada" },
      { numero: 2, nome: "Saída", sentido: "saida" },
    ],
    sensor_porta: simulado.opcoes.sensorPorta,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

let chaves = 0;
const chave = () => `teste-${Date.now()}-${++chaves}`;
const abrir = (dispositivo_id: string, extra: object = {}) =>
  call("POST", "/api/controle-acesso/abrir", {
    condominio_id: condominio,
    dispositivo_id,
    porta: 1,
    chave_idempotencia: chave(),
    motivo: "Entrega sem morador em casa",
    ...extra,
  });

const comando = async (id: string, condominioId = condominio) =>
  (await call("GET", `/api/controle-acesso/comandos/${id}?condominio_id=${condominioId}`)).json();
const ate = (id: string, estado: string, timeout = 15_000, condominioId = condominio) =>
  expect.poll(async () => (await comando(id, condominioId)).estado, { timeout, interval: 100 }).toBe(estado);

describe("Comandos: opening a gate from the console", () => {
  it("opens the door once and follows it to 'fechada', with a record of who, when and why", async () => {
    const dispositivo = await cadastrar(social);
    const aberturasAntes = social.aberturas.length;
    const answer = await abrir(dispositivo);
    expect(answer.statusCode, answer.body).toBe(201);
    const criado = answer.json();
    expect(criado).toMatchObject({ estado: "solicitado", porta: 1, porta_nome: "Portão social", sensor_porta: true, solicitado_por_nome: "Administrador" });

    await ate(criado.id, "fechada");
    const fim = await comando(criado.id);
    for (const passo of ["enviado_em", "executado_em", "aberta_em", "fechada_em"]) expect(fim[passo], passo).not.toBeNull();
    expect(Date.parse(fim.aberta_em)).toBeLessThan(Date.parse(fim.fechada_em));
    expect(social.aberturas.slice(aberturasAntes).map((a) => a.porta)).toEqual([1]);

    // Nobody registered: the reason made a record ('nao_identificado', 'remoto'), linked to the command.
    const [registro] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select tipo_pessoa, metodo, motivo, sentido, resultado, operador_nome from portaria_web_registros_acesso where id = ${fim.registro_id}`,
    );
    expect(registro).toEqual({
      tipo_pessoa: "nao_identificado",
      metodo: "remoto",
      motivo: "Entrega sem morador em casa",
      sentido: "entrada",
      resultado: "liberado",
      operador_nome: "Administrador",
    });
    // The device's password went to the device, and to no log line.
    expect(logs.logged()).not.toContain(SENHA);
  });

  it("the same request five times at once, and once more later, is one command, one record, one opening", async () => {
    const dispositivo = await cadastrar(social);
    const antes = social.aberturas.length;
    const corpo = { condominio_id: condominio, dispositivo_id: dispositivo, porta: 1, chave_idempotencia: chave(), motivo: "Pedido repetido" };
    const respostas = await Promise.all(Array.from({ length: 5 }, () => call("POST", "/api/controle-acesso/abrir", corpo)));
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(respostas.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    await ate(id!, "fechada");
    const depois = await call("POST", "/api/controle-acesso/abrir", corpo);
    expect(depois.statusCode).toBe(200);
    expect(depois.json()).toMatchObject({ id, estado: "fechada" });
    expect(social.aberturas.length - antes).toBe(1);
    const [contagem] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from portaria_web_registros_acesso where motivo = 'Pedido repetido'`,
    );
    expect(contagem!.n).toBe(1);

    // The same key for another door is refused, and opens nothing.
    const outra = await call("POST", "/api/controle-acesso/abrir", { ...corpo, porta: 2 });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().error.message).toBe("Esta chave já abriu outro portão. Tente de novo.");
    expect(social.aberturas.length - antes).toBe(1);
  });

  it("two instances behind a load balancer: one opening for the same request, and the outcome reaches a console on the other", async () => {
    const outra = await buildApp(testConfig({ tempoRealMaxMs: 20_000 }), { database: t.database, mailer: t.mailer });
    outras.push(outra);
    await outra.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = outra.app.server.address() as AddressInfo;

    // A console connected to the other instance.
    const fechar = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/controle-acesso/tempo-real?condominio_id=${condominio}`, {
      headers: { cookie: admin },
      signal: fechar.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const eventos: { evento: string; dados: { id?: string; estado?: string } }[] = [];
    const leitura = lerEventos(stream.body!, (evento, dados) => eventos.push({ evento, dados: dados as { id?: string; estado?: string } })).catch(
      () => undefined,
    );
    await expect.poll(() => eventos.some((e) => e.evento === "pronto")).toBe(true);

    const dispositivo = await cadastrar(social);
    const antes = social.aberturas.length;
    const corpo = { condominio_id: condominio, dispositivo_id: dispositivo, porta: 1, chave_idempotencia: chave(), motivo: "Duas instâncias" };
    const [a, b] = await Promise.all([
      call("POST", "/api/controle-acesso/abrir", corpo),
      outra.app.inject({ method: "POST", url: "/api/controle-acesso/abrir", headers: { cookie: admin, origin: TEST_ORIGIN }, payload: corpo }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const id = a.json().id as string;

    await expect
      .poll(() => eventos.filter((e) => e.evento === "comando" && e.dados.id === id).map((e) => e.dados.estado), { timeout: 15_000 })
      .toEqual(["solicitado", "enviado", "executado", "aberta", "fechada"]);
    expect(social.aberturas.length - antes).toBe(1);
    fechar.abort();
    await leitura;
  });

  it("without a door sensor the last state is 'executado': the screen never claims the door opened", async () => {
    const dispositivo = await cadastrar(pedestres);
    const criado = (await abrir(dispositivo, { porta: 2 })).json();
    await ate(criado.id, "executado");
    expect(pedestres.aberturas.at(-1)?.porta).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await comando(criado.id)).toMatchObject({ estado: "executado", aberta_em: null, fechada_em: null });
  });

  it("a sensor that never sees the door open: 'Falhou: Portão não abriu (o sensor não mudou em 10 s).'", async () => {
    // Registered with a sensor, but the door does not move (the relay clicked; the gate is jammed).
    const dispositivo = await cadastrar(pedestres, { sensor_porta: true });
    const criado = (await abrir(dispositivo)).json();
    await ate(criado.id, "falhou", 20_000);
    expect((await comando(criado.id)).motivo_falha).toBe("Portão não abriu (o sensor não mudou em 10 s).");
  });

  it("a device that does not answer fails in 5 s; once known offline, the reason says since when", async () => {
    const lento = criarIntelbras({ nome: "lento", modelo: "SS 3530", serie: "LENTO00001", senha: SENHA });
    simulados.push(lento);
    await lento.ligar();
    const dispositivo = await cadastrar(lento);
    lento.atrasoMs = 8000;
    const primeiro = (await abrir(dispositivo)).json();
    await ate(primeiro.id, "falhou", 10_000);
    expect((await comando(primeiro.id)).motivo_falha).toBe("Dispositivo não respondeu em 5 s.");
    expect(lento.aberturas).toHaveLength(0);

    // It answered once (a test), then left the network: the next command names when it was last heard.
    lento.atrasoMs = 0;
    expect((await call("POST", `/api/dispositivos/${dispositivo}/testar`)).json().conectado).toBe(true);
    lento.desconectar();
    const segundo = (await abrir(dispositivo)).json();
    await ate(segundo.id, "falhou", 10_000);
    expect((await comando(segundo.id)).motivo_falha).toBe("Não foi possível conectar ao dispositivo: confira o endereço, a porta e a rede.");
    const terceiro = (await abrir(dispositivo)).json();
    await ate(terceiro.id, "falhou", 10_000);
    expect((await comando(terceiro.id)).motivo_falha).toMatch(/^Dispositivo offline desde \d{2}:\d{2}\.$/);
    // Known offline: the alarm is on the consoles, once, however many commands failed.
    const alarmes = (await call("GET", `/api/alarmes?condominio_id=${condominio}`)).json().alarmes as {
      dispositivo: { id: string } | null;
      mensagem: string;
    }[];
    expect(alarmes.filter((a) => a.dispositivo?.id === dispositivo).map((a) => a.mensagem)).toEqual([
      expect.stringMatching(/^Dispositivo offline: lento \d+\.$/),
    ]);
  });

  it("a device that calls out and never fetches its command: 'Falhou: Dispositivo não buscou o comando em 5 s.'", async () => {
    const dispositivo = await cadastrar(social, { conexao: "saida", endereco: "", usuario: "", senha: "" });
    const criado = (await abrir(dispositivo)).json();
    expect(criado.estado).toBe("solicitado");
    await ate(criado.id, "falhou", 15_000);
    expect((await comando(criado.id)).motivo_falha).toBe("Dispositivo não buscou o comando em 5 s.");
  });

  it("refuses an opening without a reason, an entry that was not let in, and another condominium's gate; nothing is written, nothing opens", async () => {
    const dispositivo = await cadastrar(social);
    const outroCondominio = (await fixtures.criar("/api/condominios", { nome: `Residencial Vizinho ${fixtures.seq()}` })).id;
    const { cookie } = await userWithPermissions(t, `operador.${fixtures.seq()}@teste.local`, ["acionar_dispositivos"], [outroCondominio]);
    const antes = social.aberturas.length;
    const snapshot = await databaseSnapshot(t);

    const semMotivo = await abrir(dispositivo, { motivo: "   " });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().error.fields).toEqual({ motivo: "Informe o motivo: ninguém abre o portão sem registro de quem, quando e por quê." });

    const registroInventado = await abrir(dispositivo, { motivo: null, registro_id: "00000000-0000-4000-8000-000000000000" });
    expect(registroInventado.statusCode).toBe(400);
    expect(registroInventado.json().error.fields).toEqual({
      registro_id: "Só se abre o portão para uma entrada ou saída liberada deste condomínio, registrada há no máximo 10 minutos.",
    });

    const alheio = await request(t, "POST", "/api/controle-acesso/abrir", {
      cookie,
      payload: { condominio_id: condominio, dispositivo_id: dispositivo, porta: 1, chave_idempotencia: chave(), motivo: "Intruso" },
    });
    expect(alheio.statusCode).toBe(404);
    const portaAlheia = await request(t, "POST", "/api/controle-acesso/abrir", {
      cookie,
      payload: { condominio_id: outroCondominio, dispositivo_id: dispositivo, porta: 1, chave_idempotencia: chave(), motivo: "Intruso" },
    });
    expect(portaAlheia.statusCode).toBe(404);
    expect(portaAlheia.json().error.message).toBe("Portão não encontrado: o dispositivo não existe, está inativo ou não tem essa porta.");

    expect(await databaseSnapshot(t)).toStrictEqual(snapshot);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(social.aberturas.length).toBe(antes);
  });

  it("'Registrar e abrir': the entry just let in opens the door, with no second record; another condominium's entry does not", async () => {
    const doFixture = (await fixtures.condominio()).id;
    const dispositivo = await cadastrar(pedestres, { condominio_id: doFixture });
    const morador = await fixtures.novoMorador();
    const entrada = await call("POST", "/api/controle-acesso/entrada", { condominio_id: doFixture, pessoa: { tipo: "morador", morador_id: morador.id } });
    expect(entrada.statusCode, entrada.body).toBe(201);
    const registroId = entrada.json().registro_id as string;
    const contar = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from portaria_web_registros_acesso where condominio_id = ${doFixture}`))[0]!
        .n;
    const registrosAntes = await contar();

    const aberto = await call("POST", "/api/controle-acesso/abrir", {
      condominio_id: doFixture,
      dispositivo_id: dispositivo,
      porta: 1,
      chave_idempotencia: chave(),
      registro_id: registroId,
    });
    expect(aberto.statusCode, aberto.body).toBe(201);
    expect(aberto.json().registro_id).toBe(registroId);
    await ate(aberto.json().id, "executado");
    expect(await contar()).toBe(registrosAntes);

    // This condominium's gate does not open for the fixtures' condominium's entry.
    const outroPortao = await cadastrar(pedestres);
    const alheia = await abrir(outroPortao, { motivo: null, registro_id: registroId });
    expect(alheia.statusCode).toBe(400);

    const portoes = (await call("GET", `/api/controle-acesso/portoes?condominio_id=${condominio}`)).json().portoes;
    expect(portoes.filter((p: { dispositivo: { id: string } }) => p.dispositivo.id === outroPortao).map((p: { nome: string }) => p.nome)).toEqual([
      "Portão social",
      "Saída",
    ]);
  });
});
