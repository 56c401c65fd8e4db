import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importCycles, importGraph, type ImportGraph } from "./import-graph";

const repo = resolve(import.meta.dirname, "../..");
const names = (root: string, cycles: string[][]) => cycles.map((cycle) => cycle.map((file) => relative(root, file)));

describe("src/ (issue 27: no import cycle)", () => {
  const graph = importGraph(join(repo, "src"), join(repo, "tsconfig.json"));

  it("reads the whole tree, the aliases resolved", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get(join(repo, "src/server/main.ts"))).toContain(join(repo, "src/server/app.ts"));
    // "@shared/..." (tsconfig's paths) leads to the file, as a relative path does.
    expect(graph.get(join(repo, "src/client/components/portaria/acesso-negado.tsx"))).toContain(join(repo, "src/shared/messages.ts"));
  });

  it("has no cycle, type-only imports included", () => {
    expect(names(repo, importCycles(graph))).toEqual([]);
  });
});

describe("importCycles", () => {
  const dir = mkdtempSync(join(tmpdir(), "import-graph-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds a cycle through a type-only import and a path alias, and nothing outside it", () => {
    mkdirSync(join(dir, "x"));
    const files = {
      "tsconfig.json": JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", paths: { "@x/*": ["./x/*"] } }, include: ["**/*"] }),
      "a.ts": 'import type { B } from "./b";\nexport interface A { b?: B }\n',
      "b.ts": 'import { c } from "@x/c";\nexport interface B { c: typeof c }\n',
      "x/c.ts": 'export type { A } from "../a";\nexport const c = 1;\n',
      "d.ts": 'import type { A } from "./a";\nexport const d: A = {};\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    expect(names(dir, importCycles(importGraph(dir, join(dir, "tsconfig.json"))))).toEqual([["a.ts", "b.ts", "x/c.ts"]]);
  });

  it("finds a file importing itself and tells separate cycles apart", () => {
    const graph: ImportGraph = new Map([
      ["a", new Set(["a"])],
      ["b", new Set(["c"])],
      ["c", new Set(["b", "d"])],
      ["d", new Set<string>()],
    ]);
    expect(importCycles(graph)).toEqual([["a"], ["b", "c"]]);
  });
});
