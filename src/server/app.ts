import { join, resolve } from "node:path";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { createAuth, type Auth } from "./auth/auth";
import { registerGuard, type SessionContext } from "./auth/guard";
import { DEFAULT_CACHE_TTL_MS, flushOnWrite, TtlCache } from "./cache";
import { registerAuthRoutes } from "./auth/routes";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { createMailer, type Mailer } from "./email/mailer";
import { createOutbox, type Outbox } from "./email/outbox";
import { createAttemptLimiter } from "./auth/attempt-limiter";
import { createPasswordAttemptLimit } from "./auth/sign-in-limit";
import { limiteDeEnvios } from "./email/limite-envios";
import { startHousekeeping } from "./housekeeping";
import { createJobQueue, type JobQueue, type JobQueueOptions } from "./jobs/queue";
import { leiturasLongas } from "./db/leituras-longas";
import { carregarChave, iniciarSelagem, usarCadeia, type Cadeia } from "./modules/registros/selos";
import { registerErrorHandler } from "./http/error-handler";
import { docsRouteDeclaration, isDocsRoute, registerDocsPage, registerOpenApi } from "./http/openapi";
import { responseSerializer } from "./http/serializer";
import { securityHeaders } from "./http/security-headers";
import { registerStaticSite } from "./http/static-site";
import { registerTextInput } from "./http/text-input";
import { echoRequestId, REQUEST_ID_HEADER, requestIdOf } from "./http/request-id";
import { PortalLogController } from "./logging";
import { refuseUnknownBodyFields } from "./http/unknown-fields";
import { healthRoutes } from "./modules/health/routes";
import { leadsRoutes } from "./modules/leads/routes";
import { meRoutes } from "./modules/me/routes";
import { gruposRoutes } from "./modules/grupos/routes";
import { pageViewsRoutes } from "./modules/page-views/routes";
import { resetLinkRoutes } from "./auth/reset-link";
import { painelRoutes } from "./modules/painel/routes";
import { permissoesRoutes } from "./modules/permissoes/routes";
import { usuariosRoutes } from "./modules/usuarios/routes";
import { condominiosRoutes } from "./modules/condominios/routes";
import { moradoresRoutes } from "./modules/moradores/routes";
import { controleAcessoRoutes } from "./modules/controle-acesso/routes";
import { unidadesRoutes } from "./modules/unidades/routes";
import { prestadoresRoutes } from "./modules/prestadores/routes";
import { bloqueiosRoutes } from "./modules/bloqueios/routes";
import { registrosRoutes } from "./modules/registros/routes";
import { veiculosRoutes } from "./modules/veiculos/routes";
import { loadAuthSecret, loadQrSecret } from "./db/settings";
import { visitantesRoutes } from "./modules/visitantes/routes";
import { limiteDeCodigos } from "./modules/visitantes/tentativas";
import { dropCachesOnRevocation } from "./revocation";
import { registerCacheMetrics, registerMetrics, type PortalMetrics } from "./metrics";
import { criarDrivers } from "./dispositivos/drivers";
import { iniciarTempoReal } from "./realtime";
import { AppError, notFound } from "./errors";
import { MSG } from "@shared/messages";
import { apiErrorBodySchema } from "@shared/api-error-schema";
import type { PainelStats } from "@shared/schemas/painel";
import type { RegisteredRoute } from "./route-contract";
import type { NotificacoesService } from "./modules/notificacoes/service";

export interface AppDeps {
  database: Database;
  mailer?: Mailer;
  /** The process logger (logging.ts); none by default (tests). */
  logger?: FastifyBaseLogger;
  /** Now, in ms, for the gate's pre-authorisation rules (tests move it); Date.now by default. */
  agora?: () => number;
  /** The access records' chain key and checkpoint directory; by default from the config (CHAIN_KEY...). */
  cadeia?: Cadeia;
  /** The job queue's options (the API tests turn its cron off). */
  jobs?: JobQueueOptions;
}

export interface PortalApp {
  app: FastifyInstance;
  auth: Auth;
  mailer: Mailer;
  /** The e-mail outbox: routes queue, its jobs send (started when the app is ready). */
  outbox: Outbox;
  /** The job queue (pg-boss): started when the app is ready, stopped when it closes. */
  jobs: JobQueue;
  /** Requests by route and status, the pool, the outbox: served by main.ts on METRICS_PORT. */
  metrics: PortalMetrics;
  /** The access records' chain key and checkpoints (registros/selos.ts). */
  cadeia: Cadeia;
  /** The resident's notices (notificacoes/service.ts): their queue and the parcels' reminders. */
  notificacoes: NotificacoesService;
  /**
   * Every route the app registered, with its access declaration and the names of the query
   * parameters and body fields its schema declares (for the route-table tests: authorization
   * matrix, fuzzing), and the statuses its response schema declares (errors aside).
   */
  /** Every route as registered: its declaration (`config`: access, description, scope, sample...) and its zod schemas. */
  routes: RegisteredRoute[];
}

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<PortalApp> {
  const setSecurityHeaders = securityHeaders(config.publicUrl);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    logController: new PortalLogController(),
    // X-Request-Id in, out, in every log line and in error bodies (http/request-id.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Trust only our own proxies: the nearest N (1 = the one connecting to us), or those in the
    // given networks. The client address is then the entry the outermost of them appended to
    // X-Forwarded-For, never an earlier one the client wrote itself (Fastify's `true` would take
    // that one and let anyone bypass the per-IP rate limits).
    // A count is a function of the hop (Fastify reads a bare number as "trust nobody").
    trustProxy: confiarEmProxies(config.trustProxy),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs and the like also answer in the one error shape.
    // (Fastify answers these before any hook runs, so the security headers are set here too.)
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply as FastifyReply);
      (reply as FastifyReply).header(REQUEST_ID_HEADER, request.id);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send(AppError.from(status, error.code ?? "BAD_REQUEST", MSG.invalidInput).toBody(request.id));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ strict: config.env !== "production" }));

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: (l) => app.log.info(l) });
  const db = deps.database.db;
  const log = { info: (l: string) => app.log.info(l), warn: (l: string) => app.log.warn(l), error: (l: string) => app.log.error(l) };
  const jobs = createJobQueue(deps.database, log, deps.jobs);
  const outbox = createOutbox({ db, mailer, log, queue: jobs });
  const signInFailures = createPasswordAttemptLimit(db, {
    perAccountAndAddress: config.rateLimits.signInFailuresPerAccountAndAddress,
    perAccount: config.rateLimits.signInFailuresPerAccount,
  });
  const recoveryLimiter = createAttemptLimiter(db, config.rateLimits.recoveryPerAddress);
  const secret = config.authSecret ?? (await loadAuthSecret(db));
  const auth = createAuth({ config, db, outbox, recoveryLimiter, secret, log: app.log });
  // The access records' chain key (never in the database) and checkpoints (registros/selos.ts).
  const cadeia: Cadeia = deps.cadeia ?? {
    chave: carregarChave(config).chave,
    checkpointDir: config.checkpointDir ?? (config.dataDir ? join(resolve(config.dataDir), "checkpoints") : undefined),
  };
  usarCadeia(db, cadeia);
  const selados = await iniciarSelagem(db, cadeia.chave);
  if (selados) app.log.warn(`Cadeia dos registros: primeira partida com a chave; o histórico de ${selados} condomínio(s) foi selado como está agora.`);
  startHousekeeping(app, db, jobs, outbox, cadeia);
  // Before any route: its hooks count every other request in flight (db/leituras-longas.ts).
  const leituras = leiturasLongas(app, deps.database.kind, { conexoes: config.databasePoolMax });
  const metrics = registerMetrics(app, deps.database, outbox, leituras);

  const routes: PortalApp["routes"] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // The API's description (Swagger UI's own routes): anyone may read it, it says nothing the client's code does not.
    if (isDocsRoute(route.url)) route.config = { ...route.config, ...docsRouteDeclaration(route.url) };
    const fields = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
    const query = fields(route.schema?.querystring);
    const body = fields(route.schema?.body);
    // Every documented answer may also be the one error shape (OpenAPI shows it per route).
    if (route.schema?.response) route.schema.response = { "4xx": apiErrorBodySchema, "5xx": apiErrorBodySchema, ...(route.schema.response as object) };
    if (route.schema?.body && (route.schema.body as { shape?: object }).shape) {
      const own = route.preValidation ? [route.preValidation].flat() : [];
      route.preValidation = [...own, refuseUnknownBodyFields(body)];
    }
    const responses = Object.keys(route.schema?.response ?? {}).filter((status) => !/^[45]xx$/.test(status));
    for (const method of methods) {
      if (method !== "HEAD") routes.push({ method, url: route.url, query, body, responses, config: route.config ?? {}, schema: route.schema ?? {} });
    }
  });

  echoRequestId(app);
  registerErrorHandler(app);
  // CSP, HSTS over HTTPS and the other security headers on every response; the static site
  // replaces the CSP of each page with one allowing its own inline scripts (docs/decisions/0139 and 0140).
  app.addHook("onRequest", async (request, reply) => setSecurityHeaders(request, reply));
  registerTextInput(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app);

  const ttlMs = config.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const sessions = new TtlCache<SessionContext>({ ttlMs, maxEntries: 10_000 });
  const painelCounts = new TtlCache<PainelStats>({ ttlMs, maxEntries: 1_000 });
  const listTotals = new TtlCache<number>({ ttlMs, maxEntries: 5_000 });
  flushOnWrite(app, { sessions, others: [painelCounts, listTotals] });
  registerCacheMetrics(metrics, { sessoes: sessions, painel: painelCounts, totais: listTotals });
  await dropCachesOnRevocation(app, deps.database, [sessions]);
  registerGuard(app, { auth, db, trustedOrigins: config.trustedOrigins, sessions, limits: config.session });
  registerAuthRoutes(app, auth, { publicUrl: config.publicUrl, signInFailures });
  await app.register(healthRoutes(deps.database, outbox));
  await app.register(meRoutes({ auth, db, limits: config.session, signInFailures }));
  await app.register(leadsRoutes(db, config));
  await app.register(painelRoutes(db, painelCounts));
  await app.register(pageViewsRoutes(db));
  await app.register(resetLinkRoutes(auth, config));
  await app.register(permissoesRoutes(db));
  await app.register(gruposRoutes(db));
  const envios = limiteDeEnvios(db, { porUsuario: config.rateLimits.emailsPorUsuario, porDestino: config.rateLimits.emailsPorAutorizacao });
  await app.register(usuariosRoutes({ db, auth, outbox, envios, config, totals: listTotals }));
  await app.register(condominiosRoutes(db, listTotals));
  await app.register(unidadesRoutes(db, listTotals));
  await app.register(moradoresRoutes(db, listTotals));
  await app.register(veiculosRoutes(db, listTotals));
  await app.register(prestadoresRoutes(db, listTotals));
  const qrSecret = await loadQrSecret(db);
  const agora = deps.agora ?? Date.now;
  const limiteCodigos = limiteDeCodigos(db, { porUsuario: config.rateLimits.codigosPorUsuario, porEndereco: config.rateLimits.codigosPorEndereco });
  await app.register(controleAcessoRoutes(db, { qrSecret, limiteCodigos, agora }));
  await app.register(visitantesRoutes({ db, outbox, envios, qrSecret, agora }));
  await app.register(bloqueiosRoutes(db, listTotals));
  await app.register(registrosRoutes(db, listTotals, leituras, cadeia));
  // One set of vendor drivers per server: each keeps its sessions with the devices.
  const drivers = criarDrivers();
  // The consoles' realtime: NOTIFY at commit, heard by every instance (realtime.ts).
  const tempoReal = await iniciarTempoReal(deps.database);
  app.addHook("onClose", async () => tempoReal.parar());
  await app.register(
    (await import("./modules/dispositivos/routes")).dispositivosRoutes({
      db,
      totals: listTotals,
      config,
      drivers,
      tempoReal,
      database: deps.database,
      portaria: { qrSecret, limiteCodigos, agora },
    }),
  );
  await app.register((await import("./modules/biometria/routes")).biometriaRoutes({ db }));
  await app.register((await import("./modules/morador/routes")).moradorRoutes({ db, auth, outbox, config, signInFailures }));
  await app.register((await import("./modules/morador/passes-routes")).passesRoutes({ db, outbox, envios, qrSecret, agora }));
  await app.register((await import("./modules/morador/historico-routes")).historicoRoutes({ db, agora }));
  await app.register((await import("./modules/morador/encomendas-routes")).encomendasDoMoradorRoutes({ db, chave: cadeia.chave, agora }));
  await app.register(
    (await import("./modules/morador/tempo-real-routes")).moradorTempoRealRoutes({ tempoReal, tempoRealMaxMs: config.tempoRealMaxMs ?? 60_000 }),
  );
  // The resident's notices and the requests they are about: each needs the other (an answer stops the cascade; a link answers).
  const notificacoes = (await import("./modules/notificacoes/service")).notificacoesService({
    db,
    config,
    outbox,
    log,
    anunciar: (id) => solicitacoes.anunciar(id),
    chaveCodigos: cadeia.chave,
  });
  (await import("./modules/notificacoes/service")).agendarLembretesDeEncomendas(jobs, notificacoes, log);
  (await import("./modules/livro/resumo")).agendarResumoDiario(jobs, { db, outbox, publicUrl: config.publicUrl }, log);
  const solicitacoes = (await import("./modules/solicitacoes/service")).solicitacoesService({ db, tempoReal, avisos: notificacoes, agora });
  app.addHook("onReady", async () => notificacoes.iniciar());
  app.addHook("onClose", async () => notificacoes.parar());
  await app.register(
    (await import("./modules/solicitacoes/routes")).solicitacoesRoutes({
      db,
      tempoReal,
      avisos: notificacoes,
      agora,
      varreduraMs: config.varreduraComandosMs ?? 1000,
      service: solicitacoes,
    }),
  );
  await app.register((await import("./modules/notificacoes/resposta-routes")).respostaRoutes({ db, config, solicitacoes: () => solicitacoes }));
  await app.register((await import("./modules/notificacoes/preferencias-routes")).preferenciasRoutes({ db, config }));
  await app.register((await import("./modules/notificacoes/push-routes")).pushRoutes({ db }));
  await app.register((await import("./modules/encomendas/routes")).encomendasRoutes({ db, chave: cadeia.chave, avisos: notificacoes, totals: listTotals }));
  await app.register((await import("./modules/livro/routes")).livroRoutes({ db, totals: listTotals }));
  await app.register((await import("./modules/livro/resumo-routes")).resumoDiarioRoutes({ db }));
  // new:module (scripts/new-module.mjs) adds its module's line above this one (docs/adding-a-module.md).
  await registerDocsPage(app);

  if (config.clientDir) await registerStaticSite(app, config.clientDir);
  else
    app.setNotFoundHandler(() => {
      throw notFound();
    });

  return { app, auth, mailer, outbox, jobs, routes, metrics, cadeia, notificacoes };
}

/** Fastify's trustProxy for TRUST_PROXY: the nearest `n` hops (0 is the socket's peer), or networks. */
function confiarEmProxies(trust: AppConfig["trustProxy"]): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (Array.isArray(trust)) return trust;
  return (_address, hop) => hop < trust;
}
