import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId } from "../../../../scripts/simulador/controlid";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { pessoasDispositivo } from "../../db/schema";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, createTestApp, request, signIn } from "../../testing/harness";

// The whole loop over the network (gate-operation-spec §2.3, §2.6): the simulator's devices, given
// the integration address of their registry entry, call the portal in their vendor's protocol;
// the portal decides, and the device does what the answer says (the relay, the screen's message).

const t = await createTestApp({ varreduraComandosMs: 500 });
const facial = criarControlId({ nome: "facial", modelo: "iDFace", serie: "0M0100/000777", senha: "admin", portaMoveMs: 50, portaAbertaMs: 300, vidaMs: 0 });
const leitor = criarIntelbras({ nome: "leitor", modelo: "SS 3530 MF W", serie: "7F0A2B3C99", senha: "admin", portaMoveMs: 50, portaAbertaMs: 300, vidaMs: 0 });
const simulados: DispositivoSimulado[] = [facial, leitor];

let admin: string;
let fixtures: Fixtures;
let base = "";
const ids = { condominio: "", unidade: "", rita: "", bruno: "" };

beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await Promise.all(simulados.map((d) => d.ligar()));
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
  ids.condominio = (await fixtures.criar("/api/condominios", { nome: "Residencial Simulado" })).id;
  ids.unidade = (await fixtures.criar("/api/unidades", { condominio_id: ids.condominio, bloco: "B", numero_unidade: "202" })).id;
  ids.rita = (await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo: "Rita Facial", tipo_morador: "proprietario" })).id;
  ids.bruno = (
    await fixtures.criar(`/api/unidades/${ids.unidade}/moradores`, { nome_completo: "Bruno Barrado", tipo_morador: "inquilino", cpf: "111.444.777-35" })
  ).id;
  const bloqueio = await request(t, "POST", "/api/bloqueios", {
    cookie: admin,
    payload: { tipo: "pessoa", nome: "Bruno Barrado", documento_numero: "111.444.777-35", motivo: "Ameaça a morador", condominio_id: ids.condominio },
  });
  expect(bloqueio.statusCode, bloqueio.body).toBe(201);
});
afterAll(async () => {
  await Promise.all(simulados.map((d) => d.desligar()));
  await t.close();
});

/** Registers the simulated device and gives it its integration address, as the technician would. */
async function instalar(simulado: DispositivoSimulado, modo: "online" | "monitor") {
  const created = await request(t, "POST", "/api/dispositivos", {
    cookie: admin,
    payload: {
      condominio_id: ids.condominio,
      nome: `${simulado.opcoes.nome} ${fixtures.seq()}`,
      fabricante: simulado.opcoes.fabricante,
      modelo: simulado.opcoes.modelo,
      conexao: "direta",
      endereco: simulado.endereco,
      usuario: "admin",
      senha: "admin",
      portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
      sensor_porta: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id, nome, url_integracao } = created.json();
  simulado.integracao = { url: `${base}${new URL(url_integracao).pathname}`, modo };
  return { id: id as string, nome: nome as string };
}

/** The synchronisation's part (§2.4): the device holds the person under `numero`, with their face. */
async function cadastrarNoAparelho(simulado: DispositivoSimulado, dispositivoId: string, numero: string, moradorId: string, nome: string) {
  simulado.pessoas.set(numero, { id: numero, nome, cartoes: [], face: true });
  await t.database.db
    .insert(pessoasDispositivo)
    .values({ dispositivo_id: dispositivoId, id_no_dispositivo: numero, pessoa_chave: `morador:${moradorId}`, estado: "sincronizado" });
}

const registrosDe = async (nome: string) =>
  (
    (await request(t, "GET", `/api/registros?condominio_id=${ids.condominio}&limit=50`, { cookie: admin })).json().rows as {
      nome_pessoa: string;
      resultado: string;
      metodo: string;
      operador_nome: string;
      motivo: string | null;
    }[]
  ).filter((r) => r.operador_nome === nome);

describe("a Control iD in online mode, over the network", () => {
  it("opens for a resident's face and shows the portal's greeting; refuses a blocked one with the blocklist's reason", async () => {
    const aparelho = await instalar(facial, "online");
    await cadastrarNoAparelho(facial, aparelho.id, "1001", ids.rita, "Rita Facial");
    await cadastrarNoAparelho(facial, aparelho.id, "1002", ids.bruno, "Bruno Barrado");
    const pulsosAntes = facial.aberturas.length;

    const rita = await facial.identificar({ tipo: "face", valor: "1001" });
    expect(rita).toEqual({ concedido: true, mensagem: "Bem-vindo(a), Rita." });
    expect(facial.aberturas.length).toBe(pulsosAntes + 1);

    const bruno = await facial.identificar({ tipo: "face", valor: "1002" });
    expect(bruno.concedido).toBe(false);
    expect(bruno.mensagem).toMatch(/Ameaça a morador/);
    expect(facial.ultimaMensagem).toBe(bruno.mensagem);
    expect(facial.aberturas.length).toBe(pulsosAntes + 1);

    const registros = await registrosDe(aparelho.nome);
    expect(registros.map((r) => [r.nome_pessoa, r.resultado, r.metodo])).toEqual([
      ["Bruno Barrado", "negado", "dispositivo"],
      ["Rita Facial", "liberado", "dispositivo"],
    ]);
  });

  it("delivers an identification twice and the portal records it once", async () => {
    const aparelho = await instalar(facial, "monitor");
    facial.pessoas.set("2001", { id: "2001", nome: "Estranho", cartoes: [], face: true });
    facial.duplicarProximo = true;
    await facial.identificar({ tipo: "face", valor: "2001" });
    await facial.aguardarEnvios();
    const registros = await registrosDe(aparelho.nome);
    // The device let someone in whom the portal does not know: recorded as it happened, once, with the alarm.
    expect(registros.map((r) => [r.nome_pessoa, r.resultado])).toEqual([["Não identificado", "liberado"]]);
    const alarmes = (await request(t, "GET", `/api/alarmes?condominio_id=${ids.condominio}`, { cookie: admin })).json().alarmes as {
      mensagem: string;
      dispositivo: { id: string };
    }[];
    expect(alarmes.filter((a) => a.dispositivo.id === aparelho.id).map((a) => a.mensagem)).toEqual([
      "Dispositivo liberou acesso que o portal recusaria: Não identificado.",
    ]);
  });

  it("reads a lost event back from the device's log (no 'Eventos perdidos', docs/decisions/0269) and reports a forced door as 'Porta forçada'", async () => {
    const aparelho = await instalar(facial, "monitor");
    await facial.identificar({ tipo: "cartao", valor: "999" });
    facial.perderProximo = true;
    await facial.identificar({ tipo: "cartao", valor: "998" });
    await facial.identificar({ tipo: "cartao", valor: "997" });
    // The earlier tests' openings close first: a door already open cannot be forced open.
    await expect.poll(() => facial.portas.get(1)).toBe("fechada");
    expect(facial.forcarPorta(1)).toBe(true);
    await facial.aguardarEnvios();
    await expect
      .poll(async () => {
        const alarmes = (await request(t, "GET", `/api/alarmes?condominio_id=${ids.condominio}`, { cookie: admin })).json().alarmes as {
          mensagem: string;
          dispositivo: { id: string };
        }[];
        return alarmes
          .filter((a) => a.dispositivo.id === aparelho.id)
          .map((a) => a.mensagem)
          .sort();
      })
      .toEqual(["Porta forçada: Portão social."]);
    await expect.poll(async () => (await registrosDe(aparelho.nome)).length).toBe(3);
    facial.fecharPorta(1);
  });
});

describe("a Control iD in push mode (behind NAT), over the network", () => {
  it("fetches the console's command, opens once, and its result and door events take the command to 'fechada'", async () => {
    const nat = criarControlId({
      nome: "nat",
      modelo: "iDAccess",
      serie: "0M0200/000999",
      senha: "admin",
      portaMoveMs: 50,
      portaAbertaMs: 300,
      vidaMs: 0,
      pushMs: 250,
    });
    simulados.push(nat);
    await nat.ligar();
    const created = await request(t, "POST", "/api/dispositivos", {
      cookie: admin,
      payload: {
        condominio_id: ids.condominio,
        nome: `Portão NAT ${fixtures.seq()}`,
        fabricante: "controlid",
        modelo: "iDAccess",
        conexao: "saida",
        portas: [{ numero: 1, nome: "Portão de serviço", sentido: "entrada" }],
        sensor_porta: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    nat.integracao = { url: `${base}${new URL(created.json().url_integracao).pathname}`, modo: "push" };
    const aberto = await request(t, "POST", "/api/controle-acesso/abrir", {
      cookie: admin,
      payload: {
        condominio_id: ids.condominio,
        dispositivo_id: created.json().id,
        porta: 1,
        chave_idempotencia: `nat-${fixtures.seq()}-abcd`,
        motivo: "Técnico da operadora",
      },
    });
    expect(aberto.statusCode, aberto.body).toBe(201);
    const estado = async () =>
      (await request(t, "GET", `/api/controle-acesso/comandos/${aberto.json().id}?condominio_id=${ids.condominio}`, { cookie: admin })).json().estado;
    await expect.poll(estado, { timeout: 5_000 }).toBe("fechada");
    expect(nat.aberturas.map((a) => a.porta)).toEqual([1]);
  });
});

describe("an Intelbras in Modo Online, over the network", () => {
  it("lets a resident in by face, answering the device 'auth' with the portal's greeting", async () => {
    const aparelho = await instalar(leitor, "online");
    await cadastrarNoAparelho(leitor, aparelho.id, "55", ids.rita, "Rita Facial");
    const decisao = await leitor.identificar({ tipo: "face", valor: "55" });
    expect(decisao).toEqual({ concedido: true, mensagem: "Bem-vindo(a), Rita." });
    expect((await registrosDe(aparelho.nome)).map((r) => r.resultado)).toEqual(["liberado"]);
  });
});
