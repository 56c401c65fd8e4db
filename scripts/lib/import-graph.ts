// The import graph of a folder, as TypeScript resolves it (tsconfig's paths included), and its
// cycles. Type-only imports count: a cycle of types still means two files that cannot be read apart
// (docs/decisions/0040-camadas-do-servidor.md). ESLint's import-x/no-cycle skips them.
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";

export type ImportGraph = Map<string, Set<string>>;

/** Every .ts/.tsx file of tsconfig under `folder`, with the files under `folder` it imports. */
export function importGraph(folder: string, tsconfigPath = "tsconfig.json"): ImportGraph {
  const configFile = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (configFile.error) throw new Error(ts.flattenDiagnosticMessageText(configFile.error.messageText, "\n"));
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, dirname(resolve(tsconfigPath)));
  const root = resolve(folder);
  const inside = (file: string) => !relative(root, file).startsWith("..");
  const files = config.fileNames.map((file) => resolve(file)).filter((file) => inside(file) && /\.tsx?$/.test(file));
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, config.options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    // import, import type, export ... from, import() and require(): every way one file names another.
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
    for (const { fileName: specifier } of importedFiles) {
      const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = resolve(resolved.resolvedFileName);
      if (inside(target)) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The cycles of a graph: each strongly connected component of two or more files, or a file importing itself. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative (the graph can be deep).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set()).values() });
    };
    enter(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const next = frame.edges.next();
      if (!next.done) {
        const target = next.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}
