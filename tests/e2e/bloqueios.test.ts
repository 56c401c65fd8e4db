import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios } from "../../src/server/db/schema";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Bloqueios (gatehouse-spec §6) as a síndica who keeps the blocklist meets it: she blocks a
// plate in her condominium, finds it listed, removes it, and finds it again under 'Removidos'
// with who removed it.
let portal: RunningPortal;
let browser: BrowserHandle;

const SINDICA = { email: "rita.bloqueios@teste.local", password: "senha-da-rita-1", nome: "Rita Síndica" };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const [aurora] = await portal.database.db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  await createPortariaUser(portal, { ...SINDICA, grupo: { nome: "Síndicos", permissions: ["gerenciar_bloqueios_acesso"] }, condominioIds: [aurora!.id] });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const table = (page: Page) => page.getByRole("table", { name: "Bloqueios" });

async function choose(page: Page, scope: Page | ReturnType<Page["getByRole"]>, name: string, option: string) {
  await scope.getByRole("combobox", { name, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("Bloqueios", () => {
  it("blocks a plate, lists it, removes it, and keeps it under 'Removidos'", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, SINDICA.email, SINDICA.password);
    await page.waitForURL(`${portal.url}/portaria-web`);

    // The entry in the sidebar, next to Registros.
    await page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name: "Bloqueios" }).first().click();
    await page.waitForURL(`${portal.url}/portaria-web/bloqueios`);
    await page.getByRole("heading", { level: 1, name: "Bloqueios" }).waitFor();
    await page.getByText("Nenhum bloqueio encontrado").first().waitFor();
    await expectNoA11yViolations(page);

    // Novo Bloqueio: a vehicle, by its plate, masked while typed.
    await page.getByRole("button", { name: "Novo Bloqueio" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Bloqueio" });
    await dialog.waitFor();
    await choose(page, dialog, "Tipo", "Veículo");
    // She serves one condominium: it comes chosen.
    expect(await dialog.getByRole("combobox", { name: "Condomínio" }).textContent()).toBe("Residencial Aurora");
    const placa = dialog.getByRole("textbox", { name: "Placa" });
    await placa.pressSequentially("abc1234");
    expect(await placa.inputValue()).toBe("ABC-1234");
    // Without a motivo the form says so and sends nothing.
    await dialog.getByRole("button", { name: "Criar Bloqueio" }).click();
    await dialog.getByText("O motivo do bloqueio é obrigatório.").first().waitFor();
    await dialog.getByRole("textbox", { name: "Motivo" }).fill("Ameaçou o porteiro.");
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Criar Bloqueio" }).click();
    await toastLocator(page).filter({ hasText: "Bloqueio criado" }).waitFor();
    await dialog.waitFor({ state: "detached" });

    const row = table(page).getByRole("row").filter({ hasText: "ABC-1234" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Residencial Aurora");
    expect(await row.textContent()).toContain("Ameaçou o porteiro.");
    expect(await row.textContent()).toContain("Indeterminado");
    expect(await row.textContent()).toContain("Rita Síndica");

    // Remover, after a confirmation.
    await row.getByRole("button", { name: "Remover bloqueio de ABC-1234" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remover bloqueio" });
    await confirm.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await expectNoA11yViolations(page);
    await confirm.getByRole("button", { name: "Remover", exact: true }).click();
    await toastLocator(page).filter({ hasText: "Bloqueio removido" }).waitFor();
    await confirm.waitFor({ state: "detached" });
    await page.getByText("Nenhum bloqueio encontrado").first().waitFor();

    // Under 'Removidos': still there, with who removed it.
    await choose(page, page, "Situação", "Removidos");
    const removed = table(page).getByRole("row").filter({ hasText: "ABC-1234" });
    await removed.waitFor();
    expect(await removed.textContent()).toContain("Removido");
    expect(await removed.getByRole("button", { name: /Remover/ }).count()).toBe(0);
    const headers = await table(page).getByRole("columnheader").allTextContents();
    expect(headers).toContain("Removido");
    await expectNoA11yViolations(page);
    await context.close();
  });
});
