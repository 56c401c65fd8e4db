// `npm run lighthouse`: audits the public pages of the production build with Lighthouse 12
// (mobile preset = its default config) in the system Chromium, prints one markdown table with the
// four category scores and the JavaScript transferred per page, writes a JSON summary under
// bench/results/, and exits non-zero when a target is missed (a gate), unless --no-gate.
//
//   npm run lighthouse [-- --runs N] [-- --no-gate] [-- --save-lhr]
//
// Each page is audited N times (default 3) and the median run (Lighthouse's own pick) is kept.
// The not-found page answers 404 with noindex on purpose: only its accessibility is audited, once.
// Nothing leaves the machine: the server, the browser and every request stay on loopback.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir, totalmem } from "node:os";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { HOME_JS_MAX_KB } from "./lib/budgets.mjs";
import { ensureBuild } from "./lib/build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);

/** Every public page. `notFound`: the page answers 404 with noindex on purpose, so only its accessibility is audited. */
const PAGES = [
  { path: "/" },
  { path: "/servicos" },
  { path: "/sobre" },
  { path: "/contato" },
  { path: "/leads" },
  { path: "/politica-de-privacidade" },
  { path: "/termos-de-uso" },
  { path: "/login" },
  { path: "/pagina-que-nao-existe", notFound: true },
];
const CATEGORIES = [
  { id: "performance", label: "Performance", min: 95 },
  { id: "accessibility", label: "Accessibility", min: 100 },
  { id: "best-practices", label: "Best practices", min: 100 },
  { id: "seo", label: "SEO", min: 100 },
];
/** Runs of one page that may fail to record (and be run again) before the command gives up. */
const MAX_RETRIES = 2;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "no-gate": { type: "boolean", default: false },
    "save-lhr": { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs precisa ser um inteiro >= 1");
  process.exit(2);
}

async function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** build/server/main.js as a child process: fresh PGlite in a temporary DATA_DIR, loopback only. */
async function startServer() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "portal-lighthouse-data-"));
  const env = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: origin };
  // A configured PostgreSQL or SMTP server is not part of the audit.
  for (const name of ["DATABASE_URL", "SMTP_URL", "SERVE_CLIENT", "TRUST_PROXY"]) delete env[name];
  const child = spawn(process.execPath, ["--enable-source-maps", "build/server/main.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolveExit) => child.once("exit", (code) => resolveExit(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    const state = await Promise.race([exited.then((code) => ({ code })), new Promise((r) => setTimeout(() => r(null), 200))]);
    if (state) throw new Error(`o servidor saiu (código ${state.code}) antes de responder:\n${output}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`o servidor não respondeu em 60 s:\n${output}`);
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** What the server answers for a hashed script: its compression and caching headers. */
async function assetHeaders(origin) {
  const html = await (await fetch(`${origin}/`)).text();
  const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  if (!script) throw new Error("a página inicial não referencia nenhum /assets/*.js");
  const response = await fetch(`${origin}${script}`, { headers: { "accept-encoding": "br, gzip" } });
  await response.arrayBuffer();
  const encoding = response.headers.get("content-encoding");
  const cacheControl = response.headers.get("cache-control") ?? "";
  const maxAge = Number(cacheControl.match(/max-age=(\d+)/)?.[1] ?? 0);
  return { asset: script, contentEncoding: encoding, cacheControl, ok: (encoding === "br" || encoding === "gzip") && maxAge >= 31_536_000 };
}

function pageSummary(path, lhr, origin, audited) {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const external = requests.map((r) => r.url).filter((url) => !url.startsWith(origin) && !/^(data|blob):/.test(url));
  const scores = Object.fromEntries(audited.map((c) => [c.id, Math.round((lhr.categories[c.id]?.score ?? 0) * 100)]));
  // The audits that cost points in a category that missed its target, to say why.
  const failing = {};
  for (const c of audited) {
    if (scores[c.id] >= c.min) continue;
    failing[c.id] = lhr.categories[c.id].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ({ id: ref.id, score: lhr.audits[ref.id].score, displayValue: lhr.audits[ref.id].displayValue ?? "" }));
  }
  const metrics = Object.fromEntries(
    ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"].map((id) => [
      id,
      lhr.audits[id]?.numericValue ?? null,
    ]),
  );
  const missed = audited.filter((c) => scores[c.id] < c.min).map((c) => c.id);
  // The requests are recorded only with the performance category (not on the not-found page).
  const jsKB = lhr.audits["network-requests"] ? Math.round((scriptBytes / 1024) * 10) / 10 : null;
  if (path === "/" && jsKB > HOME_JS_MAX_KB) missed.push("javascript");
  if (external.length > 0) missed.push("external-requests");
  return { path, scores, jsKB, metrics, externalRequests: external, failingAudits: failing, missed };
}

function markdownTable(pages) {
  const mark = (ok, text) => (ok ? text : `${text} ✗`);
  const lines = [
    `| Page | ${CATEGORIES.map((c) => c.label).join(" | ")} | JS transferred (KB, compressed) |`,
    `| --- | ${CATEGORIES.map(() => "---:").join(" | ")} | ---: |`,
    ...pages.map((p) => {
      const cells = CATEGORIES.map((c) => (c.id in p.scores ? mark(p.scores[c.id] >= c.min, String(p.scores[c.id])) : "–"));
      const js = p.jsKB === null ? "–" : mark(p.path !== "/" || p.jsKB <= HOME_JS_MAX_KB, p.jsKB.toFixed(1));
      return `| ${p.path} | ${cells.join(" | ")} | ${js} |`;
    }),
    `| **target** | ${CATEGORIES.map((c) => (c.min === 100 ? "100" : `≥ ${c.min}`)).join(" | ")} | ≤ ${HOME_JS_MAX_KB} on / |`,
  ];
  return lines.join("\n");
}

const timestamp = new Date()
  .toISOString()
  .replace(/[:]/g, "-")
  .replace(/\.\d+Z$/, "Z");
const resultsDir = resolve("bench/results");
let server;
let chrome;
let chromeDir;
const cleanup = async () => {
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  if (chromeDir) rmSync(chromeDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  await server?.stop();
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

let summary;
try {
  ensureBuild();
  server = await startServer();
  const headers = await assetHeaders(server.origin);

  chromeDir = mkdtempSync(join(tmpdir(), "portal-lighthouse-chrome-"));
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    userDataDir: chromeDir,
    logLevel: "silent",
  });

  const pages = [];
  const lhrs = {};
  for (const { path, notFound = false } of PAGES) {
    const url = `${server.origin}${path}`;
    const audited = CATEGORIES.filter((c) => !notFound || c.id === "accessibility");
    const measured = audited.some((c) => c.id === "performance");
    // Without performance there is nothing to take a median of: one run.
    const pageRuns = measured ? runs : 1;
    const results = [];
    let retries = 0;
    while (results.length < pageRuns) {
      process.stderr.write(`Lighthouse ${path} (${results.length + 1}/${pageRuns})...\n`);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: audited.map((c) => c.id),
        disableFullPageScreenshot: true,
        ignoreStatusCode: notFound,
      });
      if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
      const error = result.lhr.runtimeError;
      // Chromium now and then loses a run's trace (NO_NAVSTART, NO_FCP...): that run measured
      // nothing, so it is run again, a few times at most, and the retries are reported.
      if (!error) results.push(result.lhr);
      else if (retries === MAX_RETRIES) throw new Error(`Lighthouse falhou em ${url}: ${error.message}`);
      else process.stderr.write(`  ${error.code}: a medição falhou; de novo (${++retries}/${MAX_RETRIES})\n`);
    }
    const lhr = measured ? computeMedianRun(results) : results[0];
    lhrs[path] = lhr;
    const performanceRuns = measured ? results.map((r) => Math.round(r.categories.performance.score * 100)) : [];
    pages.push({ ...pageSummary(path, lhr, server.origin, audited), performanceRuns, retries });
  }

  const any = Object.values(lhrs)[0];
  summary = {
    date: new Date().toISOString(),
    lighthouse: any.lighthouseVersion,
    preset: "mobile (Lighthouse default config, simulated throttling)",
    runsPerPage: runs,
    machine: {
      nproc: availableParallelism(),
      memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      cpu: cpus()[0]?.model ?? "unknown",
      node: process.version,
      chromium: (await chromeVersion(chrome.port)) ?? any.environment.hostUserAgent,
      benchmarkIndex: any.environment.benchmarkIndex,
    },
    targets: { ...Object.fromEntries(CATEGORIES.map((c) => [c.id, c.min])), homeJavaScriptKB: HOME_JS_MAX_KB },
    compressionAndCaching: headers,
    pages,
    passed: pages.every((p) => p.missed.length === 0) && headers.ok,
  };

  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `lighthouse-${timestamp}.json`);
  writeFileSync(file, JSON.stringify(summary, null, 2) + "\n");
  if (args["save-lhr"]) {
    // Full reports are large: kept beside the summary, ignored by git.
    for (const [path, lhr] of Object.entries(lhrs)) {
      const name = path === "/" ? "home" : path.slice(1);
      writeFileSync(join(resultsDir, `lighthouse-${timestamp}-${name}.lhr.tmp`), JSON.stringify(lhr));
    }
  }

  console.log(`\n${markdownTable(pages)}\n`);
  console.log(
    `Compression and caching of ${headers.asset}: content-encoding ${headers.contentEncoding ?? "none"}, cache-control "${headers.cacheControl}"${headers.ok ? "" : " ✗"}`,
  );
  console.log(
    `Machine: ${summary.machine.nproc} CPUs (${summary.machine.cpu}), ${summary.machine.memoryGiB} GiB, Node ${process.version}, ${summary.machine.chromium}, Lighthouse ${summary.lighthouse}, ${runs} run(s) per page (median), benchmarkIndex ${Math.round(summary.machine.benchmarkIndex)}`,
  );
  for (const page of pages) {
    if (page.externalRequests.length) console.log(`${page.path}: requests outside the portal: ${page.externalRequests.join(", ")}`);
    for (const [category, audits] of Object.entries(page.failingAudits)) {
      const list = audits.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`).join(", ");
      console.log(`${page.path} ${category}: ${list}`);
    }
  }
  console.log(`Summary: ${file}`);
} finally {
  await cleanup();
}

if (!summary?.passed) {
  console.log(args["no-gate"] ? "Targets missed (--no-gate: exit 0)." : "Targets missed.");
  if (!args["no-gate"]) process.exitCode = 1;
} else {
  console.log("All targets met.");
}

/** "Chromium 156.0..." as the browser reports it over the DevTools protocol. */
async function chromeVersion(port) {
  try {
    const info = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
    return info.Browser?.replace(/^(Headless)?Chrome\//, "Chromium ");
  } catch {
    return undefined;
  }
}
