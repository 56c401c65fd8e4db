import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrationsFolder, openPglite, type Database } from "../db/client";

let template: Promise<Blob> | undefined;

/**
 * What makes a template stale: every migration file, the PGlite release, the pg-boss release and
 * db/client.ts (its `migrate` also creates the pending unique indexes and the job schema).
 */
function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(fileURLToPath(new URL("../../../node_modules/@electric-sql/pglite/package.json", import.meta.url))));
  hash.update(readFileSync(fileURLToPath(new URL("../db/client.ts", import.meta.url))));
  // migrate() also installs pg-boss's schema, whose version comes with the package.
  hash.update(readFileSync(fileURLToPath(new URL("../../../node_modules/pg-boss/package.json", import.meta.url))));
  for (const dir of [migrationsFolder, join(migrationsFolder, "meta")]) {
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".sql") && !name.endsWith(".json")) continue;
      hash.update(name).update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The migrated, empty data directory every test's PGlite starts from. initdb and the migrations
 * cost ~2.5 s per database and the suites open dozens; loading a dump costs ~0.6 s. Made once per
 * machine and migration set, in the temp folder (written under a temporary name and renamed, so
 * parallel workers never read half a file).
 */
async function migratedTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `portal-pglite-${templateKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openPglite(undefined);
  try {
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/** A fresh in-memory PGlite with every migration applied, as `openPglite` + `migrate` would give. */
export async function openMigratedPglite(): Promise<Database> {
  template ??= migratedTemplate();
  return openPglite(undefined, undefined, await template);
}
