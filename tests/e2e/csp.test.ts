import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { condominios, grupos, moradores, prestadores, unidades, usuarios, veiculos } from "../../src/server/db/schema";
import { launchBrowser, login, waitForHydration, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";

// The Content-Security-Policy in a real browser: every public page and the main staff screens
// load, hydrate and work with it enforced, and nothing is refused or logged. A last test injects
// inline code to prove the policy is really enforced and that refusals would be seen here.
let portal: RunningPortal;
let browser: BrowserHandle;
const ids = { condominio: "", unidade: "", prestador: "", grupo: "", usuario: "" };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  const db = portal.database.db;
  const [condominio] = await db.insert(condominios).values({ nome: "Residencial Jacarandá", cidade: "Barueri", estado: "SP" }).returning();
  const [unidade] = await db.insert(unidades).values({ condominio_id: condominio!.id, bloco: "A", numero_unidade: "12" }).returning();
  const [morador] = await db.insert(moradores).values({ unidade_id: unidade!.id, nome_completo: "Lúcia Ferraz", tipo_morador: "proprietario" }).returning();
  await db.insert(veiculos).values({ morador_id: morador!.id, unidade_id: unidade!.id, placa: "BRA2E19", tipo_veiculo: "carro" });
  const [prestador] = await db
    .insert(prestadores)
    .values({ nome_empresa_profissional: "Jardins & Cia", tipo_servico: "Jardinagem", condominio_id: condominio!.id })
    .returning();
  const [grupo] = await db.select().from(grupos).limit(1);
  const [usuario] = await db.select().from(usuarios).where(eq(usuarios.email, ADMIN.email));
  Object.assign(ids, { condominio: condominio!.id, unidade: unidade!.id, prestador: prestador!.id, grupo: grupo!.id, usuario: usuario!.id });
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

interface Watched {
  violations: string[];
  console: string[];
}

/**
 * Records, across navigations, every `securitypolicyviolation` event (through a binding that an
 * init script calls), every console message and every uncaught error of the context's pages.
 */
async function watch(context: BrowserContext, page: Page): Promise<Watched> {
  const watched: Watched = { violations: [], console: [] };
  await context.exposeBinding("__reportCspViolation", (_source, violation: string) => {
    watched.violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation;
      void report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"}`);
    });
  });
  page.on("console", (message) => {
    // The browser's line for an HTTP error status names no URL: add the resource's path.
    const resource = message.text().startsWith("Failed to load resource") ? ` [${new URL(message.location().url).pathname}]` : "";
    watched.console.push(`${new URL(page.url()).pathname}: ${message.type()}: ${message.text()}${resource}`);
  });
  page.on("pageerror", (error) => watched.console.push(`${new URL(page.url()).pathname}: uncaught: ${error.message}`));
  return watched;
}

/** Loads a path in full (not a client-side navigation) and checks the document came with the page policy. */
async function load(page: Page, path: string, status = 200) {
  const response = await page.goto(`${portal.url}${path}`);
  expect(response?.status(), path).toBe(status);
  const policy = (await response?.headerValue("content-security-policy")) ?? "";
  expect(policy, path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  expect(policy, path).toContain("frame-ancestors 'none'");
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

/**
 * Console lines other than the browser's own notes of two expected HTTP answers: 401 from
 * /api/me for a visitor who is not signed in, and the not-found page's 404.
 */
const unexpected = (lines: string[]) =>
  lines.filter(
    (line) =>
      !/: error: Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \[\/api\/me\]$/.test(line) &&
      line !== "/pagina-que-nao-existe: error: Failed to load resource: the server responded with a status of 404 (Not Found) [/pagina-que-nao-existe]",
  );

describe("with the CSP enforced", () => {
  it("every public page loads, hydrates and its menu opens, with no violation and nothing in the console", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    const watched = await watch(context, page);
    const pages = ["/", "/servicos", "/sobre", "/contato", "/leads", "/politica-de-privacidade", "/termos-de-uso", "/login"];
    for (const path of pages) {
      await load(page, path);
      await waitForHydration(page);
      // A click that needs JavaScript: the mobile menu opens.
      await page.getByTestId("menu-toggle").click();
      await page.getByTestId("mobile-menu").waitFor({ state: "visible" });
    }
    await load(page, "/pagina-que-nao-existe", 404);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Voltar", exact: true }).click();
    await page.waitForURL(`${portal.url}/login`);

    // The contact page's map frame is the one third party the policy allows.
    await load(page, "/contato");
    await waitForHydration(page);
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>mapa</p>" }));
    await page.getByRole("button", { name: "Carregar mapa interativo" }).click();
    await page.frameLocator("iframe").getByText("mapa").waitFor();

    expect(watched.violations).toEqual([]);
    expect(unexpected(watched.console)).toEqual([]);
    await context.close();
  });

  it("the admin signs in and every main staff screen loads and works, with no violation and nothing in the console", async () => {
    const { page, context } = await browser.newPage();
    const watched = await watch(context, page);
    // Signing in needs the hydrated form (a plain HTML submit would not reach the API).
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await h1(page).filter({ hasText: "Painel de Controle" }).waitFor();

    const screens: [path: string, heading: string][] = [
      ["/dashboard", "Visão Geral"],
      ["/portaria-web", "Painel de Controle"],
      ["/portaria-web/admin/usuarios", "Usuários"],
      ["/portaria-web/admin/usuarios/novo", "Novo Usuário"],
      [`/portaria-web/admin/usuarios/editar/${ids.usuario}`, "Editar Usuário"],
      ["/portaria-web/admin/grupos", "Grupos"],
      ["/portaria-web/admin/grupos/novo", "Novo Grupo"],
      [`/portaria-web/admin/grupos/editar/${ids.grupo}`, "Editar Grupo"],
      ["/portaria-web/admin/permissoes", "Permissões"],
      ["/portaria-web/condominios", "Condomínios"],
      ["/portaria-web/condominios/novo", "Novo Condomínio"],
      [`/portaria-web/condominios/editar/${ids.condominio}`, "Editar Condomínio"],
      ["/portaria-web/unidades", "Unidades"],
      ["/portaria-web/unidades/novo", "Cadastrar Nova Unidade"],
      ["/portaria-web/veiculos", "Veículos"],
      ["/portaria-web/prestadores", "Prestadores"],
      ["/portaria-web/prestadores/novo", "Novo Prestador"],
      [`/portaria-web/prestadores/editar/${ids.prestador}`, "Editar Prestador"],
    ];
    for (const [path, heading] of screens) {
      await load(page, path);
      await h1(page).filter({ hasText: heading }).waitFor();
      await page.waitForLoadState("networkidle");
    }

    // The unit's page with its residents: a dialog and a Radix select (both add styles at run time).
    await load(page, `/portaria-web/unidades/editar/${ids.unidade}`);
    await h1(page).filter({ hasText: "Editar Unidade" }).waitFor();
    const section = page.getByTestId("moradores-section");
    await section.getByRole("article", { name: "Lúcia Ferraz" }).waitFor();
    await section.getByRole("button", { name: "Adicionar Morador" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar Morador" });
    await dialog.getByRole("combobox", { name: "Tipo de morador" }).click();
    await page.getByRole("option", { name: "Inquilino", exact: true }).click();
    expect(await dialog.getByRole("combobox", { name: "Tipo de morador" }).textContent()).toBe("Inquilino");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    expect(watched.violations).toEqual([]);
    expect(unexpected(watched.console)).toEqual([]);
    await context.close();
  });

  it("the API's browsable description (Swagger UI) renders every route from its own files, under its own policy", async () => {
    const { page, context } = await browser.newPage();
    const watched = await watch(context, page);
    const response = await page.goto(`${portal.url}/api/docs`);
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue("content-security-policy")).toContain("connect-src 'self'");
    // Grouped by resource; a group opens to its routes, each with what it does and who may call it.
    await page.getByRole("heading", { name: /Portal de Segurança Eletrônica — API/ }).waitFor();
    // With this many routes Swagger UI renders the groups near the viewport as one scrolls: scroll
    // the whole page and collect every group and route seen; each of the document's is there.
    const documento = (await (await page.request.get(`${portal.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const grupos = new Set(Object.values(documento.paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags ?? [])));
    const rotas = Object.values(documento.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(rotas).toBeGreaterThan(70);
    const vistos = { grupos: new Set<string>(), rotas: new Set<string>() };
    let fim = false;
    for (let i = 0; i < 400 && !fim; i++) {
      const agora = await page.evaluate(() => ({
        grupos: [...document.querySelectorAll("[id^='operations-tag-']")].map((e) => e.id.replace("operations-tag-", "")),
        rotas: [...document.querySelectorAll(".opblock")].map((e) => e.id),
        fim: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      }));
      agora.grupos.forEach((g) => vistos.grupos.add(decodeURIComponent(g)));
      agora.rotas.forEach((r) => vistos.rotas.add(r));
      fim = agora.fim && i > 0;
      await page.mouse.wheel(0, 300);
      // Each step waits for what it uncovered to be drawn.
      await page.waitForTimeout(100);
    }
    expect([...grupos].filter((g) => !vistos.grupos.has(g))).toEqual([]);
    expect(vistos.rotas.size).toBe(rotas);
    const exportar = page.locator("[data-path='/api/registros/exportar']");
    for (let i = 0; i < 400 && !(await exportar.count()); i++) await page.mouse.wheel(0, -500);
    await exportar.click();
    await page.getByText("Acesso: permissão visualizar_registros_acesso.").waitFor();
    expect(watched.violations).toEqual([]);
    expect(watched.console.filter((line) => !/: (log|debug|info): /.test(line))).toEqual([]);
    await context.close();
  });

  it("blocks injected inline code and reports it, so the checks above see refusals", async () => {
    for (const path of ["/sobre", "/portaria-web"]) {
      const { page, context } = await browser.newPage();
      const watched = await watch(context, page);
      await load(page, path);
      await page.waitForLoadState("networkidle");
      // What an XSS would try: an inline script, an inline event handler, a script from elsewhere.
      await page.evaluate(() => {
        const inline = document.createElement("script");
        inline.textContent = "window.__injected = 'inline';";
        document.body.append(inline);
        const handler = document.createElement("div");
        handler.innerHTML = `<img src="/favicon.svg" onload="window.__injected = 'handler'">`;
        document.body.append(handler);
        const foreign = document.createElement("script");
        foreign.src = "https://cdn.example.com/x.js";
        document.body.append(foreign);
      });
      await expect.poll(() => watched.violations.length).toBe(3);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
      const where = new URL(page.url()).pathname;
      expect(watched.violations.sort()).toEqual(
        [
          `${where}: script-src-elem blocked inline`,
          `${where}: script-src-attr blocked inline`,
          `${where}: script-src-elem blocked https://cdn.example.com/x.js`,
        ].sort(),
      );
      expect(watched.console.filter((line) => line.includes("Content Security Policy")).length).toBe(3);
      await context.close();
    }
  });
});
