// How the server (src/server/main.ts) and the image's tools (scripts/cli.ts) are bundled: read by
// scripts/build-server.mjs, which writes build/server/main.js and cli.js, and by
// scripts/dependencias-de-execucao.test.ts, which checks that what they import is exactly
// package.json's dependencies (what the image installs). Dependencies stay external.
export const SERVER_BUNDLE = {
  entryPoints: { main: "src/server/main.ts", cli: "scripts/cli.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  // "@shared/*" resolves through tsconfig.json's paths, which esbuild reads (as tsx and TypeScript do;
  // vitest.config.ts and vite.config.ts repeat it as an alias).
  tsconfig: "tsconfig.json",
};
