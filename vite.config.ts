import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { directImports } from "./scripts/lib/direct-imports";
import { publicSiteChunk } from "./scripts/lib/public-chunk";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [directImports(), tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./src/client", import.meta.url)),
      "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
    },
  },
  build: isSsrBuild
    ? {}
    : {
        rollupOptions: { output: { manualChunks: publicSiteChunk(fileURLToPath(new URL("./src/client", import.meta.url))) } },
      },
  server: { proxy: { "/api": "http://127.0.0.1:3001" } },
}));
