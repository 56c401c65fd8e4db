// `npm run migrate`: applies the committed migrations (and the job queue's schema) to the
// configured database and stops — what a Kubernetes Job runs before a rolling update, so no new
// instance waits on another's migration. The portal also migrates on start; this is the same step
// alone. With PGlite the portal must be stopped (the data directory's lock). docs/operations.md.
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../src/server/config";
import { abrirBancoConfigurado } from "../src/server/db/abrir";
import { queryRows, type Database } from "../src/server/db/client";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";

const USAGE = `Uso: npm run migrate

  Aplica as migrações do banco configurado (DATA_DIR ou DATABASE_URL, com MIGRATION_DATABASE_URL
  quando o dono das tabelas é outro papel) e termina. Com o PGlite, o portal deve estar parado.`;

/** Migrations recorded as applied (drizzle's own table; absent before the first). */
async function aplicadas(database: Database): Promise<number> {
  try {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return Number(row?.n ?? 0);
  } catch {
    return 0;
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return;
  }
  if (args.length) throw new ConfigError(`Argumentos inválidos: ${args.join(" ")}\n\n${USAGE}`);
  const config = loadConfig();
  const banco = await abrirBancoConfigurado(config, { conexoes: 1 });
  const { database } = banco;
  try {
    const antes = await aplicadas(database);
    await database.migrate();
    const depois = await aplicadas(database);
    const onde = database.kind === "pglite" ? `PGlite em ${resolve(config.dataDir)}` : "PostgreSQL (DATABASE_URL)";
    console.log(
      depois > antes
        ? `Migrações aplicadas no ${onde}: ${depois - antes} nova(s), ${depois} ao todo.`
        : `Banco em dia no ${onde}: ${depois} migrações já aplicadas.`,
    );
  } finally {
    await banco.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(`\n${error.message}\n`);
  else console.error("As migrações falharam:", error);
  process.exit(1);
});
