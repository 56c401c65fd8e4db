import { canaisDesligados } from "./modules/notificacoes/canais";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { abrirBancoConfigurado } from "./db/abrir";
import { dumpPglite } from "./db/backup";
import { serveBackups, type BackupSocket } from "./db/backup-socket";
import { DataDirLockedError } from "./db/data-dir-lock";
import { schedulePgliteMaintenance } from "./db/maintenance";
import { seed } from "./seed";
import { carregarChave } from "./modules/registros/selos";
import { createLogger, logFormatFor } from "./logging";
import { serveMetrics } from "./metrics";

/** The Node.js major the portal is tested on (package.json engines, docs/decisions/0030). */
const MIN_NODE_MAJOR = 24;

// env -> open database (with the data-directory lock) -> migrate -> seed -> listen
// (+ with PGlite, the backup control socket in DATA_DIR: `npm run backup` while running).
async function main() {
  const config = loadConfig();
  const clientDir = fileURLToPath(new URL("../client", import.meta.url));
  // In `npm run dev` Vite serves the client; the API process serves only /api.
  if (process.env.SERVE_CLIENT !== "false" && existsSync(resolve(clientDir, "index.html"))) config.clientDir = clientDir;

  const dataDir = resolve(config.dataDir);
  const banco = await abrirBancoConfigurado(config, { conexoes: config.databasePoolMax, tempoMaximoMs: config.databaseStatementTimeoutMs });
  const { database } = banco;
  await database.migrate();

  const logger = createLogger(config);
  // The chain's key, read (or generated) here to say where it is; never in the database.
  const chave = carregarChave(config);
  const cadeia = { chave: chave.chave, checkpointDir: resolve(config.checkpointDir ?? resolve(dataDir, "checkpoints")) };
  const { app, auth, mailer, metrics } = await buildApp(config, { database, logger, cadeia });
  const seeded = await seed(database.db, auth, { email: config.adminEmail, password: config.adminPassword });
  const maintenance = schedulePgliteMaintenance(database, (line) => app.log.info(line));

  let backups: BackupSocket | null = null;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | null = null;
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
      await metricsServer?.close();
      mailer.close();
    } finally {
      await banco.close(); // and the data directory's lock
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics) metricsServer = await serveMetrics(metrics, config.metrics.port, config.metrics.host);
  if (database.pglite) {
    const pglite = database.pglite;
    backups = await serveBackups(dataDir, () => dumpPglite(pglite), { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
  }
  const banner = [
    "",
    `Portal no ar: ${config.publicUrl}`,
    `Banco de dados: ${database.kind === "pglite" ? `PGlite embutido em ${resolve(config.dataDir)}` : "PostgreSQL (DATABASE_URL)"}`,
    `Node.js: ${process.version}`,
  ];
  // `npm start` runs on the Node 24 from the lock; started by hand with an older node, say so.
  if (Number(process.versions.node.split(".")[0]) < MIN_NODE_MAJOR) {
    banner.push(
      `Aviso: Node.js ${process.version} é anterior ao ${MIN_NODE_MAJOR}, o único testado; inicie com \`npm start\` (usa o Node ${MIN_NODE_MAJOR} de node_modules).`,
    );
  }
  const admin = seeded.createdAdmin;
  if (admin) {
    banner.push(`Primeiro administrador criado. Entre em ${config.publicUrl}/login com:`, `  email: ${admin.email}`);
    // A password the operator chose (ADMIN_PASSWORD) is theirs already: never repeated in a log.
    banner.push(admin.generated ? `  senha: ${admin.password}   (gerada agora e exibida só desta vez)` : "  senha: a de ADMIN_PASSWORD");
  } else if (seeded.administradores.length) {
    banner.push(`Entre em ${config.publicUrl}/login como administrador: ${seeded.administradores.join(", ")}.`);
  } else {
    banner.push("Aviso: nenhum administrador ativo. Reative um pelo banco de dados (docs/operations.md).");
  }
  if (chave.gerada) banner.push(`Chave da cadeia dos registros gerada em ${chave.origem}: guarde uma cópia fora do servidor (docs/operations.md).`);
  banner.push(`Checkpoints da cadeia dos registros: ${cadeia.checkpointDir}`);
  if (database.kind === "postgres" && !config.migrationDatabaseUrl) {
    banner.push(
      "Aviso: MIGRATION_DATABASE_URL não configurado: o papel do portal é o dono das tabelas e pode alterar os registros de acesso; a cadeia vale então o que valem a chave (CHAIN_KEY) e os checkpoints fora do banco (docs/operations.md).",
    );
  }
  if (!config.smtpUrl) {
    banner.push("Aviso: SMTP_URL não configurado: nenhum e-mail é entregue (recuperação de senha, convites); cada mensagem vai só para o log.");
  }
  // The resident's notices: each channel that is off says what would turn it on (modules/notificacoes/canais.ts).
  for (const linha of canaisDesligados(config)) banner.push(`Aviso: ${linha}`);
  if (metricsServer) banner.push(`Métricas (Prometheus): http://${config.metrics!.host}:${metricsServer.port}/metrics`);
  if (!config.clientDir) banner.push("Aviso: build do site não encontrado; só a API está servindo.");
  // In a terminal, the banner as text; otherwise one log line per item, between the JSON lines.
  if (logFormatFor(config) === "pretty") console.log(banner.join("\n") + "\n");
  else
    for (const line of banner.filter(Boolean)) {
      if (line.startsWith("Aviso:")) logger.warn(line);
      else logger.info(line);
    }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error("Falha ao iniciar o portal:", error);
  }
  process.exit(1);
});
