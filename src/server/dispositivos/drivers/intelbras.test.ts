import { describe, expect, it } from "vitest";
import { criarIntelbras } from "../../../../scripts/simulador/intelbras";
import { driverIntelbras, linhasChaveValor } from "./intelbras";
import type { DispositivoSimulado } from "../../../../scripts/simulador/simulado";
import { falhaDe, simuladosDoTeste } from "../../testing/dispositivos";
import type { AlvoDoDispositivo } from "./tipos";

// The Intelbras driver against the simulator (scripts/simulador/intelbras.ts). Each test names the
// part of the Intelbras access-control API documentation (https://intelbras-caco-api.intelbras.com.br/)
// it follows.

const ligados = simuladosDoTeste<DispositivoSimulado>();

async function dispositivo() {
  const disp = criarIntelbras({ nome: "garagem", modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", portas: 2, portaAbertaMs: 200, portaMoveMs: 20 });
  ligados.push(disp);
  const endereco = await disp.ligar();
  const alvo: AlvoDoDispositivo = { id: "intelbras-1", modelo: "SS 3530 MF W", endereco, usuario: "admin", senha: "admin" };
  return { disp, alvo };
}

const prazo = { prazoMs: 2000 };

const falha = falhaDe;

describe("Intelbras driver", () => {
  it("reads `key=value` answers, CRLF or not", () => {
    expect(linhasChaveValor("deviceType=SS 3530 MF W\r\nserialNumber=ABC\r\n")).toEqual({ deviceType: "SS 3530 MF W", serialNumber: "ABC" });
    expect(linhasChaveValor("result=2026-11-27 21:30:05\n")).toEqual({ result: "2026-11-27 21:30:05" });
  });

  it("'Informações do dispositivo' and 'Data e hora', behind Digest: the model, serial, firmware and clock", async () => {
    const { disp, alvo } = await dispositivo();
    disp.desvioDoRelogioMs = -5 * 60_000;
    const identidade = await driverIntelbras().identificar(alvo, prazo);
    expect(identidade).toMatchObject({ modelo: "SS 3530 MF W", serie: "7F0A2B3C4D", firmware: "2.000.0000000.7.R" });
    const diferenca = identidade.relogio!.getTime() - Date.now();
    expect(diferenca).toBeGreaterThan(-5 * 60_000 - 2000);
    expect(diferenca).toBeLessThan(-5 * 60_000 + 2000);
  });

  it("'Abrir porta': openDoor on the channel of the door asked, once; the door status follows the sensor", async () => {
    const { disp, alvo } = await dispositivo();
    await driverIntelbras().abrir(alvo, 2, prazo);
    expect(disp.aberturas.map((a) => a.porta)).toEqual([2]);
    await expect.poll(() => disp.portas.get(2), { timeout: 1000 }).toBe("aberta");
    await expect.poll(() => disp.portas.get(2), { timeout: 2000 }).toBe("fechada");
  });

  it("Digest refused (wrong password): says the device refused the user or password, and opens nothing", async () => {
    const { disp, alvo } = await dispositivo();
    const erro = await falha(driverIntelbras().abrir({ ...alvo, senha: "errada" }, 1, prazo));
    expect(erro).toMatchObject({ motivo: "credenciais", message: "Dispositivo recusou usuário ou senha." });
    expect(disp.aberturas).toHaveLength(0);
  });

  it("a door the device does not have: the device's 'Bad Request!' in pt-BR", async () => {
    const { alvo } = await dispositivo();
    const erro = await falha(driverIntelbras().abrir(alvo, 5, prazo));
    expect(erro).toMatchObject({ motivo: "recusado", message: "Dispositivo recusou o pedido: pedido inválido (confira o número da porta e o modelo)." });
  });

  it("a device slower than the deadline, or off the network: the reason, not a hang", async () => {
    const { disp, alvo } = await dispositivo();
    disp.atrasoMs = 1500;
    expect(await falha(driverIntelbras().abrir(alvo, 1, { prazoMs: 1000 }))).toMatchObject({
      motivo: "sem_resposta",
      message: "Dispositivo não respondeu em 1 s.",
    });
    disp.atrasoMs = 0;
    disp.desconectar();
    expect((await falha(driverIntelbras().abrir(alvo, 1, prazo))).motivo).toBe("inalcancavel");
    expect(disp.aberturas).toHaveLength(0);
  });
});
