import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { mapEmbedUrl } from "@shared/company";

/**
 * Policy of every response that is not a page (JSON, assets, files, errors): nothing in it may
 * load, run or be framed. Pages get `pagePolicy` instead (see static-site.ts).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The Área do Morador's service worker (public/morador-sw.js): a worker runs under the policy of
 * its own script's response, and it fetches the app shell and shows notices with the app's icon;
 * nothing else may load. docs/decisions/0277.
 */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";

/**
 * A prerendered page's policy: scripts only from this origin plus the page's own inline scripts,
 * by hash (React Router inlines its context, route imports and scroll restoration). Styles keep
 * 'unsafe-inline': Radix puts style attributes in the HTML and injects <style> elements at run
 * time (Select, ScrollArea, scroll lock of dialogs). The only third party is the map frame the
 * contact page loads after the visitor asks for it.
 */
export function pagePolicy(scriptHashes: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["frame-src", new URL(mapEmbedUrl()).origin],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** CSP source hashes ("sha256-…") of the inline scripts of an HTML document, as a browser computes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // The HTML parser turns CRLF and lone CR into LF before the script text exists.
    const text = body.replace(/\r\n?/g, "\n");
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

// Browser features the portal never uses: no page (nor any frame in it) may ask for them. Only
// features Chromium knows, or it logs a warning on every page.
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];
export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ");

/**
 * Every HTML document of the site may use the camera of this origin only: the gate console's 'Ler
 * QR Code' (gatehouse-spec §3). The site is one single-page app: a document loaded as '/login', a
 * public page or the 404 page becomes the signed-in app by client-side navigation, and a document's
 * Permissions-Policy is fixed when it loads, so the policy is the app's on all of them, not per page.
 * No frame (the contact page's map) may ask for the camera; API answers and files deny it too.
 * docs/decisions/0007-camera-e-datas.md.
 */
export const APP_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace("camera=()", "camera=(self)");

export const HSTS = "max-age=31536000; includeSubDomains";

const FIXED_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "permissions-policy": PERMISSIONS_POLICY,
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "x-dns-prefetch-control": "off",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

/**
 * Sets the security headers on a reply (pages then replace the CSP with their own). HSTS only
 * over HTTPS: PUBLIC_URL is https, or this request came over TLS (X-Forwarded-Proto counts only
 * with TRUST_PROXY, as Fastify's request.protocol already decides).
 */
export function securityHeaders(publicUrl: string) {
  const httpsSite = publicUrl.startsWith("https://");
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(FIXED_HEADERS);
    reply.header("content-security-policy", API_CSP);
    // API answers carry accounts, records and sessions: no browser or proxy keeps a copy.
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    if (httpsSite || request.protocol === "https") reply.header("strict-transport-security", HSTS);
  };
}
