// `npm run restore -- <arquivo> [--force]`: restores a backup made by `npm run backup` into the
// configured database (DATA_DIR's PGlite, or DATABASE_URL's PostgreSQL), with the portal stopped,
// then checks the result (foreign keys, row counts, the access records' chains against the key
// and the checkpoints). See docs/operations.md.
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig, type AppConfig } from "../src/server/config";
import { abrirBancoConfigurado } from "../src/server/db/abrir";
import { queryRows } from "../src/server/db/client";
import { verificarTodasAsCadeias } from "../src/server/modules/registros/integridade";
import { carregarChave } from "../src/server/modules/registros/selos";
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
  await conferirCadeias(config);
  console.log("Inicie o portal (npm start): as migrações que faltarem rodam na partida.");
}

/**
 * The access records' chains of the restored data against the key and the checkpoints kept
 * outside the database: a backup older than the last checkpoint lacks records, and this says so
 * before the portal runs on it (docs/operations.md).
 */
async function conferirCadeias(config: AppConfig) {
  const banco = await abrirBancoConfigurado(config, { conexoes: 1, comoDono: true });
  const { database } = banco;
  try {
    const [selos] = await queryRows<{ ok: boolean }>(database.db, sql`select to_regclass('public.portaria_web_registros_selos') is not null as ok`);
    if (!selos?.ok) {
      console.log("Cadeia dos registros: backup anterior aos selos; será selada na partida do portal.");
      return;
    }
    const chave = carregarChave(config, { gerar: false });
    if (!chave) {
      console.error(
        "ATENÇÃO: chave da cadeia dos registros não encontrada (CHAIN_KEY ou CHAIN_KEY_FILE / DATA_DIR/cadeia.key): a cadeia não foi conferida. " +
          "Use a chave da instalação de origem; sem ela, 'Verificar integridade' não confere os selos (docs/operations.md).",
      );
      return;
    }
    const cadeia = { chave: chave.chave, checkpointDir: resolve(config.checkpointDir ?? resolve(config.dataDir, "checkpoints")) };
    const { verificadas, quebradas } = await verificarTodasAsCadeias(database.db, cadeia);
    if (!quebradas.length) {
      console.log(`Cadeia dos registros: ${verificadas} condomínio(s) conferidos com a chave e os checkpoints de ${cadeia.checkpointDir}: íntegros.`);
      return;
    }
    console.error(
      `ATENÇÃO: cadeia dos registros: ${quebradas.length} de ${verificadas} condomínio(s) NÃO conferem com a chave e os checkpoints de ${cadeia.checkpointDir}:`,
    );
    for (const q of quebradas) console.error(`  ${q.nome}: ${q.mensagem}`);
    // Said loudly, not failed: the data is restored; what it lacks is for the operator to judge.
    console.error("Um backup anterior ao último checkpoint não tem os registros feitos depois dele; confira antes de pôr o portal no ar.");
  } finally {
    await banco.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(`\n${error.message}\n`);
  else console.error("A restauração falhou:", error);
  process.exit(1);
});
