import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUMO_DIARIO_TEXTOS } from "../../src/shared/schemas/livro";
import { condominios } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// The síndico's daily summary of the shift book (gate-operation-spec §5; decision 0280): he asks
// for it in Configurações › Minha conta, and it stays asked for; an operator who does not read the
// book as síndico is not offered it.
let portal: RunningPortal;
let browser: BrowserHandle;

const SINDICA = { email: "silvia.resumo@teste.local", password: "senha-da-silvia-1", nome: "Sílvia Síndica" };
const OPERADOR = { email: "otavio.resumo@teste.local", password: "senha-do-otavio-1", nome: "Otávio Operador" };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const [aurora] = await portal.database.db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }])
    .returning();
  await createPortariaUser(portal, { ...SINDICA, grupo: { nome: "Síndicos", permissions: ["visualizar_ocorrencias"] }, condominioIds: [aurora!.id] });
  await createPortariaUser(portal, { ...OPERADOR, grupo: { nome: "Portaria", permissions: ["registrar_ocorrencias"] }, condominioIds: [aurora!.id] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function abrirConfiguracoes(email: string, password: string) {
  const opened = await browser.newPage();
  await login(opened.page, portal.url, email, password);
  await opened.page.waitForURL((url) => url.pathname.startsWith("/portaria-web"));
  await opened.page.goto(`${portal.url}/portaria-web/configuracoes`);
  await opened.page.getByRole("heading", { name: "Minha conta" }).waitFor();
  // The last card of the page loaded: what is not offered has had its chance to show.
  await opened.page.getByRole("list", { name: "Sessões abertas" }).getByRole("listitem").first().waitFor();
  return opened;
}

describe("Resumo diário da portaria in Minha conta", () => {
  it("lets the síndico turn it on, saved at once and still on after a reload", async () => {
    const { page, context } = await abrirConfiguracoes(SINDICA.email, SINDICA.password);
    const chave = page.getByRole("switch", { name: RESUMO_DIARIO_TEXTOS.rotulo });
    await expect.poll(() => chave.getAttribute("aria-checked")).toBe("false");
    await expectNoA11yViolations(page);

    await chave.click();
    await expect.poll(() => toastLocator(page).textContent()).toContain(RESUMO_DIARIO_TEXTOS.ativado);
    await expect.poll(() => chave.getAttribute("aria-checked")).toBe("true");

    await page.reload();
    await page.getByRole("heading", { name: "Minha conta" }).waitFor();
    await expect.poll(() => page.getByRole("switch", { name: RESUMO_DIARIO_TEXTOS.rotulo }).getAttribute("aria-checked")).toBe("true");

    // And off again, from the keyboard.
    await page.getByRole("switch", { name: RESUMO_DIARIO_TEXTOS.rotulo }).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => toastLocator(page).textContent()).toContain(RESUMO_DIARIO_TEXTOS.desativado);
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: RESUMO_DIARIO_TEXTOS.rotulo }).getAttribute("aria-checked")).toBe("false");
    await context.close();
  });

  it("is not offered to an operator without visualizar_ocorrencias", async () => {
    const { page, context } = await abrirConfiguracoes(OPERADOR.email, OPERADOR.password);
    expect(await page.getByRole("heading", { name: RESUMO_DIARIO_TEXTOS.titulo }).count()).toBe(0);
    expect(await page.getByRole("switch", { name: RESUMO_DIARIO_TEXTOS.rotulo }).count()).toBe(0);
    await context.close();
  });
});
