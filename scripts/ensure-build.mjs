// Builds the portal when the build is missing or older than the sources (`npm start`, `npm run bench`).
// Run directly (`node scripts/ensure-build.mjs`) it exits with the build's status.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const outputs = ["build/server/main.js", "build/client/index.html"];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Returns the exit status: 0 when the build is up to date or was rebuilt. */
export function ensureBuild() {
  const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
  const sourcesAt = Math.max(...["src", "public", "drizzle", "package-lock.json"].filter(existsSync).map(newestMtime));
  if (builtAt >= sourcesAt) return 0;
  console.log("Gerando o build do portal (primeira vez ou código alterado)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  return result.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(ensureBuild());
