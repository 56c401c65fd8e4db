// Bundles the server (src/server/main.ts) into build/server/main.js and the image's tools
// (scripts/cli.ts) into build/server/cli.js; dependencies stay external (scripts/lib/server-bundle.mjs).
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./lib/server-bundle.mjs";

// The portal, and the image's tools (migrate, backup, restore, seed-demo: scripts/cli.ts).
await build({ ...SERVER_BUNDLE, sourcemap: true, logLevel: "warning" });

// Hashed client assets compressed once, at the highest levels, instead of on every request
// (the server sends the .br/.gz beside each file when the browser accepts it: preCompressed).
const { readdir, readFile, writeFile } = await import("node:fs/promises");
const { brotliCompressSync, gzipSync, constants } = await import("node:zlib");
const assetsDir = "build/client/assets";
const compressible = /\.(js|mjs|css|svg|json|txt|map)$/;
for (const name of await readdir(assetsDir)) {
  if (!compressible.test(name)) continue;
  const path = `${assetsDir}/${name}`;
  const source = await readFile(path);
  if (source.length < 1024) continue;
  await writeFile(
    `${path}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
  );
  await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
}
