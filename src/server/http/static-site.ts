import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { NOT_FOUND_PAGE_PATH, PRERENDERED_PATHS, SPA_PREFIXES } from "../../shared/public-routes";
import { AppError, notFound } from "../errors";

const HTML_CACHE = "no-cache";
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";

function htmlFileFor(path: string) {
  return path === "/" ? "index.html" : `${path.replace(/^\//, "")}/index.html`;
}

/**
 * Serves the built client: prerendered pages by their clean path, the SPA shell for the app
 * areas, assets with long-lived caching, and a real 404 page for paths that are no route.
 */
export async function registerStaticSite(app: FastifyInstance, clientDir: string) {
  const prerendered = new Set<string>(PRERENDERED_PATHS.filter((p) => existsSync(join(clientDir, htmlFileFor(p)))));
  const spaShell = existsSync(join(clientDir, "__spa-fallback.html")) ? "__spa-fallback.html" : "index.html";

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    wildcard: false,
    preCompressed: false,
    setHeaders(reply, filePath) {
      reply.header("cache-control", filePath.includes(`${join(clientDir, "assets")}`) ? HASHED_ASSET_CACHE : HTML_CACHE);
    },
  });

  const sendHtml = (reply: FastifyReply, file: string, status = 200) =>
    reply.status(status).header("cache-control", HTML_CACHE).type("text/html; charset=utf-8").sendFile(file);

  app.setNotFoundHandler((request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url, "http://x").pathname).replace(/\/+$/, "") || "/";
    } catch {
      path = "/\u0000"; // malformed escape: no route can match
    }
    if (path.startsWith("/api/") || path === "/api") {
      throw notFound();
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      throw new AppError(404, "NOT_FOUND", "Página não encontrada", "Página não encontrada.");
    }
    if (path !== NOT_FOUND_PAGE_PATH && prerendered.has(path)) return sendHtml(reply, htmlFileFor(path));
    if (SPA_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return sendHtml(reply, spaShell);
    return sendHtml(reply, htmlFileFor(NOT_FOUND_PAGE_PATH), 404);
  });
}
