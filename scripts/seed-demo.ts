// `npm run seed:demo -- [--scale N] [--force]`: fills the configured database (DATA_DIR's PGlite or
// DATABASE_URL's PostgreSQL) with deterministic pt-BR demonstration data. See README.md.
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { createAuth } from "../src/server/auth/auth";
import { ConfigError, loadConfig } from "../src/server/config";
import { carregarChave } from "../src/server/modules/registros/selos";
import { abrirBancoConfigurado } from "../src/server/db/abrir";
import { DataDirLockedError } from "../src/server/db/data-dir-lock";
import { carregarChaveDosDispositivos } from "../src/server/modules/dispositivos/senha";
import { DEMO_DOMAIN, DEMO_PASSWORD, DemoRefusedError, seedDemo } from "./demo/data";
import { seed } from "../src/server/seed";
import { loadAuthSecret } from "../src/server/db/settings";
import { createMailer } from "../src/server/email/mailer";
import { createOutbox } from "../src/server/email/outbox";
import { createAttemptLimiter } from "../src/server/auth/attempt-limiter";

const USAGE = `Uso: npm run seed:demo -- [--scale N] [--force]

  --scale N   tamanho dos dados (padrão 1: 200 condomínios, 40.000 unidades, 100.000 moradores,
              60.000 veículos, 5.000 prestadores, 200 usuários e 12 meses de portaria com cerca
              de 10 milhões de registros de acesso, e um mês de encomendas, cerca de 5.000
              por dia); aceita frações, ex.: 0.01
  --force     grava mesmo se o banco já tiver condomínios ou prestadores que não são de demonstração`;

function parseArgs(argv: string[]): { scale: number; force: boolean } {
  let scale = 1;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--force") force = true;
    else if (arg === "--scale" || arg.startsWith("--scale=")) {
      const value = arg.includes("=") ? arg.slice("--scale=".length) : argv[++i];
      scale = Number(value);
      if (!value || !Number.isFinite(scale) || scale <= 0 || scale > 100) throw new UsageError(`Escala inválida: ${value ?? "(vazia)"}.`);
    } else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new UsageError(`Opção desconhecida: ${arg}.`);
  }
  return { scale, force };
}
class UsageError extends Error {}

/** A single updating line per table on stderr (one line per finished table when not a terminal). */
function progressBar() {
  const tty = process.stderr.isTTY;
  let current = "";
  let lastPct = -1;
  return (label: string, done: number, total: number) => {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    if (label !== current) {
      current = label;
      lastPct = -1;
    }
    if (pct === lastPct) return;
    lastPct = pct;
    const width = 30;
    const filled = Math.round((pct / 100) * width);
    const line = `  ${label.padEnd(24)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(pct).padStart(3)}%  ${done.toLocaleString("pt-BR")}/${total.toLocaleString("pt-BR")}`;
    if (tty) process.stderr.write(`\r${line}${done >= total ? "\n" : ""}`);
    else if (done >= total) process.stderr.write(`${line}\n`);
  };
}

async function main() {
  const { scale, force } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  // The demo replaces its own history with the triggers off: the tables' owner's work. With
  // PGlite, never beside a running portal on the same directory (the lock).
  const banco = await abrirBancoConfigurado(config, { conexoes: 2, comoDono: true });
  const { database } = banco;
  const started = Date.now();
  try {
    await database.migrate();
    const secret = config.authSecret ?? (await loadAuthSecret(database.db));
    // Seeding sends no e-mail: this outbox's worker never starts and nothing is queued.
    const outbox = createOutbox({ db: database.db, mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, log: () => undefined }), log: console });
    const recoveryLimiter = createAttemptLimiter(database.db, config.rateLimits.recoveryPerAddress);
    const auth = createAuth({ config, db: database.db, outbox, recoveryLimiter, secret });
    const seeded = await seed(database.db, auth, { email: config.adminEmail, password: config.adminPassword });

    console.error(
      `Gerando dados de demonstração (escala ${scale}) em ${database.kind === "pglite" ? `PGlite (${resolve(config.dataDir)})` : "PostgreSQL (DATABASE_URL)"}...`,
    );
    const { chave } = carregarChave(config);
    const result = await seedDemo(database.db, auth, {
      scale,
      force,
      onProgress: progressBar(),
      chave,
      chaveDispositivos: carregarChaveDosDispositivos(config).chave,
    });
    // Fresh bulk data: planner statistics and the visibility map now, as autovacuum would do
    // later on PostgreSQL (PGlite has none; see src/server/db/maintenance.ts).
    console.error("  atualizando as estatísticas do banco (vacuum analyze)...");
    await database.db.execute(sql`vacuum analyze`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const n = (v: number) => v.toLocaleString("pt-BR");
    const c = result.counts;
    const a = result.ativos;
    console.log(
      [
        "",
        `Dados de demonstração ${result.replaced ? "substituídos" : "criados"} em ${seconds} s:`,
        `  ${n(c.condominios)} condomínios (${n(a.condominios)} ativos), ${n(c.unidades)} unidades (${n(a.unidades)} ativas)`,
        `  ${n(c.moradores)} moradores (${n(a.moradores)} ativos), ${n(c.veiculos)} veículos (${n(a.veiculos)} ativos)`,
        `  ${n(c.prestadores)} prestadores (${n(a.prestadores)} ativos), ${n(c.usuarios)} usuários em 10 grupos (${n(a.usuarios)} ativos)`,
        `  ${n(result.historico.registros)} registros de acesso em 12 meses (${n(result.historico.negados)} negados), ${n(result.historico.bloqueios)} bloqueios, ${n(result.historico.presencas)} pessoas no condomínio agora`,
        `  ${n(result.encomendas.encomendas)} encomendas no último mês (${n(result.encomendas.aguardando)} aguardando retirada), ${n(result.encomendas.eventos)} eventos de custódia`,
        `  ${n(result.livro.turnos)} turnos e ${n(result.livro.ocorrencias)} ocorrências no livro da portaria (${n(result.livro.emAberto)} em aberto)`,
        "",
        `Usuários de demonstração: nome.sobrenome.N@${DEMO_DOMAIN}, todos com a senha: ${DEMO_PASSWORD}`,
        ...(result.dispositivos
          ? [`  ${result.dispositivos.total} dispositivos simulados em ${result.dispositivos.condominio}: rode \`npm run simulador\` para vê-los funcionar`]
          : []),
        ...result.sampleUsers.map(
          (u) =>
            `  ${u.email}  (${u.status}, ${u.grupo}, ${u.condominios === null ? "todos os condomínios" : u.condominios === 1 ? "1 condomínio" : `${u.condominios} condomínios`})`,
        ),
        ...(seeded.createdAdmin ? ["", `Administrador criado: ${seeded.createdAdmin.email} / ${seeded.createdAdmin.password}`] : []),
      ].join("\n"),
    );
  } finally {
    await banco.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof DemoRefusedError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(`\n${error.message}`);
  else console.error(error);
  process.exit(1);
});
