import { sql } from "drizzle-orm";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { openTestDatabase, testConfig } from "../testing/harness";
import { BackupError, dumpPglite, restoreBackup } from "./backup";
import { openPglite } from "./client";
import { checkIntegrity } from "./integrity";
import { condominios, unidades } from "./schema";

// The process-level round trip (server writing, backup, restore, portal on the copy) is in
// tests/e2e/durability.test.ts; these cover the pieces it cannot reach cheaply.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("integrity check", () => {
  it("re-checks every foreign key row by row and reports orphans", async () => {
    const database = await openTestDatabase();
    try {
      const [condominio] = await database.db.insert(condominios).values({ nome: "Residencial Íntegro" }).returning();
      await database.db.insert(unidades).values({ condominio_id: condominio!.id, numero_unidade: "101" });
      const clean = await checkIntegrity(database.db);
      expect(clean.violations).toEqual([]);
      expect(clean.foreignKeys.some((k) => k.startsWith("portaria_web_unidades.portaria_web_unidades_condominio_id"))).toBe(true);
      expect(clean.counts).toMatchObject({ portaria_web_condominios: 1, portaria_web_unidades: 1 });

      // What a broken restore or a corrupted file would leave: a unit whose condominium is gone
      // (triggers off, as a superuser loading data may do).
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.insert(unidades).values({ condominio_id: "00000000-0000-4000-8000-000000000001", numero_unidade: "102" });
      });
      const broken = await checkIntegrity(database.db);
      expect(broken.violations).toEqual([
        {
          constraint: expect.stringMatching(/^portaria_web_unidades_condominio_id/),
          table: "portaria_web_unidades",
          references: "portaria_web_condominios",
          rows: 1,
        },
      ]);
    } finally {
      await database.dispose();
    }
  });
});

describe("PGlite backups", () => {
  let dump = "";

  it("dumps only between transactions of the app, and leaves the app's session as it was", async () => {
    const database = await openPglite(undefined);
    try {
      await database.migrate();
      const client = database.pglite!;
      const before = (
        await client.query<{ datestyle: string; search_path: string }>(
          "select current_setting('DateStyle') as datestyle, current_setting('search_path') as search_path",
        )
      ).rows[0];

      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const firstInsert = new Promise<void>((r) => (inserted = r));
      const transaction = database.db.transaction(async (tx) => {
        await tx.insert(condominios).values({ nome: "Primeiro da transação" });
        inserted();
        await gate; // the app awaits something between two statements of its transaction
        await tx.insert(condominios).values({ nome: "Segundo da transação" });
      });
      await firstInsert;
      let dumped = false;
      const dumping = dumpPglite(client).then((text) => {
        dumped = true;
        return text;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(dumped).toBe(false); // waits: it would otherwise run inside the app's transaction
      release();
      await transaction;
      dump = await dumping;
      expect(dump).toContain("Primeiro da transação");
      expect(dump).toContain("Segundo da transação");
      expect(dump.trimEnd()).toMatch(/PostgreSQL database dump complete\n--$/);

      // A transaction that begins while the dump is being prepared (pg_dump's wasm loading):
      // the dump never runs inside it, so neither is broken and the dump has all of it or none.
      const racing = dumpPglite(client);
      const raced = database.db.transaction(async (tx) => {
        await tx.insert(condominios).values({ nome: "Terceiro, durante o dump" });
        await new Promise((r) => setTimeout(r, 300));
        await tx.insert(condominios).values({ nome: "Quarto, durante o dump" });
      });
      const [racedDump] = await Promise.all([racing, raced]);
      expect(racedDump.includes("Terceiro, durante o dump")).toBe(racedDump.includes("Quarto, durante o dump"));
      expect(racedDump.trimEnd()).toMatch(/PostgreSQL database dump complete\n--$/);

      const after = (
        await client.query<{ datestyle: string; search_path: string }>(
          "select current_setting('DateStyle') as datestyle, current_setting('search_path') as search_path",
        )
      ).rows[0];
      expect(after).toEqual(before);
      // pg_dump's read-only transaction does not outlive the dump: the app writes on.
      expect(client.isInTransaction()).toBe(false);
      await database.db.insert(condominios).values({ nome: "Depois do dump" });
      expect(await database.db.select().from(condominios)).toHaveLength(5);
    } finally {
      await database.close();
    }
  });

  it("restores into a data directory: refuses an existing database unless forced, and keeps the replaced one aside", { timeout: 180_000 }, async () => {
    expect(dump).not.toBe("");
    const root = mkdtempSync(join(tmpdir(), "portal-restore-"));
    dirs.push(root);
    const file = join(root, "backup.sql.gz");
    writeFileSync(file, gzipSync(dump));
    const dataDir = join(root, "data");
    mkdirSync(join(dataDir, "pglite"), { recursive: true });
    writeFileSync(join(dataDir, "pglite", "marca"), "banco anterior");
    const config = testConfig({ dataDir });

    await expect(restoreBackup(config, file)).rejects.toThrow(BackupError);
    await expect(restoreBackup(config, file)).rejects.toThrow(/já contém um banco de dados.*--force/);
    expect(readFileSync(join(dataDir, "pglite", "marca"), "utf8")).toBe("banco anterior");

    const result = await restoreBackup(config, file, { force: true });
    expect(result.report.violations).toEqual([]);
    expect(result.report.counts.portaria_web_condominios).toBe(2);
    expect(readFileSync(join(result.replacedBy!, "marca"), "utf8")).toBe("banco anterior");
    expect(existsSync(join(dataDir, "portal.lock"))).toBe(false);
    expect(existsSync(join(dataDir, "pglite.restaurando"))).toBe(false);

    const reopened = await openPglite(join(dataDir, "pglite"));
    try {
      await reopened.migrate(); // what the server does at start: nothing left to apply
      expect((await reopened.db.select().from(condominios)).map((c) => c.nome).sort()).toEqual(["Primeiro da transação", "Segundo da transação"]);
    } finally {
      await reopened.close();
    }
  });

  it("refuses a backup of the other kind of database", async () => {
    const root = mkdtempSync(join(tmpdir(), "portal-restore-"));
    dirs.push(root);
    const file = join(root, "backup.dump");
    writeFileSync(file, Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(64)]));
    await expect(restoreBackup(testConfig({ dataDir: join(root, "data") }), file)).rejects.toThrow(/backup do PostgreSQL.*DATABASE_URL/);
    const sqlFile = join(root, "backup.sql.gz");
    writeFileSync(sqlFile, gzipSync("select 1;"));
    const postgres = testConfig({ databaseUrl: "postgres://portal@127.0.0.1:1/portal" });
    await expect(restoreBackup(postgres, sqlFile)).rejects.toThrow(/backup do banco embutido.*sem DATABASE_URL/);
    await expect(restoreBackup(postgres, join(root, "nada.dump"))).rejects.toThrow(/Arquivo não encontrado/);
    expect(existsSync(join(root, "data"))).toBe(false); // nothing was created
  });
});
