import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoA11yViolations, launchBrowser, login, toastLocator, waitForHydration, type BrowserHandle } from "./support/browser";
import { ADMIN, startPortal, type RunningPortal } from "./support/server";
import { EMAILS } from "@shared/company";
import { currentYear } from "@shared/time";
import { HOME_JS_INTERACTIVE_MAX_KB, HOME_JS_MAX_KB } from "../../scripts/lib/budgets.mjs";

// The public site in a real browser: what a visitor sees and can do on each page.
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

async function open(path: string, options: { mobile?: boolean } = {}) {
  const { page, context } = await browser.newPage(options);
  const response = await page.goto(`${portal.url}${path}`);
  await waitForHydration(page);
  return { page, context, response };
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const texts = (locator: Locator) => locator.evaluateAll((els) => els.map((el) => (el.textContent ?? "").trim()));
const attrs = (locator: Locator, name: string) => locator.evaluateAll((els, n) => els.map((el) => el.getAttribute(n)), name);

/** Asserts that an href is the company's WhatsApp chat link with the prefilled quote message. */
function expectChatLink(href: string | null) {
  expect(href).toMatch(/^https:\/\/wa\.me\/55\d{10,11}\?text=/);
  const message = new URL(href!).searchParams.get("text") ?? "";
  expect(message).toMatch(/conhecer/i);
  expect(message).toMatch(/orçamento/i);
}

// The footer's year is São Paulo's (src/shared/time.ts), whatever the zone of this machine.
const year = currentYear();
const copyright = (page: Page) => page.locator("footer").getByText(`© ${year} Sentinela Segurança Eletrônica`);

/** Each public page: its h1 and a few things a visitor must see on it (the pages with more get their own tests). */
const PUBLIC_PAGES: [path: string, heading: string, keyContent: (page: Page) => Locator[]][] = [
  ["/", "Tecnologia e proteção para o que mais importa", (page) => [page.getByRole("heading", { name: "Nossos Serviços" }), copyright(page)]],
  ["/servicos", "Nossos Serviços", (page) => [page.getByRole("link", { name: "Solicitar Orçamento" }), copyright(page)]],
  ["/sobre", "Sobre a Sentinela", (page) => [page.getByRole("heading", { name: "Nossa Trajetória" }), copyright(page)]],
  ["/contato", "Fale com a Sentinela", (page) => [page.getByRole("heading", { name: "Perguntas Frequentes" }), copyright(page)]],
  ["/leads", "Fale Conosco!", (page) => [page.getByLabel("Nome"), page.getByLabel("Email"), page.getByRole("button", { name: "Enviar" }), copyright(page)]],
  [
    "/politica-de-privacidade",
    "Política de Privacidade",
    (page) => [page.getByText("Lei nº 13.709/2018").first(), page.getByRole("heading", { name: "1. Quem é o controlador dos seus dados" }), copyright(page)],
  ],
  ["/termos-de-uso", "Termos de Uso", (page) => [page.getByRole("heading", { name: "1. Aceitação dos termos" }), copyright(page)]],
  [
    "/login",
    "Entrar",
    (page) => [
      page.getByLabel("Email", { exact: true }),
      page.getByLabel("Senha", { exact: true }),
      page.getByRole("button", { name: "Esqueceu a senha?" }),
      page.getByRole("link", { name: "Fale conosco" }),
      copyright(page),
    ],
  ],
  [
    "/pagina-que-nao-existe",
    "Página não encontrada",
    (page) => [page.getByRole("link", { name: "Voltar para o início" }), page.getByRole("button", { name: "Voltar", exact: true })],
  ],
];

describe("every public page", () => {
  it.each(PUBLIC_PAGES)("%s shows its heading and content, passes axe and loads no dashboard or Portaria Web code", async (path, heading, keyContent) => {
    const { page, context } = await browser.newPage();
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
    });
    const response = await page.goto(`${portal.url}${path}`);
    await page.waitForLoadState("networkidle");
    await waitForHydration(page);
    expect(response?.status()).toBe(path === "/pagina-que-nao-existe" ? 404 : 200);
    expect(await h1(page).count()).toBe(1);
    expect((await h1(page).textContent())?.trim()).toBe(heading);
    expect(await h1(page).isVisible()).toBe(true);
    for (const locator of keyContent(page)) expect(await locator.isVisible(), String(locator)).toBe(true);

    await expectNoA11yViolations(page);

    // Code splitting: the route modules of the staff areas are never fetched by a public page.
    const forbidden = await page.evaluate(() => {
      const manifest = (window as unknown as { __reactRouterManifest: { routes: Record<string, { id: string; module: string }> } }).__reactRouterManifest;
      return Object.values(manifest.routes)
        .filter((route) => route.id.startsWith("routes/dashboard") || route.id.startsWith("routes/portaria-web"))
        .map((route) => new URL(route.module, location.href).pathname);
    });
    expect(forbidden.length).toBeGreaterThanOrEqual(10);
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
    for (const url of fetched) if (url.endsWith(".js")) scripts.add(url);
    expect(scripts.size).toBeGreaterThan(0);
    expect([...scripts].filter((url) => forbidden.includes(url))).toEqual([]);
    await context.close();
  });
});

describe("the home page's JavaScript", () => {
  it(`transfers at most ${HOME_JS_MAX_KB} KB as it loads and ${HOME_JS_INTERACTIVE_MAX_KB} KB once used, compressed as the server sends it`, async () => {
    const { page, context } = await browser.newPage();
    const scripts: Promise<{ url: string; bytes: number; encoding: string | null }>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      // What went over the wire: the response's headers and its (compressed) body.
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          url: new URL(request.url()).pathname,
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
          encoding: response?.headers()["content-encoding"] ?? null,
        })),
      );
    });
    const total = async () => {
      const loaded = await Promise.all(scripts);
      return { loaded, kb: loaded.reduce((sum, s) => sum + s.bytes, 0) / 1024 };
    };
    const listing = (loaded: { url: string; bytes: number; encoding: string | null }[]) => loaded.map((s) => `${s.url} ${s.bytes} ${s.encoding}`).join("\n");

    await page.goto(`${portal.url}/`);
    await page.waitForLoadState("networkidle");
    const atLoad = await total();
    expect(atLoad.kb, listing(atLoad.loaded)).toBeLessThanOrEqual(HOME_JS_MAX_KB);

    // The visitor moves the mouse: the framework and the page's code come, each file once, compressed.
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const used = await total();
    expect(used.loaded.length).toBeGreaterThanOrEqual(4);
    expect(new Set(used.loaded.map((s) => s.url)).size).toBe(used.loaded.length);
    expect(used.loaded.filter((s) => s.encoding !== "br" && s.encoding !== "gzip" && s.bytes > 2048)).toEqual([]);
    expect(used.kb, listing(used.loaded)).toBeLessThanOrEqual(HOME_JS_INTERACTIVE_MAX_KB);
    await context.close();
  });
});

describe("hydration on first use", () => {
  /** Holds the client entry's download until `release` is called: the page stays as prerendered. */
  async function holdTheApp(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    return { release, asked: () => asked };
  }

  it("a page nobody touches runs no script; the first touch brings it, and a click made before React took over is done", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    const app = await holdTheApp(page);
    await page.goto(`${portal.url}/`);
    await page.waitForLoadState("networkidle");
    expect(app.asked()).toBe(false);
    // The same DOM nodes before and after: hydration takes over the HTML instead of redrawing it.
    await page.evaluate(() => ((window as unknown as { mainAntes: Element | null }).mainAntes = document.querySelector("main")));

    await page.getByTestId("menu-toggle").click();
    await expect.poll(() => app.asked()).toBe(true);
    expect(await page.getByTestId("mobile-menu").count()).toBe(0);
    app.release();
    await page.getByTestId("mobile-menu").waitFor({ state: "visible" });
    expect(await page.evaluate(() => document.querySelector("main") === (window as unknown as { mainAntes: Element | null }).mainAntes)).toBe(true);
    await context.close();
  });

  it("a lead typed and sent before React took over is sent once, and the form says so", async () => {
    const { page, context } = await browser.newPage();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/leads") posts.push(request.url());
    });
    const app = await holdTheApp(page);
    await page.goto(`${portal.url}/leads`);
    await page.getByLabel("Nome").fill("Lúcia Prado");
    await page.getByLabel("Email").fill("lucia.prado@example.com");
    await page.getByLabel("Como podemos ajudar?").fill("Quero câmeras na portaria do prédio.");
    await page.getByRole("button", { name: "Enviar" }).click();
    app.release();
    await expect.poll(() => toastLocator(page).textContent()).toContain("Seus dados foram enviados.");
    expect(posts).toHaveLength(1);
    expect(await page.getByLabel("Nome").inputValue()).toBe("");
    await context.close();
  });

  it("a browser that signed in before gets its bar at once, without touching the page", async () => {
    const { page, context } = await browser.newPage();
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    // A new tab: no pointer has ever been over it, nothing touches it.
    const tab = await context.newPage();
    await tab.goto(`${portal.url}/`);
    await tab.getByRole("link", { name: "Dashboard" }).first().waitFor();
    await context.close();
  });
});

describe("the password recovery dialog", () => {
  it("opens from /login and passes axe", async () => {
    const { page, context } = await open("/login");
    await page.getByRole("button", { name: "Esqueceu a senha?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Enviar link de recuperação" }).waitFor();
    // Radix animates the dialog in: axe reads the colours once it is drawn.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await expectNoA11yViolations(page);
    await context.close();
  });
});

describe("home", () => {
  it("shows the hero, highlights, services, strengths, testimonials and contact cards", async () => {
    const { page, context } = await open("/");

    const hero = page.locator("section[aria-labelledby=hero-titulo]");
    expect(await hero.getByRole("link", { name: "Conheça nossos serviços" }).getAttribute("href")).toBe("/servicos");
    expect(await hero.getByRole("link", { name: "Fale com um especialista" }).getAttribute("href")).toBe("/contato");
    const highlights = hero.getByRole("listitem");
    expect(await highlights.count()).toBe(4);
    const highlightTexts = (await texts(highlights)).join(" | ");
    for (const title of ["Proteção Total", "Controle de Acesso", "Monitoramento 24h", "Sentinela Segurança Eletrônica"]) {
      expect(highlightTexts).toContain(title);
    }

    const services = page.locator("section[aria-labelledby=servicos-titulo] ul > li");
    expect(await services.count()).toBe(6);
    expect(await texts(services.getByRole("link"))).toEqual([
      "Câmeras de Segurança",
      "Segurança Eletrônica",
      "Controle de Acesso",
      "Alarmes",
      "Portaria Remota",
      "Monitoramento 24h",
    ]);
    expect(new Set(await attrs(services.getByRole("link"), "href"))).toEqual(new Set(["/servicos"]));

    const strengths = page.locator("section[aria-labelledby=sobre-titulo]").getByRole("heading", { level: 3 });
    expect(await texts(strengths)).toEqual(["Tecnologia de Ponta", "Suporte Especializado 24/7", "Soluções Personalizadas", "Profissionais Qualificados"]);
    expect(await page.getByText("Mais de 10 anos de experiência", { exact: false }).first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Conheça nossa história" }).getAttribute("href")).toBe("/sobre");

    const testimonials = page.locator("section[aria-labelledby=depoimentos-titulo] figure");
    expect(await testimonials.count()).toBe(3);
    const ratings = testimonials.getByRole("img", { name: /^Avaliação/ });
    expect(await attrs(ratings, "aria-label")).toEqual(["Avaliação: 5 de 5 estrelas", "Avaliação: 5 de 5 estrelas", "Avaliação: 4 de 5 estrelas"]);
    // The stars drawn filled match the rating.
    const fills = await ratings.evaluateAll((els) => els.map((el) => [...el.querySelectorAll("svg")].map((svg) => getComputedStyle(svg).fill)));
    const filledColour = fills[0]![0];
    const filled = fills.map((stars) => stars.filter((fill) => fill === filledColour).length);
    expect(filled).toEqual([5, 5, 4]);

    const contact = page.locator("section[aria-labelledby=contato-titulo]");
    expectChatLink(await contact.getByRole("link", { name: /Telefone e WhatsApp/ }).getAttribute("href"));
    expect(await contact.getByRole("link", { name: /Telefone e WhatsApp/ }).getAttribute("target")).toBe("_blank");
    expect(await contact.getByRole("link", { name: /^E-mail/ }).getAttribute("href")).toMatch(/^mailto:[^@]+@[^@]+\.\w+/);
    expect(await contact.getByText("Alphaville, Barueri – SP").isVisible()).toBe(true);
    expect(await contact.getByRole("link", { name: "Ver todas as formas de contato" }).getAttribute("href")).toBe("/contato");

    // A service card is a link to the services page.
    await services.getByRole("link", { name: "Portaria Remota" }).click();
    await page.waitForURL(`${portal.url}/servicos`);
    await h1(page).filter({ hasText: "Nossos Serviços" }).waitFor();
    await context.close();
  });

  it("has the footer: social links in a new tab, services, copyright year, privacy and terms", async () => {
    const { page, context } = await open("/");
    const footer = page.locator("footer");

    const social = footer.getByRole("list", { name: "Redes sociais" }).getByRole("link");
    expect(await attrs(social, "aria-label")).toEqual(["Facebook", "Instagram", "LinkedIn"]);
    expect(await attrs(social, "target")).toEqual(["_blank", "_blank", "_blank"]);
    for (const rel of await attrs(social, "rel")) expect(rel).toContain("noopener");
    for (const href of await attrs(social, "href")) expect(href).toMatch(/^https:\/\//);

    const quick = footer.getByRole("navigation", { name: "Links rápidos" }).getByRole("link");
    expect(await attrs(quick, "href")).toEqual(["/", "/servicos", "/sobre", "/contato"]);

    for (const name of ["Segurança Eletrônica", "Controle de Acesso", "Monitoramento 24h", "Sistemas de Alarme"]) {
      expect(await footer.getByRole("link", { name, exact: true }).getAttribute("href")).toBe("/servicos");
    }
    expect(
      await footer
        .getByText(/Barueri – SP/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(
      await footer
        .getByRole("link", { name: /^mailto:|@/ })
        .first()
        .getAttribute("href"),
    ).toMatch(/^mailto:/);

    expect(await footer.getByText(`© ${year} Sentinela Segurança Eletrônica. Todos os direitos reservados.`).isVisible()).toBe(true);

    await footer.getByRole("link", { name: "Política de Privacidade" }).click();
    await page.waitForURL(`${portal.url}/politica-de-privacidade`);
    await h1(page).filter({ hasText: "Política de Privacidade" }).waitFor();
    await page.locator("footer").getByRole("link", { name: "Termos de Uso" }).click();
    await page.waitForURL(`${portal.url}/termos-de-uso`);
    await h1(page).filter({ hasText: "Termos de Uso" }).waitFor();
    await context.close();
  });
});

describe("services, about and contact pages", () => {
  it("/servicos lists nine services and the quote button opens the chat with the prefilled message", async () => {
    const { page, context } = await open("/servicos");
    const cards = page.locator("section[aria-labelledby=lista-servicos] article");
    expect(await cards.count()).toBe(9);
    expect(await texts(cards.getByRole("heading", { level: 3 }))).toEqual([
      "Câmeras de Segurança",
      "Segurança Eletrônica",
      "Controle de Acesso",
      "Alarmes",
      "Portaria Remota",
      "Monitoramento 24h",
      "Redes e Infraestrutura",
      "Automação",
      "Aplicativo Móvel",
    ]);
    // Each card has a description and a feature list.
    for (const card of await cards.all()) {
      expect((await card.locator("p").first().textContent())!.length).toBeGreaterThan(40);
      expect(await card.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
    }

    // The chat opens in a new tab; the third-party site itself is answered locally.
    await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>chat</title>" }));
    const quote = page.getByRole("link", { name: "Solicitar Orçamento" });
    expectChatLink(await quote.getAttribute("href"));
    const [chat] = await Promise.all([context.waitForEvent("page"), quote.click()]);
    await chat.waitForURL(/^https:\/\/wa\.me\//);
    expectChatLink(chat.url());
    expect(pathname(page)).toBe("/servicos");
    await context.close();
  });

  it("/sobre tells the history since 2018 and the timeline 2018, 2024, 2025 and the future", async () => {
    const { page, context } = await open("/sobre");
    expect(await page.getByText(/foi fundada em 2018/).isVisible()).toBe(true);
    for (const heading of ["Missão", "Visão", "Nossos Valores", "Liderança"]) {
      expect(await page.getByRole("heading", { name: heading, exact: true }).isVisible()).toBe(true);
    }
    const values = page.locator("section[aria-labelledby=valores-titulo] li");
    expect(await values.count()).toBe(4);
    const timeline = page.locator("section[aria-labelledby=trajetoria-titulo] ol > li");
    expect(await timeline.count()).toBe(4);
    const labels = await texts(timeline.locator("p:first-of-type"));
    expect(labels).toEqual(["2018", "2024", "2025", "Futuro"]);
    await context.close();
  });

  it("/contato shows hours and six FAQs, and the map asks nothing from another host", async () => {
    const { page, context } = await browser.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${portal.url}/contato`);
    await page.waitForLoadState("networkidle");
    await waitForHydration(page);

    const origin = new URL(portal.url).origin;
    const elsewhere = requested.filter((url) => !url.startsWith("data:") && new URL(url).origin !== origin);
    expect(elsewhere).toEqual([]);
    expect(requested.length).toBeGreaterThan(3);

    expect(await page.getByText("Segunda a sexta, das 08:00 às 18:00").isVisible()).toBe(true);
    expect(
      await page
        .getByText(/Alphaville, Barueri – SP/)
        .first()
        .isVisible(),
    ).toBe(true);
    expectChatLink(await page.getByRole("link", { name: /Telefone e WhatsApp/ }).getAttribute("href"));
    expect(await page.getByRole("link", { name: /^E-mail/ }).getAttribute("href")).toMatch(/^mailto:/);

    // FAQs: six questions that open to show their answers.
    const faqs = page.locator("section[aria-labelledby=faq-titulo] details");
    expect(await faqs.count()).toBe(6);
    const first = faqs.first();
    const answer = first.locator("p");
    expect(await answer.isVisible()).toBe(false);
    await first.locator("summary").click();
    await answer.waitFor({ state: "visible" });
    expect(await answer.textContent()).toContain("7 dias úteis");

    // The map is a local drawing with the address until the visitor asks for the interactive one.
    const map = page.locator("section[aria-labelledby=mapa-titulo]");
    expect(await map.locator("iframe").count()).toBe(0);
    expect(
      await map
        .getByText(/Alameda Rio Negro/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await map.getByRole("link", { name: "Abrir no mapa" }).getAttribute("target")).toBe("_blank");

    // With no way out to the internet, asking for it keeps the page whole.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort("internetdisconnected"));
    await map.getByRole("button", { name: "Carregar mapa interativo" }).click();
    const iframe = map.locator("iframe");
    await iframe.waitFor();
    expect(await iframe.getAttribute("src")).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(await map.getByRole("link", { name: "Abrir no mapa" }).isVisible()).toBe(true);
    expect(await page.getByText("Segunda a sexta, das 08:00 às 18:00").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Enviar mensagem" }).click();
    await page.waitForURL(`${portal.url}/leads`);
    await context.close();
  });
});

describe("the company's e-mail", () => {
  // One fact in one place (src/shared/company.ts): the legal pages keep their own privacy channel.
  it.each(["/", "/servicos", "/sobre", "/contato", "/leads", "/login"])("%s shows the commercial address, and only it", async (path) => {
    const { page, context } = await open(path);
    const mailto = page.locator('a[href^="mailto:"]');
    expect(await mailto.count()).toBeGreaterThan(0);
    for (const href of await attrs(mailto, "href")) expect(href).toBe(`mailto:${EMAILS.commercial}`);
    const shown = (await page.locator("body").innerText()).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
    expect(new Set(shown)).toEqual(new Set([EMAILS.commercial]));
    await context.close();
  });
});

describe("not-found page", () => {
  it("offers a way home and a way back", async () => {
    const { page, context } = await open("/sobre");
    const response = await page.goto(`${portal.url}/nao-existe/mesmo`);
    await waitForHydration(page);
    expect(response?.status()).toBe(404);
    expect(await h1(page).textContent()).toBe("Página não encontrada");

    await page.getByRole("button", { name: "Voltar", exact: true }).click();
    await page.waitForURL(`${portal.url}/sobre`);

    await page.goto(`${portal.url}/nao-existe`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Voltar para o início" }).click();
    await page.waitForURL(`${portal.url}/`);
    await h1(page).filter({ hasText: "Tecnologia e proteção" }).waitFor();
    await context.close();
  });
});

describe("navigation bar", () => {
  const header = (page: Page) => page.locator("header").first();
  const look = (page: Page) =>
    header(page).evaluate((el) => {
      const style = getComputedStyle(el);
      return { state: el.getAttribute("data-state"), background: style.backgroundColor, shadow: style.boxShadow };
    });
  /** A box-shadow that draws something: not "none" and not only fully transparent layers. */
  const drawsShadow = (shadow: string) =>
    shadow !== "none" &&
    (shadow.match(/rgba?\([^)]*\)/g) ?? []).some((colour) => {
      const parts = colour
        .replace(/rgba?\(|\)/g, "")
        .split(",")
        .map((part) => Number(part.trim()));
      return parts.length < 4 || parts[3]! > 0;
    });
  const isTransparent = (value: { state: string | null; background: string; shadow: string }) =>
    value.state === "transparent" && value.background === "rgba(0, 0, 0, 0)" && !drawsShadow(value.shadow);
  const isSolid = (value: { state: string | null; background: string; shadow: string }) =>
    value.state === "solid" && value.background === "rgb(255, 255, 255)" && drawsShadow(value.shadow);

  it("is transparent over the home hero and solid with a shadow once scrolled more than 20 px", async () => {
    const { page, context } = await open("/");
    await expect.poll(async () => isTransparent(await look(page))).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 21));
    await expect.poll(async () => isSolid(await look(page))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 20));
    await expect.poll(async () => isTransparent(await look(page))).toBe(true);
    await page.mouse.wheel(0, 600);
    await expect.poll(async () => isSolid(await look(page))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => isTransparent(await look(page))).toBe(true);
    await context.close();
  });

  it("is always solid on /login", async () => {
    const { page, context } = await open("/login");
    await expect.poll(async () => isSolid(await look(page))).toBe(true);
    await context.close();
  });

  it("highlights the active link and sends an anonymous visitor to /login with Entrar", async () => {
    const { page, context } = await open("/");
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    const current = () => nav.locator("[aria-current=page]");
    for (const [name, path] of [
      ["Início", "/"],
      ["Serviços", "/servicos"],
      ["Sobre", "/sobre"],
      ["Contato", "/contato"],
    ] as const) {
      if (pathname(page) !== path) {
        await nav.getByRole("link", { name, exact: true }).click();
        await page.waitForURL(`${portal.url}${path}`);
      }
      await expect.poll(() => texts(current())).toEqual([name]);
      // The highlighted link looks different from the others (polled: the colours fade in and out).
      const backgrounds = () =>
        nav.getByRole("link").evaluateAll((els) => els.map((el) => [el.getAttribute("aria-current"), getComputedStyle(el).backgroundColor] as const));
      const activeLooksAlike = async () => {
        const all = await backgrounds();
        const active = all.find(([ariaCurrent]) => ariaCurrent === "page")![1];
        return all.filter(([ariaCurrent, background]) => ariaCurrent !== "page" && background === active);
      };
      await expect.poll(activeLooksAlike, { message: name }).toEqual([]);
    }

    await page.getByRole("link", { name: "Dashboard" }).waitFor({ state: "detached" });
    const entrar = header(page).getByRole("link", { name: "Entrar" }).first();
    expect(await entrar.getAttribute("href")).toBe("/login");
    await entrar.click();
    await page.waitForURL(`${portal.url}/login`);
    await context.close();
  });

  it("on a phone, the side menu opens with the toggle and closes on navigation", async () => {
    const { page, context } = await open("/", { mobile: true });
    const menu = page.getByTestId("mobile-menu");
    expect(await page.getByRole("navigation", { name: "Navegação principal" }).isVisible()).toBe(false);
    expect(await menu.count()).toBe(0);

    await page.getByTestId("menu-toggle").click();
    await menu.waitFor({ state: "visible" });
    expect(await texts(menu.getByRole("link"))).toEqual(["Início", "Serviços", "Sobre", "Contato", "Entrar"]);
    expect(await menu.getByRole("link", { name: "Início" }).getAttribute("aria-current")).toBe("page");
    await expectNoA11yViolations(page);

    // The toggle closes it again.
    await page.getByTestId("menu-toggle").click();
    await menu.waitFor({ state: "detached" });

    await page.getByTestId("menu-toggle").click();
    await menu.getByRole("link", { name: "Sobre" }).click();
    await page.waitForURL(`${portal.url}/sobre`);
    await menu.waitFor({ state: "detached" });
    await h1(page).filter({ hasText: "Sobre a Sentinela" }).waitFor();
    await context.close();
  });

  it("on a phone, a signed-in user sees Dashboard and Sair in the menu; Sair closes it and goes to /login", async () => {
    const { page, context } = await browser.newPage({ mobile: true });
    await login(page, portal.url, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${portal.url}/portaria-web`);
    await page.goto(`${portal.url}/`);
    await waitForHydration(page);

    const menu = page.getByTestId("mobile-menu");
    await page.getByTestId("menu-toggle").click();
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await menu.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(await menu.getByRole("link", { name: "Entrar" }).count()).toBe(0);

    await menu.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${portal.url}/login`);
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => toastLocator(page).textContent()).toContain("Logout realizado");
    expect((await page.request.get(`${portal.url}/api/me`)).status()).toBe(401);
    await context.close();
  });
});
