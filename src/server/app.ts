import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { createAuth, type Auth } from "./auth/auth";
import { registerGuard, type SessionContext } from "./auth/guard";
import { DEFAULT_CACHE_TTL_MS, flushOnWrite, TtlCache } from "./cache";
import { registerAuthRoutes } from "./auth/routes";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { createMailer, type Mailer } from "./email/mailer";
import { registerErrorHandler } from "./http/error-handler";
import { registerStaticSite } from "./http/static-site";
import { healthRoutes } from "./modules/health/routes";
import { leadsRoutes } from "./modules/leads/routes";
import { meRoutes } from "./modules/me/routes";
import { gruposRoutes } from "./modules/grupos/routes";
import { pageViewsRoutes } from "./modules/page-views/routes";
import { painelRoutes } from "./modules/painel/routes";
import { permissoesRoutes } from "./modules/permissoes/routes";
import { usuariosRoutes } from "./modules/usuarios/routes";
import { condominiosRoutes } from "./modules/condominios/routes";
import { moradoresRoutes } from "./modules/moradores/routes";
import { unidadesRoutes } from "./modules/unidades/routes";
import { prestadoresRoutes } from "./modules/prestadores/routes";
import { veiculosRoutes } from "./modules/veiculos/routes";
import { loadAuthSecret } from "./db/settings";
import { AppError, notFound } from "./errors";
import { MSG } from "../shared/messages";
import type { PainelStats } from "../shared/schemas/painel";

export interface AppDeps {
  database: Database;
  mailer?: Mailer;
  logger?: boolean;
}

export interface PortalApp {
  app: FastifyInstance;
  auth: Auth;
  mailer: Mailer;
  /** Every route the app registered, with its access declaration (for the route-table tests). */
  routes: { method: string; url: string; access: unknown }[];
}

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<PortalApp> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs and the like also answer in the one error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send(AppError.from(status, error.code ?? "BAD_REQUEST", MSG.invalidInput).toBody());
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const log = (line: string) => app.log.info(line);
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: (l) => console.log(l) });
  const db = deps.database.db;
  const secret = config.authSecret ?? (await loadAuthSecret(db));
  const auth = createAuth({ config, db, mailer, secret, log });

  const routes: PortalApp["routes"] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== "HEAD") routes.push({ method, url: route.url, access: route.config?.access });
    }
  });

  registerErrorHandler(app);
  await app.register(helmet, {
    // The CSP with hashes for the prerendered inline scripts is set per page (see docs/decisions.md).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith("https://") ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });

  const ttlMs = config.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const sessions = new TtlCache<SessionContext>({ ttlMs, maxEntries: 10_000 });
  const painelCounts = new TtlCache<PainelStats>({ ttlMs, maxEntries: 1_000 });
  const listTotals = new TtlCache<number>({ ttlMs, maxEntries: 5_000 });
  flushOnWrite(app, [sessions, painelCounts, listTotals]);
  registerGuard(app, auth, db, config.trustedOrigins, sessions);
  registerAuthRoutes(app, auth, config.publicUrl);
  await app.register(healthRoutes(deps.database));
  await app.register(meRoutes(auth, db));
  await app.register(leadsRoutes(db, config));
  await app.register(painelRoutes(db, painelCounts));
  await app.register(pageViewsRoutes(db));
  await app.register(permissoesRoutes(db));
  await app.register(gruposRoutes(db));
  await app.register(usuariosRoutes({ db, auth, mailer, config }));
  await app.register(condominiosRoutes(db));
  await app.register(unidadesRoutes(db, listTotals));
  await app.register(moradoresRoutes(db));
  await app.register(veiculosRoutes(db, listTotals));
  await app.register(prestadoresRoutes(db, listTotals));

  if (config.clientDir) await registerStaticSite(app, config.clientDir);
  else
    app.setNotFoundHandler(() => {
      throw notFound();
    });

  return { app, auth, mailer, routes };
}
