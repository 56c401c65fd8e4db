// Bundles the server (src/server/main.ts) into build/server/main.js; dependencies stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
