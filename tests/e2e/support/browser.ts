import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import { expect } from "vitest";

const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";

export interface BrowserHandle {
  browser: Browser;
  /** `bypassCSP`: the page ignores the Content-Security-Policy (to test what holds without it). */
  newPage(options?: { mobile?: boolean; bypassCSP?: boolean }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/** Headless system Chromium, as root. Playwright gives each launch a fresh, temporary profile. */
export async function launchBrowser(): Promise<BrowserHandle> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  return {
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        locale: "pt-BR",
        viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        isMobile: options.mobile ?? false,
        hasTouch: options.mobile ?? false,
        bypassCSP: options.bypassCSP ?? false,
      });
      const page = await context.newPage();
      return { page, context };
    },
    async close() {
      await browser.close();
    },
  };
}

/**
 * axe-core (the release pinned in package.json): fails on a violation of any impact (minor and
 * moderate too), naming each rule, its impact and the first elements it found.
 */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} [${v.impact ?? "?"}]: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(violations, violations.join("\n")).toEqual([]);
}

export async function login(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** The text of the toast currently shown. */
export function toastLocator(page: Page) {
  return page.locator("[data-variant]").first();
}

/**
 * Waits until React has taken over the prerendered HTML. The public pages hydrate on the
 * visitor's first sign of use (decision 0009), so this moves the mouse first, as a visitor would.
 */
export async function waitForHydration(page: Page) {
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}
