import type { Page } from "playwright-core";
import { launchBrowser, login } from "../../tests/e2e/support/browser";

// Browser at scale: the screens a doorman opens most, on the seeded database, in the system
// Chromium (same launch as the browser tests). For each screen: the time from navigation start
// to the first data rows, measured inside the page (a MutationObserver installed before any
// script notes performance.now() when the first row appears), over a few full page loads; for
// the lists, that scrolling to the end of the list loads the next page. Any miss throws.

export interface ScreenResult {
  id: string;
  label: string;
  path: string;
  /** Navigation start to first data row, one figure per page load (ms). */
  firstRowsMs: number[];
  rowsShown: number;
  /** Lists: rows after scrolling to the end, and how long that next page took (ms). */
  afterScroll?: { rows: number; ms: number };
}

interface Screen {
  id: string;
  label: string;
  path: string;
  rowSelector: string;
  paged: boolean;
}

const TIMEOUT = 15_000;

export async function browserAtScale(options: { baseUrl: string; email: string; password: string; unidadeId: string; loads: number }): Promise<ScreenResult[]> {
  const screens: Screen[] = [
    {
      id: "unidades",
      label: "lista de unidades",
      path: "/portaria-web/unidades",
      rowSelector: 'table[aria-label="Unidades cadastradas"] tbody tr[data-testid^="unidade-"]',
      paged: true,
    },
    {
      id: "veiculos",
      label: "lista de veículos",
      path: "/portaria-web/veiculos",
      rowSelector: 'table[aria-label="Veículos cadastrados"] tbody tr[data-testid^="veiculo-"]',
      paged: true,
    },
    {
      id: "moradores",
      label: "moradores de uma unidade",
      path: `/portaria-web/unidades/editar/${options.unidadeId}`,
      rowSelector: '[data-testid="moradores-section"] [data-testid^="morador-"]',
      paged: false,
    },
  ];

  const browser = await launchBrowser();
  try {
    const { page, context } = await browser.newPage();
    // A string, not a function: tsx would wrap inner functions in a helper the page lacks.
    await context.addInitScript(`(() => {
      const selectors = ${JSON.stringify(screens.map((s) => s.rowSelector))};
      const seen = (window.__firstRows = {});
      new MutationObserver(() => {
        for (const selector of selectors) if (!(selector in seen) && document.querySelector(selector)) seen[selector] = performance.now();
      }).observe(document, { childList: true, subtree: true });
    })();`);

    await login(page, options.baseUrl, options.email, options.password);
    await page.waitForURL((url) => url.pathname.startsWith("/portaria-web"), { timeout: TIMEOUT });

    const results: ScreenResult[] = [];
    for (const screen of screens) {
      const firstRowsMs: number[] = [];
      let rowsShown = 0;
      let afterScroll: ScreenResult["afterScroll"];
      for (let load = 0; load < options.loads; load++) {
        await page.goto(`${options.baseUrl}${screen.path}`, { waitUntil: "commit" });
        const rows = page.locator(screen.rowSelector);
        await rows
          .first()
          .waitFor({ timeout: TIMEOUT })
          .catch(() => {
            throw new Error(`${screen.label}: nenhuma linha apareceu em ${TIMEOUT / 1000} s (${screen.path}).`);
          });
        const at = await page.evaluate((selector) => (window as unknown as { __firstRows: Record<string, number> }).__firstRows[selector], screen.rowSelector);
        if (typeof at !== "number") throw new Error(`${screen.label}: o instante das primeiras linhas não foi registrado.`);
        firstRowsMs.push(at);
        rowsShown = await rows.count();
        if (screen.paged && load === options.loads - 1) afterScroll = await scrollForMore(page, screen, rowsShown);
      }
      results.push({ id: screen.id, label: screen.label, path: screen.path, firstRowsMs, rowsShown, afterScroll });
    }
    await context.close();
    return results;
  } finally {
    await browser.close();
  }
}

/** Scrolls to the end of the list and waits for the next page's rows. */
async function scrollForMore(page: Page, screen: Screen, before: number): Promise<{ rows: number; ms: number }> {
  const rows = page.locator(screen.rowSelector);
  const started = Date.now();
  // "Mostrando 50 de 40.000" (or "de mais de 10.000"): pt-BR thousands separators.
  await page.getByText(/^Mostrando [\d.]+ de (mais de )?[\d.]+$/).scrollIntoViewIfNeeded();
  const deadline = started + TIMEOUT;
  for (;;) {
    const now = await rows.count();
    if (now > before) return { rows: now, ms: Date.now() - started };
    if (Date.now() > deadline) throw new Error(`${screen.label}: rolar até o fim não carregou mais linhas (continuam ${before}).`);
    await page.waitForTimeout(20);
  }
}
