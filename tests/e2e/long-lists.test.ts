import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, moradores, prestadores, unidades, veiculos } from "../../src/server/db/schema";
import { launchBrowser, login, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// Issue 13: long lists stay light (rows virtualized in the page's scroll) and every list fits the
// screen: cards with status and actions on a phone, every column on a 1280 px screen.
let portal: RunningPortal;
let browser: BrowserHandle;

const VEHICLES = 3000;
// A provider whose name has no place to break: it must wrap, not widen the table.
const LONG_NAME = `Manutencao${"Predial".repeat(14)}`;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Frota Grande", cidade: "Campinas", estado: "SP" }).returning();
  const units = await db
    .insert(unidades)
    .values(Array.from({ length: 30 }, (_, i) => ({ condominio_id: condominio!.id, bloco: "A", numero_unidade: String(101 + i) })))
    .returning();
  const residents = await db
    .insert(moradores)
    .values(units.map((u, i) => ({ unidade_id: u.id, nome_completo: `Morador ${i + 1}`, tipo_morador: "proprietario" })))
    .returning();
  const rows = Array.from({ length: VEHICLES }, (_, i) => {
    const owner = residents[i % residents.length]!;
    return {
      morador_id: owner.id,
      unidade_id: owner.unidade_id,
      placa: `FRT${String(i).padStart(4, "0")}`,
      marca: "Fiat",
      modelo: "Uno",
      cor: "Prata",
      tipo_veiculo: "carro",
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(veiculos).values(rows.slice(i, i + 500));
  await db
    .insert(prestadores)
    .values({ nome_empresa_profissional: LONG_NAME, tipo_servico: "Manutenção", cnpj_cpf: "11222333000181", condominio_id: condominio!.id });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function signIn(page: Page) {
  await login(page, portal.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
}

describe("a long list", () => {
  it("after scrolling through 3,000 vehicles keeps the page light, and the search still answers", async () => {
    const { page, context } = await browser.newPage();
    await signIn(page);
    await page.goto(`${portal.url}/portaria-web/veiculos`);
    const table = page.getByRole("table", { name: "Veículos cadastrados" });
    await table.getByText("FRT-0000", { exact: true }).waitFor();
    // pt-BR numbers: "3.000".
    const shown = page.getByText(/^Mostrando [\d.]+ de [\d.]+$/);
    await expect.poll(() => shown.textContent()).toBe("Mostrando 50 de 3.000");

    // Scroll to the bottom, as a user would, until every page is loaded.
    const deadline = Date.now() + 200_000;
    while ((await shown.textContent()) !== "Mostrando 3.000 de 3.000") {
      if (Date.now() > deadline) throw new Error(`still ${await shown.textContent()}`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
    }
    // The last row is on screen (the last page made the list longer: back to its end), the table
    // still says how many rows it has…
    // (Polled, scrolling again each time: under load the virtualizer measures rows after the scroll
    // and the list grows past where it landed, as a user would scroll on to the end.)
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return table.locator(`tbody tr[aria-rowindex="${VEHICLES + 1}"]`).isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await table.getAttribute("aria-rowcount")).toBe(String(VEHICLES + 1));
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Placa",
      "Marca/Modelo",
      "Cor",
      "Tipo",
      "Morador",
      "Unidade",
      "Condomínio",
      "Status",
      "Ações",
    ]);
    // …but only the rows near the viewport are in the page.
    const bodyRows = await table.locator("tbody tr:not([aria-hidden])").count();
    expect(bodyRows).toBeGreaterThan(5);
    expect(bodyRows).toBeLessThan(100);
    const nodes = await page.evaluate(() => document.querySelectorAll("*").length);
    expect(nodes).toBeLessThan(3000);

    // Scrolling back to the top shows the first rows again.
    // (Polled, scrolling again each time: the virtualizer renders the top rows a frame after the
    // scroll, and under load it may move the page while it measures rows, as at the end above.)
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, 0));
          return table.locator('tbody tr[aria-rowindex="2"]').isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    // Typing in the search box keeps every key and finds one vehicle among the 3,000. (How fast
    // is the benchmark's business, not a timed assertion here.)
    const search = page.getByRole("searchbox", { name: "Buscar" });
    await search.pressSequentially("FRT2999");
    expect(await search.inputValue()).toBe("FRT2999");
    await expect.poll(() => shown.textContent()).toBe("Mostrando 1 de 1");
    expect(await table.locator("tbody tr").count()).toBe(1);
    await context.close();
  }, 300_000);
});

/** Whether the element lies wholly inside the viewport's width and height. */
async function inViewport(page: Page, selector: ReturnType<Page["locator"]>) {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

describe("on a phone", () => {
  it("a list shows each row as a card with its status and its action in view, with no sideways scroll", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    await signIn(page);
    for (const { path, name, first, status, action } of [
      { path: "/portaria-web/veiculos", name: "Veículos cadastrados", first: "FRT-0000", status: "[data-ativo]", action: /^Editar veículo FRT-0000 / },
      {
        path: "/portaria-web/prestadores",
        name: "Prestadores de serviço cadastrados",
        first: LONG_NAME,
        status: "[data-ativo]",
        action: `Editar ${LONG_NAME}`,
      },
      { path: "/portaria-web/admin/usuarios", name: "Usuários cadastrados", first: "(você)", status: "[data-status]", action: /^Editar / },
    ]) {
      await page.goto(`${portal.url}${path}`);
      const list = page.getByRole("list", { name });
      const card = list.getByRole("listitem").filter({ hasText: first }).first();
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      expect(await inViewport(page, card.locator(status).first()), `${path}: status`).toBe(true);
      expect(await inViewport(page, card.getByRole("link", { name: action }).first()), `${path}: action`).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

describe("on a 1280 px screen", () => {
  it("every column of the widest tables is on screen, and a long unbroken name wraps", async () => {
    const { page, context } = await browser.newPage();
    await signIn(page);
    for (const { path, name } of [
      { path: "/portaria-web/veiculos", name: "Veículos cadastrados" },
      { path: "/portaria-web/prestadores", name: "Prestadores de serviço cadastrados" },
      { path: "/portaria-web/admin/usuarios", name: "Usuários cadastrados" },
    ]) {
      await page.goto(`${portal.url}${path}`);
      const table = page.getByRole("table", { name });
      await table.locator("tbody tr").first().waitFor();
      const headers = table.getByRole("columnheader");
      expect(await headers.count()).toBeGreaterThan(3);
      for (const header of await headers.all()) {
        expect(await inViewport(page, header), `${path}: ${await header.textContent()}`).toBe(true);
      }
      const sideways = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(sideways, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
