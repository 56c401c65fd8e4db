import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openPglite, openPostgres, type Database } from "./db/client";
import { dumpPglite } from "./db/backup";
import { serveBackups, type BackupSocket } from "./db/backup-socket";
import { DataDirLockedError, lockDataDir, type DataDirLock } from "./db/data-dir-lock";
import { schedulePgliteMaintenance } from "./db/maintenance";
import { seed } from "./db/seed";

// env -> open database (with the data-directory lock) -> migrate -> seed -> listen
// (+ with PGlite, the backup control socket in DATA_DIR: `npm run backup` while running).
async function main() {
  const config = loadConfig();
  const clientDir = fileURLToPath(new URL("../client", import.meta.url));
  // In `npm run dev` Vite serves the client; the API process serves only /api.
  if (process.env.SERVE_CLIENT !== "false" && existsSync(resolve(clientDir, "index.html"))) config.clientDir = clientDir;

  let lock: DataDirLock | undefined;
  let database: Database;
  const dataDir = resolve(config.dataDir);
  if (config.databaseUrl) {
    database = await openPostgres(config.databaseUrl);
  } else {
    lock = lockDataDir(dataDir);
    database = await openPglite(resolve(dataDir, "pglite"));
  }
  await database.migrate();

  const { app, auth, mailer } = await buildApp(config, { database, logger: true });
  const seeded = await seed(database.db, auth, { email: config.adminEmail, password: config.adminPassword });
  const maintenance = schedulePgliteMaintenance(database, (line) => app.log.info(line));

  let backups: BackupSocket | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: encerrando (aguardando requisições em andamento)...`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      maintenance.stop();
      await app.close(); // stops accepting, lets in-flight requests finish
      await backups?.close();
      mailer.close();
      await database.close();
    } finally {
      lock?.release();
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  if (database.pglite) {
    const pglite = database.pglite;
    backups = await serveBackups(dataDir, () => dumpPglite(pglite), { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
  }
  const banner = [
    "",
    `Portal no ar: ${config.publicUrl}`,
    `Banco de dados: ${database.kind === "pglite" ? `PGlite embutido em ${resolve(config.dataDir)}` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (seeded.createdAdmin) {
    banner.push(
      `Primeiro administrador criado. Entre em ${config.publicUrl}/login com:`,
      `  email: ${seeded.createdAdmin.email}`,
      `  senha: ${seeded.createdAdmin.password}${seeded.createdAdmin.generated ? "   (gerada agora e exibida só desta vez)" : ""}`,
    );
  } else {
    banner.push(`Entre em ${config.publicUrl}/login com o administrador ${config.adminEmail} (senha definida no primeiro início).`);
  }
  if (!config.clientDir) banner.push("Aviso: build do site não encontrado; só a API está servindo.");
  console.log(banner.join("\n") + "\n");
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error("Falha ao iniciar o portal:", error);
  }
  process.exit(1);
});
