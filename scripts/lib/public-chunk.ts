import type { ManualChunkMeta } from "rollup";

// The public pages' code in a few chunks instead of ~20 small ones. Every file costs the browser a
// request and the server's response headers (≈ 0.6 KB each); on the home page those weighed as
// much as the code of its small modules, and Lighthouse's simulated slow network waits for each
// request (see docs/performance.md, Lighthouse).
//
// Each group takes what its route modules import statically (components, icons, data, helpers),
// unless an earlier group took it: "public" is what the root, the public layout and the home page
// need (so every public page), then each other public page gets one chunk for what it adds (what
// two pages share goes with the first). Route modules stay apart (each page still downloads only
// its own), React and React Router get their own chunk, and what is loaded lazily (menus,
// dialogs, toasts, validation) keeps its own chunks. The staff areas load these chunks too, as
// they use the same components.
//
// Rollup puts into a manual chunk the dependencies of its modules too: a module here that
// imported the lucide-react index would bring every icon the app uses. The build imports each
// icon (and radix-ui part) from its own module instead (direct-imports.ts).
const GROUPS: [chunk: string, routes: string[]][] = [
  ["public", ["root.tsx", "routes/public/layout.tsx", "routes/public/home.tsx"]],
  ...["servicos", "sobre", "contato", "login", "leads", "politica-de-privacidade", "termos-de-uso", "not-found"].map((page): [string, string[]] => [
    `page-${page}`,
    [page === "login" || page === "not-found" ? `routes/${page}.tsx` : `routes/public/${page}.tsx`],
  ]),
];

// React and React Router (else Rollup would pull them into "public", as its dependencies);
// react-dom/client and the scheduler stay with the client entry.
const FRAMEWORK = /\/node_modules\/(react|react-router|@react-router)\/|\/node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)/;
const LEFT_ALONE = /\/node_modules\/(react-dom|scheduler)\/|\.css($|\?)/;

export function publicSiteChunk(clientDir: string) {
  let chunkOf: Map<string, string> | null = null;

  function assign(meta: ManualChunkMeta): Map<string, string> {
    const assigned = new Map<string, string>();
    for (const [chunk, routes] of GROUPS) {
      const queue = routes.map((file) => `${clientDir}/${file}`);
      const seen = new Set<string>();
      while (queue.length) {
        const id = queue.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const isRoute = id === `${clientDir}/root.tsx` || id.startsWith(`${clientDir}/routes/`);
        if (!isRoute && !assigned.has(id) && !FRAMEWORK.test(id) && !LEFT_ALONE.test(id)) assigned.set(id, chunk);
        // Static imports only: what a page loads lazily stays in its own chunk.
        for (const next of meta.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
      }
    }
    return assigned;
  }

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    if (FRAMEWORK.test(id)) return "react";
    chunkOf ??= assign(meta);
    return chunkOf.get(id);
  };
}
