import { describe, expect, it } from "vitest";
import { criarControlId } from "../../../../scripts/simulador/controlid";
import { driverControlId } from "./controlid";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { falhaDe, simuladosDoTeste } from "../../testing/dispositivos";
import type { AlvoDoDispositivo } from "./tipos";

// The Control iD driver against the simulator (scripts/simulador/controlid.ts). Each test names
// the part of the Access API documentation (https://www.controlid.com.br/docs/access-api-pt/) it
// follows.

const ligados = simuladosDoTeste<DispositivoSimulado>();

async function dispositivo(modelo = "iDAccess", extra: Partial<Parameters<typeof criarControlId>[0]> = {}) {
  const disp = criarControlId({ nome: "portao", modelo, serie: "0M0100/004217", portas: 2, portaAbertaMs: 200, portaMoveMs: 20, ...extra });
  ligados.push(disp);
  const endereco = await disp.ligar();
  const alvo: AlvoDoDispositivo = { id: `disp-${ligados.length}`, modelo, endereco, usuario: "admin", senha: "admin" };
  return { disp, alvo };
}

const prazo = { prazoMs: 2000 };

const falha = falhaDe;

describe("Control iD driver", () => {
  it("'Informações do sistema': reads the serial, the firmware and the clock, a clock 10 min ahead included", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    const agora = await driver.identificar(alvo, prazo);
    expect(agora).toMatchObject({ serie: "0M0100/004217", firmware: "6.13.2" });
    expect(Math.abs(agora.relogio!.getTime() - Date.now())).toBeLessThan(2000);

    disp.desvioDoRelogioMs = 10 * 60_000;
    const adiantado = await driver.identificar(alvo, prazo);
    expect(adiantado.relogio!.getTime() - Date.now()).toBeGreaterThan(10 * 60_000 - 2000);
    expect(adiantado.relogio!.getTime() - Date.now()).toBeLessThan(10 * 60_000 + 2000);
  });

  it("'Abertura remota': `door` pulses the relay of the door asked, once, and the sensor sees it open and close", async () => {
    const { disp, alvo } = await dispositivo("iDAccess");
    await driverControlId().abrir(alvo, 2, prazo);
    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    await expect.poll(() => disp.registros.map((r) => r.tipo), { timeout: 2000 }).toEqual(["abertura_remota", "porta_aberta", "porta_fechada"]);
  });

  it("'Abertura remota': on an iDFace the door is the SecBox (`sec_box`), on an iDBlock the turnstile (`catra`)", async () => {
    const face = await dispositivo("iDFace");
    await driverControlId().abrir(face.alvo, 1, prazo);
    expect(face.disp.aberturas.map((a) => a.porta)).toEqual([1]);

    const catraca = await dispositivo("iDBlock");
    await driverControlId().abrir(catraca.alvo, 2, prazo);
    expect(catraca.disp.aberturas.map((a) => a.porta)).toEqual([2]);
  });

  it("'Gerenciamento de sessão': signs in once for many calls, and again, once, after the device restarts", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    await driver.abrir(alvo, 1, prazo);
    await driver.abrir(alvo, 1, prazo);
    expect(disp.sessoes.size).toBe(1);

    disp.reiniciar();
    await driver.abrir(alvo, 1, prazo);
    expect(disp.aberturas).toHaveLength(3);
    expect(disp.sessoes.size).toBe(1);
  });

  it("'Login' refused: says the device refused the user or password, and opens nothing", async () => {
    const { disp, alvo } = await dispositivo();
    const erro = await falha(driverControlId().abrir({ ...alvo, senha: "errada" }, 1, prazo));
    expect(erro.motivo).toBe("credenciais");
    expect(erro.message).toBe("Dispositivo recusou usuário ou senha.");
    expect(disp.aberturas).toHaveLength(0);
  });

  it("a password changed on the device after the session opened is refused the same way", async () => {
    const { disp, alvo } = await dispositivo();
    const driver = driverControlId();
    await driver.identificar(alvo, prazo);
    disp.recusarCredenciais = true;
    expect((await falha(driver.abrir(alvo, 1, prazo))).message).toBe("Dispositivo recusou usuário ou senha.");
    expect(disp.aberturas).toHaveLength(0);
  });

  it("a door the device does not have: the device's error in pt-BR", async () => {
    const { alvo } = await dispositivo("iDAccess");
    const erro = await falha(driverControlId().abrir(alvo, 7, prazo));
    expect(erro.motivo).toBe("recusado");
    expect(erro.message).toBe("Dispositivo recusou o pedido: parâmetros da ação inválidos (confira o número da porta e o modelo).");
  });

  it("a device slower than the deadline: 'Dispositivo não respondeu em 1 s.'", async () => {
    const { disp, alvo } = await dispositivo();
    disp.atrasoMs = 1500;
    const erro = await falha(driverControlId().identificar(alvo, { prazoMs: 1000 }));
    expect(erro).toMatchObject({ motivo: "sem_resposta", message: "Dispositivo não respondeu em 1 s." });
  });

  it("a device off the network, or an address where nothing listens: says so", async () => {
    const { disp, alvo } = await dispositivo();
    disp.desconectar();
    expect((await falha(driverControlId().abrir(alvo, 1, prazo))).motivo).toBe("inalcancavel");

    await disp.desligar();
    const erro = await falha(driverControlId().identificar(alvo, prazo));
    expect(erro.message).toBe("Não foi possível conectar ao dispositivo: confira o endereço, a porta e a rede.");
  });
});
