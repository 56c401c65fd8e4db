import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarIntelbras } from "../../scripts/simulador/intelbras";
import { condominios, dispositivos } from "../../src/server/db/schema";
import { cofreDeSenhas } from "../../src/server/modules/dispositivos/senha";
import { TEST_DEVICE_KEY } from "../../src/server/testing/harness";
import { expectNoA11yViolations, launchBrowser, login, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { startPortal, type RunningPortal } from "./support/server";

// Opening the social gate from the console (gate-operation-spec §2.2), in a real browser, as an
// operator of the central: the simulator's Intelbras controller takes the command, its sensor sees
// the door open and close, and each state reaches the screen as the device reports it; a device
// taken off the network shows 'Falhou: ...' within its timeout and the 'Dispositivo offline' alarm.

let portal: RunningPortal;
let browser: BrowserHandle;
const OPERADOR = { email: "operador.portoes@teste.local", password: "senha-do-operador-1", nome: "Operadora da Central" };
// The door takes 1.5 s to open and stays open 2 s: each state stays on screen long enough to read.
const portao = criarIntelbras({
  nome: "social",
  modelo: "SS 3530 MF W",
  serie: "7F0A2B3C4D",
  senha: "Senha-do-portao-1",
  portaMoveMs: 1500,
  portaAbertaMs: 2000,
});

beforeAll(async () => {
  await portao.ligar();
  portal = await startPortal();
  browser = await launchBrowser();
  const [condominio] = await portal.database.db.insert(condominios).values({ nome: "Residencial Aurora" }).returning({ id: condominios.id });
  const id = randomUUID();
  await portal.database.db.insert(dispositivos).values({
    id,
    condominio_id: condominio!.id,
    nome: "Portaria social",
    fabricante: "intelbras",
    modelo: "SS 3530 MF W",
    conexao: "direta",
    endereco: portao.endereco,
    usuario: "admin",
    senha: cofreDeSenhas(Buffer.from(TEST_DEVICE_KEY, "utf8")).cifrar(id, "Senha-do-portao-1"),
    token_integracao: randomBytes(24).toString("base64url"),
    portas: [{ numero: 1, nome: "Portão social", sentido: "entrada" }],
    sensor_porta: true,
  });
  await createPortariaUser(portal, {
    ...OPERADOR,
    grupo: { nome: "Operadores", permissions: ["registrar_acesso_visitante", "acionar_dispositivos"] },
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await portao.desligar();
});

async function abrirConsole(viewport?: { width: number; height: number }) {
  const { page, context } = await browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await login(page, portal.url, OPERADOR.email, OPERADOR.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.goto(`${portal.url}/portaria-web/controle-acesso`);
  await page.getByRole("list", { name: "Portões do condomínio" }).waitFor();
  return { page, context };
}

async function abrirCom(page: Page, motivo: string) {
  await page.getByRole("button", { name: "Abrir Portão social" }).click();
  const dialog = page.getByRole("dialog", { name: "Abrir Portão social" });
  await dialog.getByLabel(/^Motivo da abertura/).fill(motivo);
  await dialog.getByRole("button", { name: "Abrir portão" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("Portões, in the console", () => {
  it("opens the social gate and shows 'Comando executado', 'Portão aberto', 'Portão fechado' as the device reports them", async () => {
    const { page, context } = await abrirConsole();
    const estado = page.getByRole("status", { name: "Estado de Portão social" });

    // Without a reason, nothing is sent.
    await page.getByRole("button", { name: "Abrir Portão social" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Abrir portão" }).click();
    await page.getByText("Informe o motivo: ninguém abre o portão sem registro de quem, quando e por quê.").first().waitFor();
    expect(portao.aberturas).toHaveLength(0);
    await page.keyboard.press("Escape");

    await abrirCom(page, "Entregador de farmácia, morador autorizou por telefone");
    await estado.filter({ hasText: /^Comando executado às \d{2}:\d{2}$/ }).waitFor();
    await estado.filter({ hasText: /^Portão aberto às \d{2}:\d{2}$/ }).waitFor();
    await estado.filter({ hasText: /^Portão fechado às \d{2}:\d{2}$/ }).waitFor({ timeout: 10_000 });
    expect(portao.aberturas.map((a) => a.porta)).toEqual([1]);
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("a device taken off the network: 'Falhou: ...' within its timeout, and nothing opens", async () => {
    const { page, context } = await abrirConsole();
    const antes = portao.aberturas.length;
    portao.desconectar();
    try {
      const inicio = Date.now();
      await abrirCom(page, "Teste com o portão fora da rede");
      await page
        .getByRole("status", { name: "Estado de Portão social" })
        .filter({ hasText: "Falhou: Não foi possível conectar ao dispositivo: confira o endereço, a porta e a rede." })
        .waitFor({ timeout: 8_000 });
      expect(Date.now() - inicio).toBeLessThan(8_000);
      // Known offline now: the alarm is on the console at once, pushed by the server.
      await page.getByRole("region", { name: "Alarmes do condomínio" }).getByText("Dispositivo offline: Portaria social.").waitFor({ timeout: 5_000 });
    } finally {
      portao.offline = false;
    }
    expect(portao.aberturas.length).toBe(antes);
    await context.close();
  });

  it("works on a tablet", async () => {
    const { page, context } = await abrirConsole({ width: 820, height: 1180 });
    await page.getByRole("button", { name: "Abrir Portão social" }).waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });
});
