import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { expect } from "vitest";
import { inArray, sql } from "drizzle-orm";
import { createAuthUser } from "../auth/accounts";
import * as schema from "../db/schema";
import pg from "pg";
import { buildApp, type AppDeps, type PortalApp } from "../app";
import { DEFAULT_RATE_LIMITS, DEFAULT_SESSION_LIMITS, type AppConfig } from "../config";
import { openPostgres, type Database } from "../db/client";
import { openMigratedPglite } from "./pglite-template";
import { seed } from "../seed";
import { createMailer } from "../email/mailer";
import { createLogger } from "../logging";

export const TEST_ORIGIN = "http://localhost:3999";
export const ADMIN = { email: "admin@teste.local", password: "Senha-do-admin-1" };
/** The access records' chain key of the tests (registros/selos.ts). */
export const TEST_CHAIN_KEY = "chave-da-cadeia-dos-testes-com-32-caracteres-ou-mais";

/** The devices' password key of the tests (dispositivos/senha.ts). */
export const TEST_DEVICE_KEY = "chave-das-senhas-dos-dispositivos-dos-testes-32";

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: "test",
    port: 0,
    host: "127.0.0.1",
    dataDir: "",
    mailFrom: "Portal <teste@localhost>",
    publicUrl: TEST_ORIGIN,
    trustedOrigins: [TEST_ORIGIN],
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    trustProxy: false,
    logLevel: "silent",
    databasePoolMax: 10,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signIn: { window: 60, max: 1000 },
      leads: { window: 60, max: 1000 },
      signInFailuresPerAccountAndAddress: { window: 900, max: 1000 },
      signInFailuresPerAccount: { window: 900, max: 1000 },
      recoveryPerAddress: { window: 3600, max: 1000 },
      emailsPorUsuario: { window: 3600, max: 1000 },
      emailsPorAutorizacao: { window: 3600, max: 1000 },
    },
    session: DEFAULT_SESSION_LIMITS,
    chainKey: TEST_CHAIN_KEY,
    deviceKey: TEST_DEVICE_KEY,
    // The route matrix and the fuzzer call every route in-process: a stream must end at once.
    tempoRealMaxMs: 0,
    // Nor may a command end by itself while a test compares the database before and after a call.
    varreduraComandosMs: 0,
    varreduraSincronizacaoMs: 0,
    ...overrides,
    ...(overrides.publicUrl && !overrides.trustedOrigins ? { trustedOrigins: [new URL(overrides.publicUrl).origin] } : {}),
  };
}

/**
 * A database for one test file: in-memory PGlite, or with TEST_DATABASE_URL a brand-new
 * PostgreSQL database created for it (and dropped by `close`).
 */
export async function openTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openMigratedPglite();
    return { ...database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase(url);
  const database = await openPostgres(created.url, undefined, 5);
  await database.migrate();
  return {
    ...database,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

/** A brand-new, empty PostgreSQL database on the server of `url`; `drop` removes it (and only it). */
export async function createPostgresDatabase(url: string, prefix = "portal_test"): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface TestApp extends PortalApp {
  database: Database;
  close(): Promise<void>;
}

/** The real app on a real database, seeded like a first start, answering through `inject`. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, deps: Pick<AppDeps, "agora" | "logger"> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig(overrides);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: () => undefined });
  // The job queue runs for real; only its cron is off, so no hourly clean-up runs in mid-test.
  const portal = await buildApp(config, { database, mailer, jobs: { schedules: false }, ...deps });
  await seed(database.db, portal.auth, { email: config.adminEmail, password: config.adminPassword });
  await portal.app.ready();
  return {
    ...portal,
    database,
    async close() {
      await portal.app.close();
      await database.dispose();
    },
  };
}

/** Signs in through the real endpoint and returns the session cookie header. */
export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const response = await app.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = response.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join("; ");
}

/**
 * A Portaria Web user, active with first access done, in a fresh group holding exactly
 * `permissions`; returns its session cookie and ids.
 */
/**
 * A signed-in user holding `permissions`. Serves every condominium unless `condominioIds` lists
 * the ones they serve (gatehouse-spec §2).
 */
/**
 * A resident with an active account in the Área do Morador (no Portaria Web profile), signed in:
 * of `unidadeId`, or of a unit of a new condominium. Written straight to the tables (the
 * invitation itself is tested in src/server/modules/morador).
 */
export async function residentWithAccount(app: TestApp, email: string, unidadeId?: string) {
  const db = app.database.db;
  const password = "senha-de-teste-1";
  let unidade = unidadeId;
  if (!unidade) {
    const [condominio] = await db
      .insert(schema.condominios)
      .values({ nome: `Condomínio de ${email}` })
      .returning({ id: schema.condominios.id });
    [{ id: unidade }] = (await db
      .insert(schema.unidades)
      .values({ condominio_id: condominio!.id, numero_unidade: "101", bloco: "A" })
      .returning({ id: schema.unidades.id })) as [{ id: string }];
  }
  const [morador] = await db
    .insert(schema.moradores)
    .values({ unidade_id: unidade, nome_completo: `Morador ${email}`, email, tipo_morador: "proprietario" })
    .returning({ id: schema.moradores.id });
  const authUser = await createAuthUser(app.auth, { email, name: `Morador ${email}`, password });
  await db.insert(schema.moradorContas).values({ morador_id: morador!.id, auth_user_id: authUser.id, status: "ativo", email, ativado_em: new Date() });
  const cookie = await signIn(app, email, password);
  const [{ condominio_id: condominioId }] = (await db
    .select({ condominio_id: schema.unidades.condominio_id })
    .from(schema.unidades)
    .where(sql`${schema.unidades.id} = ${unidade}`)) as [{ condominio_id: string }];
  return { cookie, moradorId: morador!.id, unidadeId: unidade, condominioId, authUserId: authUser.id, password };
}

const moradoresDaAmostra = new WeakMap<TestApp, ReturnType<typeof residentWithAccount>>();

/** The resident the route samples act as (SampleRecords.moradorDaAmostra): made once per test app. */
export function moradorDaAmostra(app: TestApp) {
  let morador = moradoresDaAmostra.get(app);
  if (!morador) {
    morador = residentWithAccount(app, "morador-da-amostra@teste.local");
    moradoresDaAmostra.set(app, morador);
  }
  return morador;
}

export async function userWithPermissions(app: TestApp, email: string, permissions: string[], condominioIds?: readonly string[]) {
  const db = app.database.db;
  const password = "senha-de-teste-1";
  const authUser = await createAuthUser(app.auth, { email, name: email, password });
  const [usuario] = await db
    .insert(schema.usuarios)
    .values({
      auth_user_id: authUser.id,
      nome_completo: `Teste ${email}`,
      email,
      status: "ativo",
      primeiro_acesso_concluido: true,
      acesso_todos_condominios: condominioIds === undefined,
    })
    .returning();
  if (condominioIds?.length) {
    await db.insert(schema.usuarioCondominios).values(condominioIds.map((condominio_id) => ({ usuario_id: usuario!.id, condominio_id })));
  }
  const [grupo] = await db
    .insert(schema.grupos)
    .values({ nome_grupo: `grupo de ${email}` })
    .returning();
  await db.insert(schema.usuarioGrupos).values({ usuario_id: usuario!.id, grupo_id: grupo!.id });
  if (permissions.length) {
    const perms = await db.select().from(schema.permissoes).where(inArray(schema.permissoes.nome_permissao, permissions));
    await db.insert(schema.grupoPermissoes).values(perms.map((p) => ({ grupo_id: grupo!.id, permissao_id: p.id })));
  }
  const cookie = await signIn(app, email, password);
  return { cookie, usuarioId: usuario!.id, grupoId: grupo!.id, authUserId: authUser.id, password };
}

/** inject() with the trusted Origin and an optional session cookie. */
export function request(app: TestApp, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, options: { cookie?: string; payload?: unknown } = {}) {
  return app.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

// Sessions and rate-limit counters change on reads and refusals by design (a blocked account
// loses its sessions); every other table must not.
const SNAPSHOT_SKIPPED = new Set(["session", "rate_limit", "portal_limites_tentativas"]);
const snapshotQueries = new WeakMap<TestApp, Promise<string>>();

/**
 * Row count and checksum of every table of the database (sessions and rate-limit counters
 * aside), found from the catalogue so a new table is covered too. Two equal snapshots mean
 * nothing was written in between.
 */
export async function databaseSnapshot(app: TestApp): Promise<Record<string, string>> {
  // The e-mail worker writes in the background (a message sent); settle it first so that only
  // the request between two snapshots can explain a difference (a wrongly queued e-mail shows).
  await app.outbox.deliverPending();
  let query = snapshotQueries.get(app);
  if (!query) {
    query = app.database.db
      .execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
      .then((result) => {
        const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name).filter((name) => !SNAPSHOT_SKIPPED.has(name));
        return tables
          .map((name) => {
            const quoted = `"${name.replace(/"/g, '""')}"`;
            return `select '${name}' as name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as value from ${quoted} t`;
          })
          .join(" union all ");
      });
    snapshotQueries.set(app, query);
  }
  const result = await app.database.db.execute(sql.raw(await query));
  return Object.fromEntries((result as unknown as { rows: { name: string; value: string }[] }).rows.map((r) => [r.name, r.value]));
}

/**
 * An error body with its `request_id` (each request's own, also in the X-Request-Id header,
 * checked by request-id.test.ts) taken out: for comparing two refusals, or a refusal with the
 * catalogue's code, title and message.
 */
export function errorWithoutRequestId(response: { json(): unknown; headers: Record<string, unknown> }): unknown {
  const body = response.json() as { error?: { request_id?: unknown } };
  if (!body.error) return body;
  const { request_id, ...error } = body.error;
  expect(request_id, "the error body names its request").toBe(response.headers["x-request-id"]);
  return { ...body, error };
}

/**
 * Every log line the app writes, at its most talkative (JSON lines): for the tests that check a
 * secret (a device's password) is in none. Pass `logger` to createTestApp; read `logged()`.
 */
export function capturedLogs() {
  const lines: string[] = [];
  const output = new PassThrough();
  output.on("data", (chunk: Buffer) => lines.push(chunk.toString("utf8")));
  return { logger: createLogger({ logLevel: "trace", logFormat: "json" }, output), logged: () => lines.join("") };
}
