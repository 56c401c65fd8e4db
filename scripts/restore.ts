// `npm run restore -- <arquivo> [--force]`: restores a backup made by `npm run backup` into the
// configured database (DATA_DIR's PGlite, or DATABASE_URL's PostgreSQL), with the portal stopped,
// then checks the result (foreign keys, row counts). See docs/operations.md.
import { ConfigError, loadConfig } from "../src/server/config";
import { BackupError, restoreBackup } from "../src/server/db/backup";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";

const USAGE = `Uso: npm run restore -- <arquivo> [--force]

  Sem DATABASE_URL: restaura um backup .sql.gz em DATA_DIR/pglite (o portal deve estar parado).
  Com DATABASE_URL: restaura um backup .dump com pg_restore nesse banco, que deve estar vazio
  (crie um com createdb) e sem conexões.
  --force   substitui um banco que já tem dados (PGlite: o atual é guardado ao lado;
            PostgreSQL: pg_restore --clean --if-exists)`;

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) throw new BackupError(`Informe um arquivo de backup.\n\n${USAGE}`);
  const config = loadConfig();
  const { kind, report, replacedBy } = await restoreBackup(config, files[0]!, { force });

  console.log(`Backup restaurado no ${kind === "pglite" ? `PGlite em ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}.`);
  if (replacedBy) console.log(`O banco que estava lá foi guardado em ${replacedBy}.`);
  console.log("Linhas por tabela:");
  for (const [table, n] of Object.entries(report.counts)) console.log(`  ${table.padEnd(40)} ${n}`);
  if (report.violations.length || report.unvalidated.length) {
    for (const v of report.violations) console.error(`  ${v.table}: ${v.rows} linha(s) sem ${v.references} (${v.constraint})`);
    for (const c of report.unvalidated) console.error(`  chave estrangeira não validada: ${c}`);
    throw new BackupError("A verificação de integridade falhou: veja as linhas acima.");
  }
  console.log(`Integridade: ${report.foreignKeys.length} chaves estrangeiras conferidas, nenhuma linha órfã.`);
  console.log("Inicie o portal (npm start): as migrações que faltarem rodam na partida.");
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(`\n${error.message}\n`);
  else console.error("A restauração falhou:", error);
  process.exit(1);
});
