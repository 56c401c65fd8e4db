import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId } from "../../../../scripts/simulador/controlid";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { Fixtures } from "../../testing/fixtures";
import { ADMIN, capturedLogs, createTestApp, databaseSnapshot, request, signIn, userWithPermissions } from "../../testing/harness";

// 'Testar conexão' (gate-operation-spec §2.1) against the simulator's devices, through the API as
// the technician's screen calls it: the device's identity and clock, or the vendor's refusal in
// pt-BR; the outcome becomes the device's state.

const logs = capturedLogs();
const t = await createTestApp({}, { logger: logs.logger });

const SENHA = "Senha-Do-Portao-#2026";
const controlid = criarControlId({ nome: "social", modelo: "iDFace", serie: "0M0100/000777", senha: SENHA });
const intelbras = criarIntelbras({ nome: "garagem", modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", senha: SENHA, portas: 2 });
const simulados: DispositivoSimulado[] = [controlid, intelbras];

let admin: string;
let fixtures: Fixtures;
beforeAll(async () => {
  await Promise.all(simulados.map((d) => d.ligar()));
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  fixtures = new Fixtures(t, admin);
});
afterAll(async () => {
  await Promise.all(simulados.map((d) => d.desligar()));
  await t.close();
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) => request(t, method, url, { cookie: admin, payload });

async function cadastrar(simulado: DispositivoSimulado, extra: object = {}) {
  const condominio = (await fixtures.criar("/api/condominios", { nome: `Residencial Teste ${fixtures.seq()}` })).id;
  const corpo = {
    condominio_id: condominio,
    nome: `Portão ${fixtures.seq()}`,
    fabricante: simulado.opcoes.fabricante,
    modelo: simulado.opcoes.modelo,
    conexao: "direta",
    endereco: simulado.endereco,
    usuario: "admin",
    senha: SENHA,
    portas: [{ numero: 1, nome: "Portão", sentido: "entrada" }],
    ...extra,
  };
  const created = await call("POST", "/api/dispositivos", corpo);
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as string, corpo };
}

describe("Dispositivos: 'Testar conexão'", () => {
  it("a Control iD answers with its serial, firmware and clock, 10 min ahead; the device is then online", async () => {
    controlid.desvioDoRelogioMs = 10 * 60_000;
    const { id } = await cadastrar(controlid);
    const teste = await call("POST", `/api/dispositivos/${id}/testar`);
    expect(teste.statusCode, teste.body).toBe(200);
    const body = teste.json();
    expect(body).toMatchObject({ conectado: true, serie: "0M0100/000777", firmware: "6.13.2" });
    expect(body.diferenca_relogio_s).toBeGreaterThanOrEqual(598);
    expect(body.diferenca_relogio_s).toBeLessThanOrEqual(602);
    const device = (await call("GET", `/api/dispositivos/${id}`)).json();
    expect(device).toMatchObject({ estado: "online", erro: null, firmware: "6.13.2" });
    expect(Date.now() - Date.parse(device.ultimo_contato_em)).toBeLessThan(10_000);
    // The password went to the device, and to no log line.
    expect(logs.logged()).not.toContain(SENHA);
    controlid.desvioDoRelogioMs = 0;
  });

  it("an Intelbras with the wrong password: 'Dispositivo recusou usuário ou senha.', and the device shows the error until a right one is saved", async () => {
    const { id, corpo } = await cadastrar(intelbras, { senha: "senha-errada" });
    const recusado = (await call("POST", `/api/dispositivos/${id}/testar`)).json();
    expect(recusado).toEqual({ conectado: false, erro: "Dispositivo recusou usuário ou senha." });
    expect((await call("GET", `/api/dispositivos/${id}`)).json()).toMatchObject({ estado: "erro", erro: "Dispositivo recusou usuário ou senha." });

    expect((await call("PUT", `/api/dispositivos/${id}`, { ...corpo, senha: SENHA })).statusCode).toBe(200);
    const aceito = (await call("POST", `/api/dispositivos/${id}/testar`)).json();
    expect(aceito).toMatchObject({ conectado: true, modelo: "SS 3530 MF W", serie: "7F0A2B3C4D" });
    expect((await call("GET", `/api/dispositivos/${id}`)).json()).toMatchObject({ estado: "online", erro: null });
  });

  it("a device off the network: says so, and the device is offline, its last contact kept", async () => {
    const { id } = await cadastrar(controlid);
    expect((await call("POST", `/api/dispositivos/${id}/testar`)).json().conectado).toBe(true);
    const contato = (await call("GET", `/api/dispositivos/${id}`)).json().ultimo_contato_em;

    controlid.desconectar();
    try {
      const falhou = (await call("POST", `/api/dispositivos/${id}/testar`)).json();
      expect(falhou).toEqual({ conectado: false, erro: "Não foi possível conectar ao dispositivo: confira o endereço, a porta e a rede." });
    } finally {
      controlid.offline = false;
    }
    expect((await call("GET", `/api/dispositivos/${id}`)).json()).toMatchObject({ estado: "offline", ultimo_contato_em: contato });
  });

  it("a device that calls the portal is not called: says why, and changes nothing", async () => {
    const { id } = await cadastrar(intelbras, { conexao: "saida", endereco: "", usuario: "", senha: "" });
    const before = await databaseSnapshot(t);
    expect((await call("POST", `/api/dispositivos/${id}/testar`)).json()).toEqual({
      conectado: false,
      erro: "Este dispositivo chama o portal (conexão de saída): o portal não o chama pelo endereço.",
    });
    expect(await databaseSnapshot(t)).toStrictEqual(before);
  });

  it("a technician of another condominium cannot test it, nor learn it exists", async () => {
    const { id } = await cadastrar(controlid);
    const outro = (await fixtures.criar("/api/condominios", { nome: `Residencial Outro ${fixtures.seq()}` })).id;
    const { cookie } = await userWithPermissions(t, `tecnico.${fixtures.seq()}@teste.local`, ["gerenciar_dispositivos"], [outro]);
    const sessoes = controlid.sessoes.size;
    const before = await databaseSnapshot(t);
    expect((await request(t, "POST", `/api/dispositivos/${id}/testar`, { cookie })).statusCode).toBe(404);
    expect(await databaseSnapshot(t)).toStrictEqual(before);
    expect(controlid.sessoes.size).toBe(sessoes);
  });
});
