import type { ManualChunkMeta } from "rollup";

// The marketing pages' shared code in one chunk instead of ~20 small ones. Every file costs the
// browser a request and the server's response headers (≈ 0.6 KB each), which on the home page
// weighed as much as the code of its small modules (see docs/performance.md, Lighthouse).
//
// The chunk holds what the root, the public layout and the home page import statically (their
// components, icons, data and helpers), but not the route modules themselves, not React / React
// Router (a chunk of their own), and nothing that only another page or a staff area uses.
//
// Rollup puts into a manual chunk the dependencies of its modules too: a module of this chunk
// that imported the lucide-react index would bring every icon the app uses. These files import
// each icon by its own path instead (an ESLint rule keeps it so).
const CORE_ROUTES = ["root.tsx", "routes/public/layout.tsx", "routes/public/home.tsx"];
// React and React Router get a chunk of their own (else Rollup would pull them into "public", as
// its dependencies); react-dom/client and the scheduler stay with the client entry.
const FRAMEWORK = /\/node_modules\/(react|react-router|@react-router)\/|\/node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)/;

export function publicSiteChunk(clientDir: string) {
  const entries = new Set(CORE_ROUTES.map((file) => `${clientDir}/${file}`));
  let shared: Set<string> | null = null;

  function reachable(meta: ManualChunkMeta): Set<string> {
    const seen = new Set<string>();
    const queue = [...entries];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      // Static imports only: what a page loads lazily (menus, toasts) stays in its own chunk.
      for (const next of meta.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
    }
    return seen;
  }

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    if (FRAMEWORK.test(id)) return "react";
    shared ??= reachable(meta);
    if (!shared.has(id) || entries.has(id)) return undefined;
    if (id.startsWith(`${clientDir}/routes/`) || /\/node_modules\/(react-dom|scheduler)\//.test(id) || /\.css($|\?)/.test(id)) return undefined;
    return "public";
  };
}
