import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { SERVER_BUNDLE } from "./lib/server-bundle.mjs";

// Issue 32: the production image installs only package.json's `dependencies` (the Dockerfile's
// `npm prune --omit=dev --omit=optional`). This bundles the server and the image's tools exactly as
// scripts/build-server.mjs does and reads what they import from node_modules: each of those must
// be a dependency (or the image's server fails at its first request), and each dependency must be
// imported (or the image ships it for nothing: React and its kin belong to the browser's build).

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean; optional?: boolean }>;
};

/** The packages the bundled server and tools import at run time, by name. */
async function importadosPeloServidor(): Promise<Set<string>> {
  const result = await build({ ...SERVER_BUNDLE, write: false, metafile: true, logLevel: "silent" });
  const nomes = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith("node:") || builtinModules.includes(path)) continue;
      // "@scope/name/sub" and "name/sub" are the packages "@scope/name" and "name".
      nomes.add(
        path
          .split("/")
          .slice(0, path.startsWith("@") ? 2 : 1)
          .join("/"),
      );
    }
  return nomes;
}

describe("what the production image installs", () => {
  it("every package the server and the image's tools import is a dependency, and every dependency is imported", async () => {
    const importados = await importadosPeloServidor();
    const dependencias = Object.keys(pkg.dependencies);
    expect([...importados].filter((nome) => !dependencias.includes(nome)).sort()).toEqual([]);
    expect(dependencias.filter((nome) => !importados.has(nome)).sort()).toEqual([]);
  });

  it("the browser's packages are build-time only: none of them is installed by --omit=dev --omit=optional", () => {
    const doNavegador = [
      "react",
      "react-dom",
      "react-router",
      "@react-router/node",
      "radix-ui",
      "@tanstack/react-query",
      "lucide-react",
      "jsqr",
      "vite",
      "tailwindcss",
    ];
    for (const nome of doNavegador) {
      expect(pkg.dependencies[nome], nome).toBeUndefined();
      const entrada = lock.packages[`node_modules/${nome}`];
      expect(entrada, nome).toBeDefined();
      // 'dev' or 'devOptional' (an optional peer of a runtime package, e.g. React of better-auth):
      // the Dockerfile's prune leaves both out.
      expect(Boolean(entrada!.dev || entrada!.devOptional || entrada!.optional), nome).toBe(true);
    }
  });
});
