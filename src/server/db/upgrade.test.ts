import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, queryRows } from "./client";

// An installation upgraded across a migration keeps what its users had: the migration is run on
// a database made by the earlier migrations, with rows in it.

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A copy of drizzle/ that ends just before the migration tagged `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "portal-migracoes-"));
  folders.push(folder);
  cpSync("drizzle", folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `migration ${tag}`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe("upgrade to the condominium scope (0011)", () => {
  it("keeps every existing user's access to all condominiums; users created afterwards start with none", async () => {
    const database = await openPglite(undefined, migrationsBefore("0011_escopo_condominios"));
    try {
      await database.migrate();
      await database.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('antigo', 'Porteiro Antigo', 'antigo@teste.local', true, now(), now())`);
      await database.db.execute(sql`insert into portaria_web_usuarios (auth_user_id, nome_completo, email, status)
        values ('antigo', 'Porteiro Antigo', 'antigo@teste.local', 'ativo')`);

      await migrate(database.db as never, { migrationsFolder: "drizzle" });

      await database.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('novo', 'Porteira Nova', 'novo@teste.local', true, now(), now())`);
      await database.db.execute(sql`insert into portaria_web_usuarios (auth_user_id, nome_completo, email, status)
        values ('novo', 'Porteira Nova', 'novo@teste.local', 'ativo')`);
      const rows = await queryRows<{ email: string; acesso_todos_condominios: boolean }>(
        database.db,
        sql`select email, acesso_todos_condominios from portaria_web_usuarios order by email`,
      );
      expect(rows).toEqual([
        { email: "antigo@teste.local", acesso_todos_condominios: true },
        { email: "novo@teste.local", acesso_todos_condominios: false },
      ]);
    } finally {
      await database.close();
    }
  });
});
