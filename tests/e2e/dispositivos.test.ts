import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { criarControlId } from "../../scripts/simulador/controlid";
import { condominios } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { startPortal, type RunningPortal } from "./support/server";

// The devices' registry (gate-operation-spec §2.1) in a real browser, as a field technician uses
// it: the menu entry, registering a device with its doors, its integration address and a new
// one, an edit that keeps the password, deleting it; on a tablet and a phone too, and axe.
let portal: RunningPortal;
let browser: BrowserHandle;
// A Control iD at the gate, as the simulator speaks its protocol; its clock 12 min ahead.
const simulado = criarControlId({ nome: "idface", modelo: "iDFace", serie: "0M0100/000321", senha: "Senha-do-portao-1" });
simulado.desvioDoRelogioMs = 12 * 60_000;
const TECNICO = { email: "tecnico.dispositivos@teste.local", password: "senha-do-tecnico-1", nome: "Técnico Dispositivos" };
const PORTEIRO = { email: "porteiro.dispositivos@teste.local", password: "senha-do-porteiro-1", nome: "Porteiro Dispositivos" };

beforeAll(async () => {
  await simulado.ligar();
  portal = await startPortal();
  browser = await launchBrowser();
  await portal.database.db.insert(condominios).values({ nome: "Residencial Aurora" });
  await createPortariaUser(portal, { ...TECNICO, grupo: { nome: "Técnicos", permissions: ["gerenciar_dispositivos"] } });
  await createPortariaUser(portal, { ...PORTEIRO, grupo: { nome: "Porteiros Dispositivos", permissions: ["registrar_acesso_visitante"] } });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await simulado.desligar();
});

async function signedIn(email: string, password: string, viewport?: { width: number; height: number }) {
  const { page, context } = await browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await login(page, portal.url, email, password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  return { page, context };
}
const table = (page: Page) => page.getByRole("table", { name: "Dispositivos cadastrados" });
const toast = (page: Page, text: string) => expect.poll(() => toastLocator(page).filter({ hasText: text }).count()).toBeGreaterThan(0);

describe("Dispositivos", () => {
  it("registers a device with its doors, shows its integration address, renews it, and deletes it", async () => {
    const { page, context } = await signedIn(TECNICO.email, TECNICO.password);
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Dispositivos" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/dispositivos`);
    await page.getByText("Nenhum dispositivo encontrado").waitFor();
    await page.getByRole("link", { name: "Novo Dispositivo" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/dispositivos/novo`);

    // Direct connection without an address: refused on the form, the field named.
    await page.getByLabel(/^Nome\s*\*?$/).fill("Portão social");
    await page.getByRole("button", { name: "Cadastrar dispositivo" }).click();
    await page.getByText("Informe o endereço: na conexão direta o portal chama o dispositivo.").waitFor();

    await page.getByRole("combobox", { name: "Condomínio" }).click();
    await page.getByRole("option", { name: "Residencial Aurora" }).click();
    await page.getByLabel("Modelo").fill("iDFace");
    await page.getByLabel("Endereço do dispositivo").fill("http://192.168.0.20");
    await page.getByLabel("Usuário do dispositivo").fill("admin");
    await page.getByLabel("Senha do dispositivo").fill("Senha-do-portao-1");
    await page.getByRole("button", { name: "Adicionar porta" }).click();
    await page.getByLabel("Nome da porta").nth(1).fill("Saída de pedestres");
    await page.getByRole("combobox", { name: "Sentido" }).nth(1).click();
    await page.getByRole("option", { name: "Saída" }).click();
    await page.getByRole("switch", { name: "Sensor de porta" }).click();
    await page.getByRole("button", { name: "Cadastrar dispositivo" }).click();
    await toast(page, "Dispositivo cadastrado");

    // Its page: the address the technician types into the device, never the password.
    await page.waitForURL(/\/portaria-web\/dispositivos\/[0-9a-f-]{36}$/);
    const endereco = page.getByLabel("Endereço que o técnico configura no dispositivo");
    await expect.poll(() => endereco.inputValue()).toMatch(new RegExp(`^${portal.url}/api/integracoes/controlid/[A-Za-z0-9_-]{32,}$`));
    const first = await endereco.inputValue();
    expect(await page.getByLabel("Senha do dispositivo").inputValue()).toBe("");
    expect(await page.content()).not.toContain("Senha-do-portao-1");
    await page.getByText("Offline (nunca se conectou)").first().waitFor();
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Gerar novo endereço" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Gerar novo endereço" }).click();
    await toast(page, "Novo endereço de integração gerado");
    await expect.poll(() => endereco.inputValue()).not.toBe(first);

    // An edit with the password left blank keeps it.
    await page.getByLabel(/^Nome\s*\*?$/).fill("Portão principal");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await toast(page, "Dispositivo atualizado");
    await page.getByText("Guardada cifrada. Em branco, mantém a atual.").waitFor();

    await page.getByRole("link", { name: "Voltar para dispositivos" }).click();
    const row = table(page).getByRole("row").filter({ hasText: "Portão principal" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Control iD iDFace");
    await expectNoA11yViolations(page);

    await row.getByRole("link", { name: "Abrir Portão principal" }).click();
    await page.getByRole("button", { name: "Excluir" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await toast(page, "Dispositivo excluído");
    await page.waitForURL(`${portal.url}/portaria-web/dispositivos`);
    await page.getByText("Nenhum dispositivo encontrado").waitFor();
    await context.close();
  });

  it("'Testar conexão' reads a simulated Control iD's identity and clock, says a refused password in Portuguese, and the state follows", async () => {
    const { page, context } = await signedIn(TECNICO.email, TECNICO.password);
    await page.goto(`${portal.url}/portaria-web/dispositivos/novo`);
    await page.getByLabel(/^Nome\s*\*?$/).fill("Portão da frente");
    await page.getByRole("combobox", { name: "Condomínio" }).click();
    await page.getByRole("option", { name: "Residencial Aurora" }).click();
    await page.getByLabel("Modelo").fill("iDFace");
    await page.getByLabel("Endereço do dispositivo").fill(simulado.endereco);
    await page.getByLabel("Usuário do dispositivo").fill("admin");
    await page.getByLabel("Senha do dispositivo").fill("senha-errada");
    await page.getByRole("button", { name: "Cadastrar dispositivo" }).click();
    await toast(page, "Dispositivo cadastrado");
    await page.waitForURL(/\/portaria-web\/dispositivos\/[0-9a-f-]{36}$/);

    await page.getByRole("button", { name: "Testar conexão" }).click();
    await page.getByRole("status").filter({ hasText: "Não conectou: Dispositivo recusou usuário ou senha." }).waitFor();
    await page.getByText("Erro: Dispositivo recusou usuário ou senha.").first().waitFor();
    expect(simulado.aberturas).toHaveLength(0);

    await page.getByLabel("Senha do dispositivo").fill("Senha-do-portao-1");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await toast(page, "Dispositivo atualizado");
    await page.getByRole("button", { name: "Testar conexão" }).click();
    const resultado = page.getByTestId("resultado-conexao");
    await resultado.getByText(/^Conectado em \d+ ms\.$/).waitFor();
    expect(await resultado.textContent()).toContain("0M0100/000321");
    expect(await resultado.textContent()).toContain("(adiantado 12 min)");
    await page.getByText("Online", { exact: true }).first().waitFor();
    await expectNoA11yViolations(page);
    await context.close();
  });

  it("works on a tablet and a phone", async () => {
    for (const viewport of [
      { width: 820, height: 1180 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await signedIn(TECNICO.email, TECNICO.password, viewport);
      await page.goto(`${portal.url}/portaria-web/dispositivos/novo`);
      await page.getByRole("heading", { level: 1, name: "Novo Dispositivo" }).waitFor();
      await expectNoA11yViolations(page);
      await context.close();
    }
  });

  it("is not in the menu of a porteiro, and the page says who may open it", async () => {
    const { page, context } = await signedIn(PORTEIRO.email, PORTEIRO.password);
    expect(await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Dispositivos" }).count()).toBe(0);
    await page.goto(`${portal.url}/portaria-web/dispositivos`);
    await page.getByText("Você não tem permissão para gerenciar dispositivos.").waitFor();
    await context.close();
  });
});
