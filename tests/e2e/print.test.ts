import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, unidades } from "../../src/server/db/schema";
import { launchBrowser, login, type BrowserHandle } from "./support/browser";
import { createPortariaUser } from "./support/users";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// Printing a Portaria Web list (issue 13): the paper shows the screen's title, the filters in use
// and the table; not the sidebar, the header, the buttons or the column of row actions.
let portal: RunningPortal;
let browser: BrowserHandle;
let adminCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [aurora, bosque] = await db
    .insert(condominios)
    .values([{ nome: "Residencial Aurora" }, { nome: "Condomínio Bosque" }])
    .returning();
  await db.insert(unidades).values([
    { condominio_id: aurora!.id, bloco: "A", numero_unidade: "101", tipo_unidade: "Apartamento" },
    { condominio_id: aurora!.id, bloco: "A", numero_unidade: "102", tipo_unidade: "Apartamento" },
    { condominio_id: bosque!.id, numero_unidade: "7", tipo_unidade: "Casa" },
  ]);
  await createPortariaUser(portal, { email: "bruno@teste.local", nome: "Bruno Ativo", password: "senha-do-bruno-1" });

  const { page, context } = await browser.newPage();
  await login(page, portal.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  adminCookies = await context.cookies();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function asAdmin(to: string): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await browser.newPage();
  await context.addCookies(adminCookies);
  await page.goto(`${portal.url}${to}`);
  return { page, context };
}

const visible = (locator: { isVisible(): Promise<boolean> }) => locator.isVisible();

describe("printing a list", () => {
  it("shows the title, the filters in use and the table; not the sidebar, the header or the buttons", async () => {
    const { page, context } = await asAdmin("/portaria-web/unidades");
    const table = page.getByRole("table", { name: "Unidades cadastradas" });
    await table.getByRole("row").filter({ hasText: "Condomínio Bosque" }).waitFor();

    // A filter in use: one condominium.
    await page.getByRole("combobox", { name: "Condomínio" }).click();
    await page.getByRole("option", { name: "Residencial Aurora" }).click();
    await expect.poll(() => table.getByRole("row").filter({ hasText: "Condomínio Bosque" }).count()).toBe(0);
    await table.getByRole("row").filter({ hasText: "102" }).waitFor();

    const sidebar = page.getByRole("navigation", { name: "Portaria Web" });
    const header = page.getByRole("banner");
    const create = page.getByRole("link", { name: "Cadastrar Nova Unidade" });
    const edit = table.getByRole("link", { name: "Editar unidade Bloco A - 101 (Residencial Aurora)" });
    const actions = table.getByRole("columnheader", { name: "Ações" });
    const filters = page.getByRole("search", { name: "Filtrar unidades" });
    const search = filters.getByRole("searchbox", { name: "Buscar" });
    const condominio = filters.getByRole("combobox", { name: "Condomínio" });

    // On screen, all of it is there.
    for (const locator of [sidebar, header, create, edit, actions, search]) expect(await visible(locator), String(locator)).toBe(true);

    await page.emulateMedia({ media: "print" });
    for (const locator of [sidebar, header, create, edit, actions]) expect(await visible(locator), String(locator)).toBe(false);
    const visibleButtons = () => page.getByRole("button").evaluateAll((buttons) => buttons.filter((b) => b.checkVisibility()).map((b) => b.textContent));
    expect(await visibleButtons()).toEqual([]);
    expect(await page.getByRole("heading", { level: 1, name: "Gerenciar Unidades" }).isVisible()).toBe(true);
    expect(await table.isVisible()).toBe(true);
    expect(await table.getByRole("row").count()).toBe(3);
    expect(await table.getByRole("row").filter({ hasText: "101" }).isVisible()).toBe(true);
    // The filters summary: the condominium chosen, as text; the empty search box is left out.
    expect(await filters.innerText()).toMatch(/^Condomínio\s*Residencial Aurora$/);
    expect(await visible(condominio)).toBe(true);
    expect(await condominio.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe("0px");
    expect(await visible(search)).toBe(false);

    // A search typed in is part of the summary.
    await page.emulateMedia({ media: "screen" });
    await search.fill("101");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    await page.emulateMedia({ media: "print" });
    expect(await visible(search)).toBe(true);
    expect(await search.inputValue()).toBe("101");
    expect(await visibleButtons()).toEqual([]);
    await context.close();
  });

  it("prints the users' status filter as its value", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/usuarios");
    await page.getByRole("row").filter({ hasText: "Bruno Ativo" }).waitFor();
    await page.emulateMedia({ media: "print" });
    const filters = page.getByRole("search", { name: "Filtrar usuários" });
    // The status menu's button is printed as the filter's value; the empty search box is not printed.
    expect(await filters.innerText()).toMatch(/^Status\s*Todos$/);
    expect(await visible(page.getByRole("link", { name: "Novo Usuário" }))).toBe(false);
    expect(await visible(page.getByRole("button", { name: "Desativar Bruno Ativo" }))).toBe(false);
    expect(await visible(page.getByRole("table", { name: "Usuários cadastrados" }))).toBe(true);
    await context.close();
  });
});
