// `npm run backup -- [arquivo]`: a backup of the configured database (DATA_DIR's PGlite, with the
// portal running or not, or DATABASE_URL's PostgreSQL). See docs/operations.md.
import { statSync } from "node:fs";
import { ConfigError, loadConfig } from "../src/server/config";
import { BackupError, takeBackup } from "../src/server/db/backup";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";

const USAGE = `Uso: npm run backup -- [--pelo-portal] [arquivo]

  Sem DATABASE_URL: dump SQL (gzip) do banco embutido em DATA_DIR, pedido ao portal em execução
  ou, com ele parado, lido do diretório. Padrão: backups/portal-pglite-AAAAMMDD-HHMMSS.sql.gz
  --pelo-portal: só pelo portal em execução; sem resposta dele, falha (um contêiner ao lado do
  portal, no mesmo volume, nunca abre o diretório).
  Com DATABASE_URL: pg_dump -Fc (o pg_dump precisa ser da versão do servidor ou mais novo).
  Padrão: backups/portal-postgres-AAAAMMDD-HHMMSS.dump`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const somentePeloPortal = args.includes("--pelo-portal");
  const arquivos = args.filter((a) => a !== "--pelo-portal");
  if (arquivos.length > 1 || arquivos.some((a) => a.startsWith("-"))) throw new BackupError(`Argumentos inválidos: ${args.join(" ")}\n\n${USAGE}`);
  const config = loadConfig();
  const result = await takeBackup(config, arquivos[0], { somentePeloPortal });
  const size = (statSync(result.file).size / 1024).toFixed(1);
  const source =
    result.kind === "postgres"
      ? "PostgreSQL (pg_dump -Fc)"
      : result.from === "server"
        ? "PGlite, pelo portal em execução"
        : "PGlite, direto do diretório de dados";
  console.log(`Backup gravado: ${result.file} (${size} KiB; ${source})`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(`\n${error.message}\n`);
  else console.error("O backup falhou:", error);
  process.exit(1);
});
