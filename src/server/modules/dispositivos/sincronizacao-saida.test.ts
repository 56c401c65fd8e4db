import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId } from "../../../../scripts/simulador/controlid";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { pedidosDispositivo } from "../../db/schema";
import { FalhaDoDispositivo } from "../../dispositivos/drivers/tipos";
import { JPEG_DE_AMOSTRA } from "../biometria/routes";
import { Fixtures } from "../../testing/fixtures";
import { buildApp, type PortalApp } from "../../app";
import { ADMIN, capturedLogs, createTestApp, request, signIn, TEST_ORIGIN, testConfig } from "../../testing/harness";
import { pedidosPelaSaida } from "./pedidos";

// Synchronising a device that calls out (gate-operation-spec §2.1 'saida', §2.4; push mode of
// Control iD, docs/decisions/0270): the portal cannot call it, so every call of the round waits
// until the device asks for its next request, and comes back as the device's result. Against the
// simulator's device in push mode, calling this app over the network.

const logs = capturedLogs();
// 'Sincronizar agora' waits up to 15 s for a round, as in production (a polling device's round ends well before).
const t = await createTestApp({}, { logger: logs.logger });
const SENHA = "Senha-Da-Saida-1";
const simulados: DispositivoSimulado[] = [];
/** Other instances on the same database, closed before it. */
const outras: PortalApp[] = [];
let admin: string;
let fixtures: Fixtures;
let base = "";
const ids = { condominio: "", unidade: "", rita: "", carla: "" };

beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Atrás do NAT" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "N", numero_unidade: "7" })).id;
  const morador = async (nome_completo: string) =>
    (await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo, tipo_morador: "proprietario" })).id;
  ids.rita = await morador("Rita Saída");
  ids.carla = await morador("Carla Saída");
  // Rita consented and has a photo: her face goes too. Carla has a tag.
  expect((await call("POST", `/api/moradores/${ids.rita}/biometria/foto`, { foto: JPEG_DE_AMOSTRA })).statusCode).toBe(201);
  expect((await call("PUT", `/api/moradores/${ids.rita}/biometria/consentimento`, { consentimento: true })).statusCode).toBe(200);
  expect((await call("POST", `/api/moradores/${ids.carla}/cartoes`, { tipo: "tag", numero: "7000123" })).statusCode).toBe(201);
});
afterAll(async () => {
  for (const o of outras) await o.app.close();
  await t.close();
  await Promise.all(simulados.map((d) => d.desligar()));
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => request(t, method, url, { cookie: admin, payload });

/** A device behind NAT, registered as 'saida' and given its integration address in push mode (or not polling at all). */
async function instalar(opcoes: { fabricante?: "controlid" | "intelbras"; pushMs?: number; sondando?: boolean } = {}) {
  const seq = fixtures.seq();
  // 250 ms: a poll and its result stay under the portal's 10 calls a second per device.
  const comum = { nome: `nat-${seq}`, serie: `0M0100/${String(500 + seq).padStart(6, "0")}`, senha: SENHA, vidaMs: 0, pushMs: opcoes.pushMs ?? 250 };
  const simulado =
    opcoes.fabricante === "intelbras"
      ? criarIntelbras({ ...comum, modelo: "SS 3530 MF W", serie: `7F0A2B${seq}` })
      : criarControlId({ ...comum, modelo: "iDFace" });
  simulados.push(simulado);
  await simulado.ligar();
  const criado = await call("POST", "/api/dispositivos", {
    condominio_id: ids.condominio,
    nome: `Portão NAT ${seq}`,
    fabricante: opcoes.fabricante ?? "controlid",
    modelo: simulado.opcoes.modelo,
    conexao: "saida",
    portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
  });
  expect(criado.statusCode, criado.body).toBe(201);
  const { id, url_integracao } = criado.json() as { id: string; url_integracao: string };
  if (opcoes.sondando !== false && simulado.opcoes.fabricante === "controlid")
    simulado.integracao = { url: `${base}${new URL(url_integracao).pathname}`, modo: "push" };
  return { id, simulado };
}

const sincronizar = async (id: string) => {
  const r = await call("POST", `/api/dispositivos/${id}/sincronizar`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const estado = async (id: string) =>
  ((await call("GET", `/api/dispositivos/${id}/sincronizacao`)).json() as { pessoas: { nome: string; estado: string; motivo: string | null }[] }).pessoas.map(
    (p) => [p.nome, p.estado, p.motivo],
  );
const noAparelho = (d: DispositivoSimulado) => Object.fromEntries([...d.pessoas.values()].map((p) => [p.nome, { face: p.face, cartoes: p.cartoes }]));
const pedidosGuardados = async () => t.database.db.select({ id: pedidosDispositivo.id }).from(pedidosDispositivo);

describe("a Control iD that calls out (push mode)", () => {
  it("gets the residents, the consented face and the tag through its polls, and each shows 'sincronizado'", async () => {
    const { id, simulado } = await instalar();
    const resumo = await sincronizar(id);
    expect(resumo).toEqual({ sincronizadas: 2, removidas: 0, falhas: 0, pendentes: 0, erro: null, em_andamento: false });
    expect(noAparelho(simulado)).toEqual({ "Rita Saída": { face: true, cartoes: [] }, "Carla Saída": { face: false, cartoes: ["7000123"] } });
    expect(await estado(id)).toEqual([
      ["Carla Saída", "sincronizado", null],
      ["Rita Saída", "sincronizado", null],
    ]);
    // The device lets them in by itself now: Carla by her tag.
    expect(await simulado.identificar({ tipo: "cartao", valor: "7000123" })).toMatchObject({ concedido: true });
    // Requests are transport, not record: none is kept, photo included.
    expect(await pedidosGuardados()).toEqual([]);
    // Nothing changed: the next round asks the device nothing that writes.
    expect(await sincronizar(id)).toMatchObject({ sincronizadas: 0, removidas: 0, falhas: 0, erro: null });
  });

  it("removes whoever left, counted only once the device's list, read back through its polls, no longer holds them", async () => {
    const { id, simulado } = await instalar();
    await sincronizar(id);
    const saiu = (await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo: "Davi De Passagem", tipo_morador: "inquilino" })).id;
    expect(await sincronizar(id)).toMatchObject({ sincronizadas: 1, falhas: 0 });
    expect(noAparelho(simulado)).toHaveProperty("Davi De Passagem");
    expect((await call("DELETE", `/api/moradores/${saiu}`)).statusCode).toBe(204);
    expect(await sincronizar(id)).toMatchObject({ removidas: 1, falhas: 0, erro: null });
    expect(noAparelho(simulado)).not.toHaveProperty("Davi De Passagem");
    expect((await estado(id)).map(([nome]) => nome)).toEqual(["Carla Saída", "Rita Saída"]);
    expect(logs.logged()).not.toContain(JPEG_DE_AMOSTRA.slice(30, 80));
  });

  it("a device that does not poll: 'Sincronizar agora' answers that it goes on, everyone 'Pendente', and the round ends when the device polls", async () => {
    const { id, simulado } = await instalar({ sondando: false });
    // An instance that answers after 300 ms instead of 15 s (the device never polls: the round is still waiting then).
    const curta = await buildApp(testConfig({ esperaSincronizacaoSaidaMs: 300 }), { database: t.database, mailer: t.mailer });
    outras.push(curta);
    const agora = async () => {
      const r = await curta.app.inject({ method: "POST", url: `/api/dispositivos/${id}/sincronizar`, headers: { cookie: admin, origin: TEST_ORIGIN } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const resumo = await agora();
    expect(resumo).toMatchObject({ em_andamento: true, erro: null, sincronizadas: 0 });
    expect(resumo.pendentes).toBe(2);
    expect((await estado(id)).map(([, e]) => e)).toEqual(["pendente", "pendente"]);
    // A second 'Sincronizar agora' meanwhile, on either instance, starts no second round on the device: the first goes on.
    expect(await agora()).toMatchObject({ em_andamento: true, pendentes: 2 });
    expect(await sincronizar(id)).toMatchObject({ em_andamento: true, pendentes: 2 });
    expect(noAparelho(simulado)).toEqual({});
    // The technician points the device at the portal: the waiting round carries on through its polls.
    const { url_integracao } = (await call("GET", `/api/dispositivos/${id}`)).json() as { url_integracao: string };
    simulado.integracao = { url: `${base}${new URL(url_integracao).pathname}`, modo: "push" };
    await expect.poll(async () => (await estado(id)).map(([, e]) => e), { timeout: 15_000 }).toEqual(["sincronizado", "sincronizado"]);
    expect(Object.keys(noAparelho(simulado)).sort()).toEqual(["Carla Saída", "Rita Saída"]);
  });

  it("a request the device does not fetch in time fails with 'Dispositivo não buscou o pedido em N s.' and is not handed out later", async () => {
    const { id, simulado } = await instalar({ sondando: false });
    const pedidos = await pedidosPelaSaida(t.database.db, t.database);
    try {
      // The round's own deadline is 30 s per request; the channel's rule is the same with 1 s.
      const pedido = pedidos.canal(id).pedir({ verbo: "POST", endpoint: "load_objects.fcgi", corpo: { object: "users" } }, { prazoMs: 1_000 });
      await expect(pedido).rejects.toThrow(new FalhaDoDispositivo("sem_resposta", "Dispositivo não buscou o pedido em 1 s."));
      expect(await pedidosGuardados()).toEqual([]);
      // The device that polls afterwards gets nothing to do.
      const { url_integracao } = (await call("GET", `/api/dispositivos/${id}`)).json() as { url_integracao: string };
      const busca = await t.app.inject({ method: "GET", url: `${new URL(url_integracao).pathname}/push?deviceId=1` });
      expect(busca.json()).toEqual({});
      expect(simulado.pessoas.size).toBe(0);
    } finally {
      await pedidos.parar();
    }
  });

  it("a request whose result never came back is handed out again, with its uuid, 10 s later; never sooner", async () => {
    const { id } = await instalar({ sondando: false });
    const pedidos = await pedidosPelaSaida(t.database.db, t.database);
    try {
      const pedido = pedidos.canal(id).pedir({ verbo: "POST", endpoint: "load_objects.fcgi", corpo: { object: "users" } }, { prazoMs: 20_000 });
      await expect.poll(async () => (await pedidosGuardados()).length).toBe(1);
      const primeira = await pedidos.entregar(id);
      expect(primeira).toMatchObject({ endpoint: "load_objects.fcgi" });
      // The device's result is lost (refused on the way): at once, nothing more is handed out.
      expect(await pedidos.entregar(id)).toBeNull();
      // Ten seconds later the same request goes again; its result, this time, ends the wait.
      await t.database.db
        .update(pedidosDispositivo)
        .set({ entregue_em: new Date(Date.now() - 11_000) })
        .where(eq(pedidosDispositivo.id, primeira!.id));
      expect(await pedidos.entregar(id)).toMatchObject({ id: primeira!.id });
      expect(await pedidos.responder(id, { id: primeira!.id, erro: null, resposta: JSON.stringify({ users: [] }) })).toBe(true);
      await expect(pedido).resolves.toEqual({ resposta: '{"users":[]}', erro: null });
    } finally {
      await pedidos.parar();
    }
  });

  it("two instances: the device polls one, 'Sincronizar agora' was pressed on the other, and the round goes through", async () => {
    const outra = await buildApp(testConfig(), { database: t.database, mailer: t.mailer });
    try {
      await outra.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = outra.app.server.address() as AddressInfo;
      const { id, simulado } = await instalar({ sondando: false });
      const { url_integracao } = (await call("GET", `/api/dispositivos/${id}`)).json() as { url_integracao: string };
      simulado.integracao = { url: `http://127.0.0.1:${port}${new URL(url_integracao).pathname}`, modo: "push" };
      expect(await sincronizar(id)).toMatchObject({ sincronizadas: 2, falhas: 0, erro: null, em_andamento: false });
      expect(Object.keys(noAparelho(simulado)).sort()).toEqual(["Carla Saída", "Rita Saída"]);
      expect(await pedidosGuardados()).toEqual([]);
    } finally {
      await outra.app.close();
    }
  });

  it("a device's result cannot answer another device's request", async () => {
    const parado = await instalar({ sondando: false });
    const outro = await instalar({ pushMs: 0 });
    void call("POST", `/api/dispositivos/${parado.id}/sincronizar`);
    await expect.poll(async () => (await pedidosGuardados()).length).toBe(1);
    const [pedido] = await pedidosGuardados();
    // The other device posts a result under the waiting request's id, with its own token.
    const { url_integracao } = (await call("GET", `/api/dispositivos/${outro.id}`)).json() as { url_integracao: string };
    const r = await t.app.inject({
      method: "POST",
      url: `${new URL(url_integracao).pathname}/result?uuid=${pedido!.id}`,
      headers: { "content-type": "application/json" },
      payload: { response: JSON.stringify({ users: [] }) },
    });
    expect(r.statusCode).toBe(200);
    const [linha] = await t.database.db.select().from(pedidosDispositivo).where(eq(pedidosDispositivo.id, pedido!.id));
    expect(linha).toMatchObject({ estado: "aguardando", resposta: null });
  });
});

describe("a device that calls out and takes no requests (Intelbras, Modo Online)", () => {
  it("is not written: its people stay 'Pendente' and the round says why", async () => {
    const { id } = await instalar({ fabricante: "intelbras" });
    const resumo = await sincronizar(id);
    expect(resumo).toMatchObject({
      erro: "Dispositivo de conexão de saída deste fabricante: o portal não grava pessoas nele; no Modo Online ele consulta o portal a cada identificação.",
      em_andamento: false,
      pendentes: 2,
    });
  });
});
