import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, TEST_ORIGIN, type TestApp } from "../testing/harness";

// The headers a browser gets from the portal, on API answers and on pages, over plain HTTP, behind
// a trusted TLS proxy and with an https PUBLIC_URL. The pages come from a miniature build whose
// inline scripts are known, so the hashes the server allows can be checked one by one.

const HTTPS_URL = "https://portal.example.com";
const SCRIPTS = { home: "window.home = 1;", shell: "window.shell = 1;\r\nwindow.ready = true;", missing: "window.missing = 1;" };
const page = (script: string) =>
  `<!DOCTYPE html><html lang="pt-BR"><head><script type="module" src="/assets/entry.js"></script></head>` +
  `<body><script>${script}</script><script type="module" async="">${script}</script></body></html>`;
/** The CSP source a browser matches against the script text (after it turns CRLF into LF). */
const hashSource = (script: string) => `'sha256-${createHash("sha256").update(script.replace(/\r\n/g, "\n")).digest("base64")}'`;

let clientDir: string;
let plain: TestApp;
let proxied: TestApp;
let https: TestApp;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), "portal-client-"));
  writeFileSync(join(clientDir, "index.html"), page(SCRIPTS.home));
  writeFileSync(join(clientDir, "__spa-fallback.html"), page(SCRIPTS.shell));
  mkdirSync(join(clientDir, "404"));
  writeFileSync(join(clientDir, "404", "index.html"), page(SCRIPTS.missing));
  [plain, proxied, https] = await Promise.all([
    createTestApp({ clientDir }),
    createTestApp({ clientDir, trustProxy: 1 }),
    createTestApp({ clientDir, publicUrl: HTTPS_URL }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), proxied?.close(), https?.close()]);
  rmSync(clientDir, { recursive: true, force: true });
});

/** The CSP as directive name → its sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/**
 * `page`: an HTML document, which may use this origin's camera ('Ler QR Code'): any of them can
 * become the signed-in app by client-side navigation (the login page first of all).
 */
function expectCommonHeaders(response: LightMyRequestResponse, page = false) {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  const permissions = String(response.headers["permissions-policy"]);
  expect(permissions).toContain(page ? "camera=(self)" : "camera=()");
  for (const feature of ["microphone", "geolocation", "payment", "usb", "serial", "hid", "display-capture"]) {
    expect(permissions).toContain(`${feature}=()`);
  }
  expect(csp(response).get("frame-ancestors")).toEqual(["'none'"]);
}

function expectApiPolicy(response: LightMyRequestResponse) {
  expectCommonHeaders(response);
  expect(csp(response).get("default-src")).toEqual(["'none'"]);
  expect(csp(response).has("script-src")).toBe(false);
}

function expectPagePolicy(response: LightMyRequestResponse, script: string) {
  expectCommonHeaders(response, true);
  const policy = csp(response);
  // Exactly this page's inline script, and nothing that would let any other inline code run.
  expect(policy.get("script-src")).toEqual(["'self'", hashSource(script)]);
  expect(String(response.headers["content-security-policy"])).not.toMatch(/unsafe-eval/);
  expect(policy.get("default-src")).toEqual(["'self'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  expect(policy.get("connect-src")).toEqual(["'self'"]);
  expect(policy.get("img-src")).toEqual(["'self'"]);
  expect(policy.get("font-src")).toEqual(["'self'"]);
  expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
}

describe("over plain HTTP", () => {
  it("answers the API, its errors and a malformed URL with the strict policy and no HSTS", async () => {
    const responses = [
      await plain.app.inject("/healthz"),
      await plain.app.inject("/api/nao-existe"),
      await plain.app.inject("/%E0%A4%A"),
      await plain.app.inject({ method: "POST", url: "/api/leads", payload: {} }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 400, 403]);
    for (const response of responses) {
      expectApiPolicy(response);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("gives each page a policy that allows exactly its own inline scripts", async () => {
    const home = await plain.app.inject("/");
    expect(home.statusCode).toBe(200);
    expectPagePolicy(home, SCRIPTS.home);
    const shell = await plain.app.inject("/portaria-web/condominios");
    expect(shell.statusCode).toBe(200);
    expectPagePolicy(shell, SCRIPTS.shell);
    const missing = await plain.app.inject("/nao-existe");
    expect(missing.statusCode).toBe(404);
    expectPagePolicy(missing, SCRIPTS.missing);
    for (const response of [home, shell, missing]) expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("ignores X-Forwarded-Proto when the proxy is not trusted", async () => {
    const response = await plain.app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sets the session cookie without Secure", async () => {
    const response = await plain.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN },
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name.endsWith("session_token"));
    expect(session?.name).toBe("better-auth.session_token");
    expect(session?.secure).toBeFalsy();
    expect(session?.httpOnly).toBe(true);
  });
});

describe("behind a trusted TLS proxy", () => {
  it("sends HSTS only for requests the proxy says came over HTTPS", async () => {
    for (const url of ["/", "/healthz"]) {
      const overTls = await proxied.app.inject({ url, headers: { "x-forwarded-proto": "https" } });
      expect(overTls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      const overHttp = await proxied.app.inject({ url, headers: { "x-forwarded-proto": "http" } });
      expect(overHttp.headers["strict-transport-security"]).toBeUndefined();
    }
  });
});

describe("with an https PUBLIC_URL", () => {
  it("sends HSTS on pages and API answers", async () => {
    for (const url of ["/", "/dashboard", "/healthz", "/api/nao-existe"]) {
      const response = await https.app.inject(url);
      expect(response.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
    }
    expectPagePolicy(await https.app.inject("/"), SCRIPTS.home);
  });

  it("sets the session cookie Secure", async () => {
    const response = await https.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: HTTPS_URL },
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name.endsWith("session_token"));
    expect(session?.name).toBe("__Secure-better-auth.session_token");
    expect(session?.secure).toBe(true);
    expect(session?.httpOnly).toBe(true);
  });
});
