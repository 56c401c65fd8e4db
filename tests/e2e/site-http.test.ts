import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type RunningPortal } from "./support/server";

// What `curl` sees: prerendered HTML with each page's own text, before any JavaScript runs.
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const PAGES: [path: string, texts: string[]][] = [
  ["/", ["Tecnologia e proteção para o que mais importa", "Proteção Total", "Câmeras de Segurança", "Portaria Remota", "Tecnologia de Ponta"]],
  ["/servicos", ["Nossos Serviços", "Redes e Infraestrutura", "Automação", "Aplicativo"]],
  ["/sobre", ["Sobre a Sentinela", "2018", "Missão", "Visão"]],
  ["/contato", ["08:00", "18:00", "Alphaville", "Barueri"]],
  ["/leads", ["Fale Conosco!", "Nome", "Email"]],
  ["/login", ["Entrar", "Esqueceu a senha?"]],
  ["/politica-de-privacidade", ["Política de Privacidade", "LGPD", "13.709"]],
  ["/termos-de-uso", ["Termos de Uso", "Barueri"]],
];

describe("prerendered public pages", () => {
  it.each(PAGES)("%s answers 200 with its own text in the HTML", async (path, texts) => {
    const response = await fetch(`${portal.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    for (const text of texts) expect(html).toContain(text);
    expect(html).toContain('lang="pt-BR"');
  });

  it("answers a path that is no route with 404 and the not-found page", async () => {
    for (const path of ["/nao-existe", "/servicos/qualquer/coisa", "/dashboardx"]) {
      const response = await fetch(`${portal.url}${path}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Página não encontrada");
    }
  });

  it("serves the app shell for dashboard and Portaria Web routes", async () => {
    for (const path of ["/dashboard", "/dashboard/agenda", "/portaria-web", "/portaria-web/alterar-senha"]) {
      const response = await fetch(`${portal.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<script");
    }
  });

  it("answers a malformed URL with 400 in the error shape", async () => {
    const response = await fetch(`${portal.url}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.title).toBe("Dados inválidos");
  });

  it("compresses HTML and caches hashed assets for a year", async () => {
    const raw = await portal.portal.app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers["cache-control"]).toBe("no-cache");
    const html = gunzipSync(raw.rawPayload).toString("utf8");
    expect(html).toContain("Proteção Total");
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${portal.url}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // A script keeps the headers that protect it, not the documents' feature policy.
    expect(assetResponse.headers.get("x-content-type-options")).toBe("nosniff");
    expect(assetResponse.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(assetResponse.headers.get("permissions-policy")).toBeNull();
  });

  it("serves robots.txt", async () => {
    const response = await fetch(`${portal.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Disallow: /portaria-web");
  });
});

describe("security headers of the production build", () => {
  /** The sources of one CSP directive. */
  const directive = (policy: string, name: string) =>
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)
      ?.slice(1) ?? [];

  /**
   * `page`: an HTML document, which may use this origin's camera ('Ler QR Code'): any of them can
   * become the signed-in app by client-side navigation (the login page first of all).
   */
  function expectCommonHeaders(headers: Headers, page = false) {
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("permissions-policy")).toContain(page ? "camera=(self)" : "camera=()");
    for (const feature of ["microphone", "geolocation", "payment", "usb"]) expect(headers.get("permissions-policy")).toContain(`${feature}=()`);
    // Plain HTTP here: no HSTS (its https cases are in src/server/http/security-headers.test.ts).
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(directive(headers.get("content-security-policy") ?? "", "frame-ancestors")).toEqual(["'none'"]);
  }

  it("every page (curl -I) allows by hash exactly the inline scripts it carries, and no other inline code", async () => {
    const paths = [...PAGES.map(([path]) => path), "/nao-existe", "/dashboard", "/portaria-web/condominios"];
    for (const path of paths) {
      const head = await fetch(`${portal.url}${path}`, { method: "HEAD" });
      expectCommonHeaders(head.headers, true);
      const policy = head.headers.get("content-security-policy") ?? "";
      const html = await (await fetch(`${portal.url}${path}`)).text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !attrs!.includes("src="));
      expect(inline.length, path).toBeGreaterThan(0);
      const hashes = inline.map(([, , body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
      expect(directive(policy, "script-src").sort(), path).toEqual(["'self'", ...new Set(hashes)].sort());
      expect(policy, path).not.toMatch(/unsafe-eval/);
      expect(directive(policy, "object-src")).toEqual(["'none'"]);
      expect(directive(policy, "base-uri")).toEqual(["'self'"]);
      expect(directive(policy, "form-action")).toEqual(["'self'"]);
      expect(directive(policy, "default-src")).toEqual(["'self'"]);
      expect(directive(policy, "connect-src")).toEqual(["'self'"]);
    }
  });

  it("API answers and files carry the policy that allows nothing", async () => {
    for (const path of ["/healthz", "/api/me", "/api/nao-existe", "/robots.txt", "/favicon.svg"]) {
      const response = await fetch(`${portal.url}${path}`);
      expectCommonHeaders(response.headers);
      expect(response.headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    }
  });
});
