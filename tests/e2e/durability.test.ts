import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client";
import { checkIntegrity, type IntegrityReport } from "../../src/server/db/integrity";
import { createPostgresDatabase } from "../../src/server/testing/harness";
import { freePort, killServers, runScript, signIn, startServer } from "./support/process";
import { expectAckedReadable, expectConsistentPoint, startWriteStream, type WriteStream } from "./support/write-stream";

// Crash safety and backups, with the real processes: the built server (`node build/server/main.js`,
// what `npm start` runs) and the `npm run backup` / `npm run restore` scripts, on PGlite and on
// PostgreSQL. While a stream of writes runs, a backup is taken; then the server is killed with
// SIGKILL mid-stream and started again on the same data: every write answered with a 2xx must be
// there. The backup is then restored into a fresh database, checked (foreign keys, counts, a
// consistent point of the writes) and served by the portal.
// A second server on a PGlite directory in use is refused: tests/e2e/startup.test.ts covers it.

const ADMIN_EMAIL = "admin@portal.local";
const ADMIN_PASSWORD = "Senha-do-admin-crash-1";
const pgBase = process.env.TEST_DATABASE_URL;
const workDir = mkdtempSync(join(tmpdir(), "portal-durability-"));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(workDir, { recursive: true, force: true })];

afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Where the stale-lock checks look (PGlite only). */
  dataDir?: string;
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(join(workDir, "data-"));
  return { env: { DATA_DIR: dataDir }, dataDir, open: () => openPglite(join(dataDir, "pglite")) };
}

async function postgresTarget(): Promise<Target> {
  if (!pgBase) throw new Error("TEST_DATABASE_URL não definida: os testes de queda e backup no PostgreSQL são obrigatórios na CI.");
  const created = await createPostgresDatabase(pgBase, "portal_e2e");
  cleanups.push(() => created.drop());
  return { env: { DATABASE_URL: created.url }, open: () => openPostgres(created.url, undefined, 1) };
}

// Tables the write stream does not touch: the restored copy must hold exactly the source's rows.
const UNTOUCHED = [
  "user",
  "account",
  "session",
  "portaria_web_usuarios",
  "portaria_web_grupos",
  "portaria_web_permissoes",
  "portaria_web_grupo_permissoes",
  "portaria_web_usuario_grupos",
  "portal_settings",
  "drizzle.__drizzle_migrations",
];

async function inspect(target: Target, check: (db: Database) => Promise<void> = async () => undefined): Promise<IntegrityReport> {
  const database = await target.open();
  try {
    const report = await checkIntegrity(database.db);
    expect(report.foreignKeys.length).toBeGreaterThan(10);
    expect(report.violations).toEqual([]);
    expect(report.unvalidated).toEqual([]);
    await check(database);
    return report;
  } finally {
    await database.close();
  }
}

function durability(kind: "PGlite" | "PostgreSQL", makeTarget: () => Target | Promise<Target>) {
  const state: { source?: Target; stream?: WriteStream; backupFile: string; backupStarted: number; backupEnded: number; sourceReport?: IntegrityReport } = {
    backupFile: join(workDir, kind === "PGlite" ? "pglite.sql.gz" : "postgres.dump"),
    backupStarted: 0,
    backupEnded: 0,
  };

  it("loses no acknowledged write when the server is killed mid-stream (a backup is taken meanwhile)", async () => {
    const source = (state.source = await makeTarget());
    const env = { ...source.env, ADMIN_PASSWORD };
    const first = startServer(await freePort(), env);
    await first.ready();
    const api = await signIn(first.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const stream = (state.stream = startWriteStream(api, { workers: 4, tag: "dur" }));
    await stream.waitForAcks(20);

    // A backup while the writes go on.
    state.backupStarted = performance.now();
    const backup = await runScript("backup", [state.backupFile], source.env);
    state.backupEnded = performance.now();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(kind === "PGlite" ? "pelo portal em execução" : "pg_dump -Fc");
    // A restore never touches a database the portal is using, not even with --force.
    const refused = await runScript("restore", [state.backupFile, "--force"], source.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(kind === "PGlite" ? /já está em uso por outro processo do portal/ : /conexão\(ões\) abertas/);

    await stream.waitForAcks(stream.acked() + 20);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    await stream.finished;
    expect(stream.unexpected).toEqual([]);
    expect(stream.failed(), "requests in flight when the process died").toBeGreaterThan(0);
    if (source.dataDir) {
      // The killed process could not clean up: its lock and control socket are left behind.
      expect(readFileSync(join(source.dataDir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(first.child.pid));
      expect(existsSync(join(source.dataDir, "backup.sock"))).toBe(true);
    }

    const second = startServer(await freePort(), env);
    await second.ready(); // with PGlite: took over the stale lock
    expect(second.output()).not.toContain("Primeiro administrador criado");
    if (source.dataDir) expect(readFileSync(join(source.dataDir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(second.child.pid));
    // The session signed in before the crash still works, and every acknowledged write is readable.
    expect(await expectAckedReadable(api.on(second.url), stream)).toBeGreaterThanOrEqual(30);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    state.sourceReport = await inspect(source, (database) => expectConsistentPoint(database.db, stream).then(() => undefined));
  });

  it("restores that backup into a fresh database that passes the integrity checks and runs the portal", async () => {
    const { stream, sourceReport } = state;
    if (!stream || !sourceReport) throw new Error("the previous test did not get to the backup");
    const target = await makeTarget();
    const restored = await runScript("restore", [state.backupFile], target.env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain("nenhuma linha órfã");
    const again = await runScript("restore", [state.backupFile], target.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(kind === "PGlite" ? /já contém um banco de dados/ : /não está vazio/);

    const report = await inspect(target, async (database) => {
      // Every write acknowledged before the backup began is there, none begun after it ended,
      // and each worker's writes form a prefix: the backup is one consistent point.
      const found = await expectConsistentPoint(database.db, stream, { ackedBefore: state.backupStarted, startedBefore: state.backupEnded });
      expect(found).toBeGreaterThanOrEqual(20);
    });
    expect(report.foreignKeys).toEqual(sourceReport.foreignKeys);
    for (const table of UNTOUCHED) expect(report.counts[table], table).toBe(sourceReport.counts[table]);

    const server = startServer(await freePort(), { ...target.env, ADMIN_PASSWORD });
    await server.ready();
    expect(server.output()).not.toContain("Primeiro administrador criado");
    const api = await signIn(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const early = stream.steps.find((s) => s.kind === "condominio" && s.ackedAt! < state.backupStarted)!;
    expect((await api.call("GET", `/api/condominios/${early.id}`)).status).toBe(200);
    expect((await api.call("GET", "/api/condominios?limit=1")).body).toMatchObject({ total: report.counts.portaria_web_condominios });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    if (kind === "PostgreSQL") {
      // --force replaces what is there (pg_restore --clean --if-exists), with no portal connected.
      const forced = await runScript("restore", [state.backupFile, "--force"], target.env);
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toContain("nenhuma linha órfã");
    }
  });
}

describe("crash safety and backups on PGlite", () => durability("PGlite", pgliteTarget));

describe.skipIf(!pgBase && process.env.CI !== "true")("crash safety and backups on PostgreSQL", () => durability("PostgreSQL", postgresTarget));
