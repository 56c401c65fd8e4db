import type { Config } from "@react-router/dev/config";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DEFERRED_PAGES, deferHydration } from "./scripts/lib/defer-hydration.mjs";
import { PRERENDERED_PATHS, SESSION_HINT_KEY } from "./src/shared/public-routes";

const buildDirectory = "build";

// Public pages are static HTML (SEO, speed); everything else is a SPA served by the fallback.
export default {
  appDirectory: "src/client",
  buildDirectory,
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
  // After prerendering: the public pages hydrate on first use (decision 0009).
  async buildEnd() {
    for (const page of DEFERRED_PAGES) {
      const file = join(buildDirectory, "client", page);
      await writeFile(file, deferHydration(await readFile(file, "utf8"), { hintKey: SESSION_HINT_KEY }));
    }
  },
} satisfies Config;
