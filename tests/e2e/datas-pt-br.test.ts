import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, unidades } from "../../src/server/db/schema";
import { dateInSaoPaulo, formatDate, today } from "@shared/time";
import { expectNoA11yViolations, login, toastLocator } from "./support/browser";
import { startPortal, type RunningPortal } from "./support/server";
import { createPortariaUser } from "./support/users";

// Issue 26: dates and times in the forms read dd/MM/yyyy and 24 h whatever the browser's own
// locale. This Chromium is an American one (--lang=en-US, LANG, Accept-Language): its native date
// and time inputs would read mm/dd/yyyy and AM/PM. The porteiro types with the keyboard only.
let portal: RunningPortal;
let browser: Browser;
let page: Page;

const SINDICO = { email: "otavio.datas@teste.local", password: "senha-do-otavio-1", nome: "Otávio Síndico" };
const DATA = /^\d{2}\/\d{2}\/\d{4}$/;

beforeAll(async () => {
  portal = await startPortal();
  const db = portal.database.db;
  const [aurora] = await db.insert(condominios).values({ nome: "Residencial Aurora" }).returning();
  const [a101] = await db.insert(unidades).values({ condominio_id: aurora!.id, bloco: "A", numero_unidade: "101" }).returning();
  await db.insert(moradores).values({ unidade_id: a101!.id, nome_completo: "Ana Souza", tipo_morador: "proprietario" });
  await createPortariaUser(portal, {
    ...SINDICO,
    grupo: { nome: "Síndicos", permissions: ["registrar_acesso_visitante", "gerenciar_bloqueios_acesso", "visualizar_registros_acesso"] },
    condominioIds: [aurora!.id],
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--lang=en-US"],
    env: { ...process.env, LANG: "en-US.UTF-8", LANGUAGE: "en_US", LC_ALL: "en_US.UTF-8" },
  });
  const context = await browser.newContext({
    locale: "en-US",
    extraHTTPHeaders: { "accept-language": "en-US,en;q=0.9" },
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  await login(page, portal.url, SINDICO.email, SINDICO.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  // The browser is American indeed: its own date format is mm/dd/yyyy.
  expect(await page.evaluate(() => [navigator.language, new Date(2026, 11, 31, 19, 45).toLocaleString()])).toEqual(["en-US", "12/31/2026, 7:45:00 PM"]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function choose(scope: Page | Locator, name: string, option: string) {
  await scope.getByRole("combobox", { name, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Types `keys` into the field from the keyboard, replacing what it held. */
async function digitar(field: Locator, keys: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(keys);
}

const menu = (name: string) => page.getByRole("navigation", { name: "Portaria Web" }).getByRole("link", { name }).first();

describe("an en-US browser", () => {
  it("Visitantes: the dates read dd/MM/yyyy, the hours 24 h, an impossible date is refused, and the authorisation keeps what was typed", async () => {
    await menu("Visitantes").click();
    await page.waitForURL(`${portal.url}/portaria-web/visitantes`);
    // The list's date filters too.
    await page.getByRole("textbox", { name: "Válida de" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Válida de" }).getAttribute("placeholder")).toBe("dd/mm/aaaa");

    await page.getByRole("link", { name: "Nova Autorização" }).click();
    await page.waitForURL(`${portal.url}/portaria-web/visitantes/nova`);
    await expect.poll(() => page.getByRole("combobox", { name: "Condomínio", exact: true }).textContent()).toBe("Residencial Aurora");
    await choose(page, "Unidade", "Bloco A - 101");
    await choose(page, "Morador que autoriza", "Ana Souza");
    await page.getByRole("textbox", { name: "Nome do visitante" }).fill("Joana Cuidadora");
    await page.getByRole("radio", { name: /Recorrente/ }).check();

    // 'Válida de' comes with today, as dd/MM/yyyy.
    const de = page.getByRole("textbox", { name: "Válida de" });
    expect(await de.inputValue()).toBe(formatDate(today()));
    expect(await de.inputValue()).toMatch(DATA);

    // 'Válida até': typed digit by digit, the slashes come by themselves. 31/02 does not exist.
    const ate = page.getByRole("textbox", { name: "Válida até" });
    const fim = dateInSaoPaulo(Date.now() + 90 * 86_400_000);
    const [ano] = fim.split("-");
    await digitar(ate, `3102${Number(ano) + 1}`);
    expect(await ate.inputValue()).toBe(`31/02/${Number(ano) + 1}`);
    await page.getByRole("checkbox", { name: "segunda" }).click();

    // The hours in 24 h: 07:30 to 19:45, never AM/PM.
    const inicio = page.getByRole("textbox", { name: "Hora início" });
    const termino = page.getByRole("textbox", { name: "Hora fim" });
    await digitar(inicio, "0730");
    await digitar(termino, "1945");
    expect([await inicio.inputValue(), await termino.inputValue()]).toEqual(["07:30", "19:45"]);

    await page.getByRole("button", { name: "Criar autorização" }).click();
    const erro = page.locator(`#${await ate.getAttribute("id")}-erro`);
    expect(await erro.textContent()).toBe("Data inválida.");
    expect(await ate.getAttribute("aria-invalid")).toBe("true");
    expect(await ate.inputValue()).toBe(`31/02/${Number(ano) + 1}`);
    await expectNoA11yViolations(page);

    await digitar(ate, formatDate(fim).replaceAll("/", ""));
    expect(await ate.inputValue()).toBe(formatDate(fim));
    await page.getByRole("button", { name: "Criar autorização" }).click();
    await toastLocator(page).filter({ hasText: "Autorização criada!" }).waitFor();
    await page.waitForURL(/\/portaria-web\/visitantes\/[0-9a-f-]{36}$/);
    await page
      .getByText(`segunda, das 07:30 às 19:45, de ${formatDate(today())} até ${formatDate(fim)}`)
      .first()
      .waitFor();
  });

  it("Bloqueios: 'Válido até' reads dd/MM/yyyy, refuses an impossible date and keeps the one typed", async () => {
    await menu("Bloqueios").click();
    await page.waitForURL(`${portal.url}/portaria-web/bloqueios`);
    await page.getByRole("button", { name: "Novo Bloqueio" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Bloqueio" });
    await dialog.waitFor();
    await choose(dialog, "Tipo", "Veículo");
    await dialog.getByRole("textbox", { name: "Placa" }).pressSequentially("abc1234");
    await dialog.getByRole("textbox", { name: "Motivo" }).fill("Portão arrombado.");

    const validoAte = dialog.getByRole("textbox", { name: "Válido até" });
    expect(await validoAte.getAttribute("placeholder")).toBe("dd/mm/aaaa");
    const ano = Number(today().slice(0, 4)) + 1;
    await digitar(validoAte, `3004${ano}`);
    expect(await validoAte.inputValue()).toBe(`30/04/${ano}`);
    await digitar(validoAte, `3104${ano}`);
    await dialog.getByRole("button", { name: "Criar Bloqueio" }).click();
    await dialog.getByText("Data inválida.", { exact: true }).waitFor();

    // Cleared with Backspace, the right day typed: 30/04.
    await validoAte.focus();
    await page.keyboard.press("End");
    for (let n = 0; n < 10; n++) await page.keyboard.press("Backspace");
    await page.keyboard.type(`3004${ano}`);
    expect(await validoAte.inputValue()).toBe(`30/04/${ano}`);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Criar Bloqueio" }).click();
    await toastLocator(page).filter({ hasText: "Bloqueio criado" }).waitFor();
    const row = page.getByRole("table", { name: "Bloqueios" }).getByRole("row").filter({ hasText: "ABC-1234" });
    await row.waitFor();
    expect(await row.textContent()).toContain(`30/04/${ano}`);
  });

  it("Registros: the period filter reads dd/MM/yyyy", async () => {
    await menu("Registros").click();
    await page.waitForURL(`${portal.url}/portaria-web/registros`);
    const de = page.getByRole("textbox", { name: "De", exact: true });
    await de.waitFor();
    expect(await de.inputValue()).toBe(formatDate(today()));
    await digitar(de, "31022026");
    await page.getByText("Data inválida. Use dd/mm/aaaa.", { exact: true }).waitFor();
    expect(await de.getAttribute("aria-invalid")).toBe("true");
  });
});
