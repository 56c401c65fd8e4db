import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyContextConfig, FastifyInstance } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import packageJson from "../../../package.json";
import type { Access } from "../auth/guard";

/** The browsable page; its document is at `${DOCS_PREFIX}/json` (and `/yaml`). */
export const DOCS_PREFIX = "/api/docs";
export const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * The declaration of Swagger UI's own routes (registered by its plugin, not beside a handler of
 * ours): anyone may read the API's description, it says nothing the client's code does not.
 */
export const docsRouteDeclaration = (url: string): FastifyContextConfig => ({
  access: "public",
  scope: "sem_escopo",
  // Its old address of the page answers with a redirect to the page.
  redirects: url.endsWith("/static/index.html"),
  // One of the page's own files.
  ...(url.endsWith("/*") ? { sample: { path: () => `${DOCS_PREFIX}/static/index.css` } } : {}),
});

// The page is a developer's tool: it loads only its own files and reads only this origin.
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const toJsonSchema = createJsonSchemaTransform({ skipList: [] });

/** The routes the document describes: the API and the health probes. */
export const isDocumentedUrl = (url: string) =>
  (url.startsWith("/api/") && url !== "/api/auth/*" && !isDocsRoute(url)) || url === "/healthz" || url === "/readyz";

/** The group of a route in the browsable page: its resource ("condominios", "auth", "me"...). */
const tagOf = (url: string) => (url.startsWith("/api/") ? url.split("/")[2]! : "operação");

/** The route's access declaration (auth/guard.ts) in the reader's words. */
function whoMayCall(access: Access | undefined): string {
  if (access === "public") return "Acesso: público.";
  if (access === "authenticated") return "Acesso: qualquer sessão.";
  if (access === "profile") return "Acesso: usuário do Portaria Web com o primeiro acesso concluído.";
  if (access === "morador") return "Acesso: morador com conta ativa na Área do Morador (só as próprias unidades).";
  if (access && "allOf" in access) return `Acesso: permissões ${access.allOf.map((name) => `\`${name}\``).join(" e ")}.`;
  if (access) return `Acesso: permissão ${access.anyOf.map((name) => `\`${name}\``).join(" ou ")}.`;
  return "";
}

/**
 * The OpenAPI document, generated from the routes' zod schemas (request and response), before any
 * route is registered: @fastify/swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Portal de Segurança Eletrônica — API",
        version: packageJson.version,
        description:
          "A API do portal e do Portaria Web. Sessão por cookie (POST /api/auth/sign-in/email); pedidos que alteram dados precisam do cabeçalho Origin do próprio portal. Todo erro tem o formato `Erro`.",
      },
      components: { securitySchemes: { sessao: { type: "apiKey", in: "cookie", name: "better-auth.session_token" } } },
    },
    transform: (document) => {
      // The static site's files and better-auth's catch-all (which answers only 404) are not the API.
      if (!isDocumentedUrl(document.url)) return { schema: { hide: true }, url: document.url };
      const transformed = toJsonSchema(document) as { schema: Record<string, unknown>; url: string };
      const { access, description } = (document.route.config ?? {}) as FastifyContextConfig;
      return {
        ...transformed,
        schema: {
          tags: [tagOf(document.url)],
          description: [description, whoMayCall(access)].filter(Boolean).join("\n\n"),
          ...(access && access !== "public" ? { security: [{ sessao: [] }] } : {}),
          ...transformed.schema,
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** The browsable page (Swagger UI, served from the package's own files) and the document as JSON and YAML. */
export async function registerDocsPage(app: FastifyInstance) {
  // Its own context, so its Content-Security-Policy hook applies to its routes only.
  await app.register(async (docs) => {
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: DOCS_CSP,
      uiConfig: { validatorUrl: null, deepLinking: true, defaultModelsExpandDepth: 0 },
    });
  });
}
