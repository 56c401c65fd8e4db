import type { Config } from "@react-router/dev/config";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { deferHydration } from "./scripts/lib/defer-hydration.mjs";
import { HYDRATED_AT_LOAD_PATHS, PRERENDERED_PATHS, prerenderedHtmlFile, SESSION_HINT_KEY } from "./src/shared/public-routes";

const buildDirectory = "build";

// Public pages are static HTML (SEO, speed); everything else is a SPA served by the fallback.
export default {
  appDirectory: "src/client",
  buildDirectory,
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
  // After prerendering: the public pages hydrate on first use (decision 0009).
  async buildEnd() {
    for (const path of PRERENDERED_PATHS.filter((p) => !HYDRATED_AT_LOAD_PATHS.includes(p))) {
      const file = join(buildDirectory, "client", prerenderedHtmlFile(path));
      await writeFile(file, deferHydration(await readFile(file, "utf8"), { hintKey: SESSION_HINT_KEY }));
    }
  },
} satisfies Config;
