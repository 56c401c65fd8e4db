// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this same process (so signals for graceful shutdown reach it directly).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const outputs = ["build/server/main.js", "build/client/index.html"];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const sourcesAt = Math.max(...["src", "public", "drizzle", "package-lock.json"].filter(existsSync).map(newestMtime));
if (builtAt < sourcesAt) {
  console.log("Gerando o build do portal (primeira vez ou código alterado)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
process.setSourceMapsEnabled(true);
await import("../build/server/main.js");
