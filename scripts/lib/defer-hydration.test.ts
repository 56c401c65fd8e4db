import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../../src/server/http/security-headers";
import { DEFERRED_TYPE, deferHydration } from "./defer-hydration.mjs";

// The shape React Router writes for a prerendered page (head preloads, context, module script).
const PAGE = [
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/home-3.js"/></head>',
  "<body><main>Olá</main><script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script></body></html>',
].join("");

describe("deferHydration", () => {
  const html = deferHydration(PAGE, { hintKey: "portal.sessao" });

  it("takes the module preloads and the module script out of the page, and keeps the rest", () => {
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="${DEFERRED_TYPE}">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>`);
    expect(html).toContain("<main>Olá</main><script>window.__reactRouterContext = {};</script>");
  });

  it("adds one inline bootstrap in the head that knows each preload once and the session hint", () => {
    const head = html.slice(0, html.indexOf("</head>"));
    const boot = head.match(/<script>([\s\S]*)<\/script>$/)?.[1] ?? "";
    expect(boot).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js","/assets/home-3.js"]');
    expect(boot).toContain('"portal.sessao"');
    // It is valid JavaScript, and the page's CSP hashes it like any other inline script.
    expect(() => new Script(boot)).not.toThrow();
    expect(inlineScriptHashes(html)).toHaveLength(3);
  });

  it("refuses a page that is not what React Router writes, instead of shipping one that never hydrates", () => {
    expect(() => deferHydration(PAGE.replace('<script type="module" async="">', "<script>"), { hintKey: "x" })).toThrow(/HTML inesperado/);
    expect(() => deferHydration(PAGE.replaceAll(/<link rel="modulepreload"[^>]*>/g, ""), { hintKey: "x" })).toThrow(/HTML inesperado/);
  });
});
