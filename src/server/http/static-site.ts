import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { NOT_FOUND_PAGE_PATH, PRERENDERED_PATHS, prerenderedHtmlFile, SPA_PREFIXES } from "@shared/public-routes";
import { notFound } from "../errors";
import { APP_PERMISSIONS_POLICY, inlineScriptHashes, pagePolicy, SERVICE_WORKER_CSP } from "./security-headers";

const HTML_CACHE = "no-cache";
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";

/**
 * Serves the built client: prerendered pages by their clean path, the SPA shell for the app
 * areas, assets with long-lived caching, and a real 404 page for paths that are no route.
 */
export async function registerStaticSite(app: FastifyInstance, clientDir: string) {
  const prerendered = new Set<string>(PRERENDERED_PATHS.filter((p) => existsSync(join(clientDir, prerenderedHtmlFile(p)))));
  const spaShell = existsSync(join(clientDir, "__spa-fallback.html")) ? "__spa-fallback.html" : "index.html";
  // Each page's CSP allows exactly the inline scripts of its own file, hashed once here (the
  // build does not change under a running server).
  const policies = new Map<string, string>();
  for (const file of [...[...prerendered].map(prerenderedHtmlFile), spaShell]) {
    policies.set(file, pagePolicy(inlineScriptHashes(readFileSync(join(clientDir, file), "utf8"))));
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: false,
    // build/client/assets holds .br and .gz beside each file (scripts/build-server.mjs).
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${join(clientDir, "assets")}`);
      reply.header("cache-control", hashed ? HASHED_ASSET_CACHE : HTML_CACHE);
      // A Permissions-Policy governs documents; on each of a page's scripts its 300 bytes only
      // weigh on the home page's JavaScript budget (issue 26). The other headers stay.
      if (hashed) reply.removeHeader("permissions-policy");
      // The Área do Morador's service worker runs under its own script's policy (it fetches the shell).
      if (filePath === join(clientDir, "morador-sw.js")) reply.header("content-security-policy", SERVICE_WORKER_CSP);
    },
  });

  // Every document can become the signed-in app (one SPA): each gets the app's camera policy.
  const sendHtml = (reply: FastifyReply, file: string, status = 200) =>
    reply
      .status(status)
      .header("cache-control", HTML_CACHE)
      .header("content-security-policy", policies.get(file))
      .header("permissions-policy", APP_PERMISSIONS_POLICY)
      .type("text/html; charset=utf-8")
      .sendFile(file);

  // Explicit routes (not the not-found handler) so compression and the other hooks apply.
  for (const path of prerendered) {
    if (path === NOT_FOUND_PAGE_PATH) continue;
    app.get(path, { config: { access: "public" } }, (_request, reply) => sendHtml(reply, prerenderedHtmlFile(path)));
  }
  const sendShell = (reply: FastifyReply) => sendHtml(reply, spaShell);
  for (const prefix of SPA_PREFIXES) {
    app.get(prefix, { config: { access: "public" } }, (_request, reply) => sendShell(reply));
    app.get(`${prefix}/*`, { config: { access: "public" } }, (_request, reply) => sendShell(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api" || (request.method !== "GET" && request.method !== "HEAD")) {
      throw notFound();
    }
    return sendHtml(reply, prerenderedHtmlFile(NOT_FOUND_PAGE_PATH), 404);
  });
}
