// The production build is stale when it is missing or older than anything it is made from.
// Shared by `npm start`, `npm run lighthouse` and `npm run bench`, which need an up-to-date build.
// Run directly (`node scripts/lib/build.mjs`) it builds when stale and exits with the build's status.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const outputs = ["build/server/main.js", "build/client/index.html"];
const sources = ["src", "public", "drizzle", "package-lock.json"];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** True when `npm run build` must run before the build can be served (paths relative to the cwd). */
export function buildIsStale() {
  const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
  const sourcesAt = Math.max(...sources.filter(existsSync).map(newestMtime));
  return builtAt < sourcesAt;
}

/** Runs `npm run build` when the build is stale; exits the process if the build fails. */
export function ensureBuild() {
  if (!buildIsStale()) return;
  console.log("Gerando o build do portal (primeira vez ou código alterado)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureBuild();
