import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./src/shared/public-routes";

// Public pages are static HTML (SEO, speed); everything else is a SPA served by the fallback.
export default {
  appDirectory: "src/client",
  buildDirectory: "build",
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
