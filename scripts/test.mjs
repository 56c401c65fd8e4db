// `npm test`: unit + API tests on PGlite, the API tests again on PostgreSQL, then the browser
// tests in Chromium (and the process-level crash/backup tests) against a fresh production build,
// then the production image built and smoke-tested. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import pg from "pg";

const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/test";
const ci = process.env.CI === "true";
const only = process.argv[2]; // optional: unit | api | pg | e2e | image
const resultsDir = mkdtempSync(join(tmpdir(), "portal-tests-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
/** The failed tests, named again at the end: CI keeps only the output's tail. */
const failedTests = [];

// The first line says which Node.js runs the suites: npm puts node_modules/.bin first on PATH, and
// its `node` is the Node 24 build from the lock (node-<platform>-<arch>), not the system's.
console.log(`Node.js ${process.version} (${process.execPath})`);

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

function vitest(label, projects, env = {}) {
  const out = join(resultsDir, `${label.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
  run(label, "npx", args, env);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8"));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) failedSteps.push(`${label}: no test ran`);
    for (const file of report.testResults ?? []) {
      const name = relative(process.cwd(), file.name);
      const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      // A file that failed to load (or whose hook failed) has no failed test of its own.
      if (!failed.length && file.status === "failed") failedTests.push(`${label} · ${name}: ${firstLine(file.message)}`);
      for (const t of failed) failedTests.push(`${label} · ${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
  } else {
    failedSteps.push(`${label}: no report`);
  }
}

const firstLine = (text) =>
  (text ?? "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "";

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (!only || only === "unit" || only === "api") {
  vitest("unit + API (PGlite)", only ? [only] : ["unit", "api"], { TEST_DATABASE_URL: "" });
}

// PostgreSQL is required in CI or when TEST_DATABASE_URL is given; elsewhere its tests are optional.
const pgUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG;
const pgRequired = ci || Boolean(process.env.TEST_DATABASE_URL);
const pgReachable = !only || only === "pg" || only === "e2e" ? await postgresReachable(pgUrl) : false;

if (!only || only === "pg") {
  if (pgReachable) {
    vitest("API (PostgreSQL)", ["api"], { TEST_DATABASE_URL: pgUrl });
  } else if (pgRequired) {
    console.error(`\nPostgreSQL não responde em ${pgUrl}: os testes de API no PostgreSQL são obrigatórios aqui.`);
    failedSteps.push("API (PostgreSQL): unreachable");
    totals.failed += 1;
  } else {
    console.warn(`\nAviso: PostgreSQL não responde em ${pgUrl}; defina TEST_DATABASE_URL para rodar os testes de API nele.`);
  }
}

if (!only || only === "e2e") {
  // The crash and backup tests also run on PostgreSQL: they fail when it is required and unreachable.
  const env = { TEST_DATABASE_URL: pgReachable || pgRequired ? pgUrl : "" };
  if (run("build", "npm", ["run", "build"])) vitest("browser (Chromium)", ["e2e"], env);
  else totals.failed += 1;
}

// The production image, built from the Dockerfile by buildah and smoke-tested (scripts/image-smoke.sh,
// decision 0284): needs root, buildah and debootstrap; required in CI, optional elsewhere.
if (!only || only === "image") {
  const has = (tool) => spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" }).status === 0;
  const possible = process.getuid?.() === 0 && has("buildah") && has("debootstrap");
  if (possible) {
    if (!run("image (buildah)", "bash", ["scripts/image-smoke.sh"])) totals.failed += 1;
    else totals.passed += 1;
  } else if (ci) {
    console.error("\nA imagem precisa de root, buildah e debootstrap (apt-get install -y buildah debootstrap): obrigatória na CI.");
    failedSteps.push("image (buildah): unavailable");
    totals.failed += 1;
  } else {
    console.warn("\nAviso: sem root, buildah ou debootstrap, a imagem não foi construída (npm test image, como root, a constrói).");
  }
}

console.log("");
for (const line of failedTests) console.log(`✗ ${line}`);
if (failedSteps.length) console.log(`Falhou: ${failedSteps.join("; ")}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
