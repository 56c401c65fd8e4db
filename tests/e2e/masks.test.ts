import { eq } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, usuarios } from "../../src/server/db/schema";
import { launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// Masked fields (issue 13) as a person types in them: the caret stays where they type, deleting
// next to a separator deletes a digit, and what is saved is the bare value the API stores.
let portal: RunningPortal;
let browser: BrowserHandle;
let adminCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
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

/** The field's text and where its caret is. */
const state = (field: Locator) => field.evaluate((el: HTMLInputElement) => ({ value: el.value, caret: el.selectionStart, end: el.selectionEnd }));

/** Puts the caret after the `n`th character with the keyboard, as a person would. */
async function caretAt(page: Page, field: Locator, n: number) {
  await field.focus();
  await page.keyboard.press("Home");
  for (let i = 0; i < n; i++) await page.keyboard.press("ArrowRight");
  expect((await state(field)).caret).toBe(n);
}

describe("masked fields", () => {
  it("CPF: Backspace right after a separator deletes the digit before it and the caret stays there; phone: a digit typed in the middle keeps the caret after it; the saved values are the bare digits", async () => {
    const { page, context } = await asAdmin("/portaria-web/admin/usuarios/novo");
    await page.getByRole("heading", { level: 1, name: "Novo Usuário" }).waitFor();
    await page.getByLabel("Nome completo").fill("Marina Máscara");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("marina.mascara@teste.local");
    await page.getByLabel("Senha inicial").fill("Sentinela#Portaria-2026");

    // CPF typed digit by digit.
    const cpf = page.getByRole("textbox", { name: "CPF" });
    await cpf.click();
    await page.keyboard.type("52998224725");
    expect(await state(cpf)).toEqual({ value: "529.982.247-25", caret: 14, end: 14 });

    // Caret just after the second dot ("529.982.|247-25"), then Backspace: the 2 before the dot goes.
    await caretAt(page, cpf, 8);
    await page.keyboard.press("Backspace");
    expect(await state(cpf)).toEqual({ value: "529.982.472-5", caret: 6, end: 6 });
    // Typing it again puts it back where it was, the caret right after it.
    await page.keyboard.type("2");
    expect(await state(cpf)).toEqual({ value: "529.982.247-25", caret: 7, end: 7 });

    // The same just after the first dot ("529.|982"): the 9 before it goes, the caret stays there.
    await caretAt(page, cpf, 4);
    await page.keyboard.press("Backspace");
    expect(await state(cpf)).toEqual({ value: "529.822.472-5", caret: 2, end: 2 });
    await page.keyboard.type("9");
    expect(await state(cpf)).toEqual({ value: "529.982.247-25", caret: 3, end: 3 });

    // Phone: ten digits are a landline; a digit typed in the middle makes it a mobile number,
    // the hyphen moves, and the caret stays right after the typed digit.
    const telefone = page.getByRole("textbox", { name: "Telefone celular" });
    await telefone.click();
    await page.keyboard.type("1198765321");
    expect(await state(telefone)).toEqual({ value: "(11) 9876-5321", caret: 14, end: 14 });
    await caretAt(page, telefone, 11); // "(11) 9876-5|321"
    await page.keyboard.type("4");
    const typed = await state(telefone);
    expect(typed).toEqual({ value: "(11) 98765-4321", caret: 12, end: 12 });
    expect(typed.value.slice(0, typed.caret!)).toBe("(11) 98765-4");
    // One more in the middle of a full mobile number is refused and leaves the caret alone.
    await caretAt(page, telefone, 7);
    await page.keyboard.type("0");
    expect(await state(telefone)).toEqual({ value: "(11) 98765-4321", caret: 7, end: 7 });

    await page.getByRole("button", { name: "Criar usuário" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/admin/usuarios`);
    await expect.poll(() => toastLocator(page).textContent()).toContain("Usuário criado");
    const [saved] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, "marina.mascara@teste.local"));
    expect(saved).toMatchObject({ cpf: "52998224725", telefone_celular: "11987654321" });
    // The list shows them in the same format the field did.
    const row = page.getByRole("table", { name: "Usuários cadastrados" }).getByRole("row").filter({ hasText: "Marina Máscara" });
    expect(await row.textContent()).toContain("529.982.247-25");
    expect(await row.textContent()).toContain("(11) 98765-4321");
    await context.close();
  });

  it("editing: a stored CPF and phone load masked; Delete just before a separator deletes the digit after it", async () => {
    const [marina] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, "marina.mascara@teste.local"));
    const { page, context } = await asAdmin(`/portaria-web/admin/usuarios/editar/${marina!.id}`);
    const cpf = page.getByRole("textbox", { name: "CPF" });
    await expect.poll(() => cpf.inputValue()).toBe("529.982.247-25");
    expect(await page.getByRole("textbox", { name: "Telefone celular" }).inputValue()).toBe("(11) 98765-4321");

    // "111.444.777-35" typed over the old one: select all, type.
    await cpf.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("11144477735");
    expect((await state(cpf)).value).toBe("111.444.777-35");
    await caretAt(page, cpf, 3); // "111|.444"
    await page.keyboard.press("Delete");
    expect(await state(cpf)).toEqual({ value: "111.447.773-5", caret: 4, end: 4 });
    await page.keyboard.type("4");
    expect(await state(cpf)).toEqual({ value: "111.444.777-35", caret: 5, end: 5 });

    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Usuário atualizado");
    await expect.poll(async () => (await portal.database.db.select().from(usuarios).where(eq(usuarios.id, marina!.id)))[0]?.cpf).toBe("11144477735");
    await context.close();
  });

  it("CNPJ: the alphanumeric one is typed in lower case, shown in upper case and saved bare", async () => {
    const { page, context } = await asAdmin("/portaria-web/condominios/novo");
    await page.getByRole("heading", { level: 1, name: "Novo Condomínio" }).waitFor();
    await page.getByRole("textbox", { name: "Nome", exact: true }).fill("Residencial Alfanumérico");
    const cnpj = page.getByLabel("CNPJ", { exact: true });
    await cnpj.click();
    await page.keyboard.type("12abc34501de35");
    expect(await state(cnpj)).toEqual({ value: "12.ABC.345/01DE-35", caret: 18, end: 18 });
    await page.getByRole("button", { name: "Criar condomínio" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/condominios`);
    const [saved] = await portal.database.db.select().from(condominios).where(eq(condominios.nome, "Residencial Alfanumérico"));
    expect(saved?.cnpj).toBe("12ABC34501DE35");
    await context.close();
  });
});
