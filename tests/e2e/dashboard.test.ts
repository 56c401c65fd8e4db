import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// The staff dashboard in a real browser: guard, overview sample data, sidebar, header, logout.
let portal: RunningPortal;
let browser: BrowserHandle;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const pathname = (page: Page) => new URL(page.url()).pathname;

/** A fresh context signed in as the seeded admin, on /dashboard. */
async function signedInDashboard(): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await browser.newPage();
  await login(page, portal.url, ADMIN.email, ADMIN.password);
  await page.waitForURL(`${portal.url}/portaria-web`);
  await page.goto(`${portal.url}/dashboard`);
  await h1(page).filter({ hasText: "Visão Geral" }).waitFor();
  return { page, context };
}

describe("staff dashboard", () => {
  it("sends a signed-out visitor to /login", async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${portal.url}/dashboard`);
    await page.waitForURL(`${portal.url}/login`);
    await h1(page).filter({ hasText: "Entrar" }).waitFor();
    await page.goto(`${portal.url}/dashboard/relatorios`);
    await page.waitForURL(`${portal.url}/login`);
    await context.close();
  });

  it("shows 'Visão Geral' with four stat cards, events, activities and three performance bars", async () => {
    const { page, context } = await signedInDashboard();

    const stats = page.locator("section[aria-labelledby=indicadores]").getByRole("heading", { level: 3 });
    expect(await stats.allTextContents()).toEqual(["Clientes Ativos", "Câmeras Online", "Alertas Hoje", "Chamados Abertos"]);
    for (const stat of await stats.all()) expect(await stat.isVisible()).toBe(true);

    const events = page.getByRole("list", { name: "Eventos Recentes" }).getByRole("listitem");
    expect(await events.count()).toBeGreaterThanOrEqual(3);
    expect(await events.first().textContent()).toContain("Alarme disparado");

    const activities = page.getByRole("list", { name: "Próximas Atividades" }).getByRole("listitem");
    expect(await activities.count()).toBeGreaterThanOrEqual(3);
    expect(await activities.first().textContent()).toContain("Instalação de câmeras");

    const bars = page.getByRole("progressbar");
    expect(await bars.count()).toBe(3);
    const values = await bars.evaluateAll((els) =>
      els.map((el) => {
        const fill = el.firstElementChild!.getBoundingClientRect().width;
        return {
          value: Number(el.getAttribute("aria-valuenow")),
          drawn: Math.round((fill / el.getBoundingClientRect().width) * 100),
        };
      }),
    );
    expect(values).toEqual([
      { value: 92, drawn: 92 },
      { value: 88, drawn: 88 },
      { value: 76, drawn: 76 },
    ]);
    for (const percent of ["92%", "88%", "76%"]) expect(await page.getByText(percent, { exact: true }).isVisible()).toBe(true);

    await expectNoA11yViolations(page);
    await context.close();
  });

  it("has a header search box and a notification dot", async () => {
    const { page, context } = await signedInDashboard();
    const search = page.getByRole("searchbox", { name: "Buscar" });
    expect(await search.isVisible()).toBe(true);
    await search.fill("câmeras");
    await search.press("Enter");
    // The box does not search anything: the page stays where it is.
    expect(pathname(page)).toBe("/dashboard");
    expect(await search.inputValue()).toBe("câmeras");

    const bell = page.getByRole("button", { name: "Notificações" });
    expect(await bell.isVisible()).toBe(true);
    const dot = await bell.locator("span").evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { width: box.width, height: box.height, background: getComputedStyle(el).backgroundColor };
    });
    expect(dot.width).toBeGreaterThan(4);
    expect(dot.height).toBeGreaterThan(4);
    expect(dot.background).not.toBe("rgba(0, 0, 0, 0)");
    await context.close();
  });

  it("navigates with every sidebar link; the five placeholders say they are under development", async () => {
    const { page, context } = await signedInDashboard();
    const sidebar = page.getByRole("navigation", { name: "Menu do dashboard" });
    expect(await sidebar.getByRole("link").allTextContents()).toEqual([
      "Dashboard",
      "Portaria Web",
      "Relatórios",
      "Clientes",
      "Agenda",
      "Notificações",
      "Configurações",
    ]);

    for (const [name, path] of [
      ["Relatórios", "/dashboard/relatorios"],
      ["Clientes", "/dashboard/clientes"],
      ["Agenda", "/dashboard/agenda"],
      ["Notificações", "/dashboard/notificacoes"],
      ["Configurações", "/dashboard/configuracoes"],
    ] as const) {
      await sidebar.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(`${portal.url}${path}`);
      await h1(page).filter({ hasText: name }).waitFor();
      expect(await page.getByText("Esta funcionalidade está em desenvolvimento.").isVisible()).toBe(true);
      expect(await sidebar.getByRole("link", { name, exact: true }).getAttribute("aria-current")).toBe("page");
    }

    await sidebar.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.waitForURL(`${portal.url}/dashboard`);
    await h1(page).filter({ hasText: "Visão Geral" }).waitFor();
    expect(await page.getByText("Esta funcionalidade está em desenvolvimento.").count()).toBe(0);

    await sidebar.getByRole("link", { name: "Portaria Web", exact: true }).click();
    await page.waitForURL(`${portal.url}/portaria-web`);
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();
    await context.close();
  });

  it("sends an unknown dashboard path to /dashboard", async () => {
    const { page, context } = await signedInDashboard();
    await page.goto(`${portal.url}/dashboard/nao-existe`);
    await page.waitForURL(`${portal.url}/dashboard`);
    await h1(page).filter({ hasText: "Visão Geral" }).waitFor();
    await page.goto(`${portal.url}/dashboard/relatorios/qualquer/coisa`);
    await page.waitForURL(`${portal.url}/dashboard`);
    await h1(page).filter({ hasText: "Visão Geral" }).waitFor();
    await context.close();
  });

  it("logs out with Sair to /login and says so", async () => {
    const { page, context } = await signedInDashboard();
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${portal.url}/login`);
    await expect.poll(() => toastLocator(page).textContent()).toContain("Logout realizado");
    expect(await toastLocator(page).textContent()).toContain("Você foi desconectado com sucesso.");
    expect((await page.request.get(`${portal.url}/api/me`)).status()).toBe(401);

    // The session is gone: the dashboard asks for a login again.
    await page.goto(`${portal.url}/dashboard`);
    await page.waitForURL(`${portal.url}/login`);
    await context.close();
  });
});
