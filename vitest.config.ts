import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const alias = {
  "~": fileURLToPath(new URL("./src/client", import.meta.url)),
  "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default leaves one core idle: on CI's two cores that halves the API suites' speed.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["src/shared/**/*.test.ts", "src/client/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"] },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts"],
          // Each file builds its own app and database and nothing is mocked, so the files can share
          // a worker's loaded modules: importing the server once per worker, not once per file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Two files side by side (each with its own server and database): 448 s instead of
          // 812 s one at a time on two cores. The one race this showed (the long list's scroll
          // back to the top) is polled now (docs/decisions.md, "Tempo da CI").
          maxWorkers: 2,
        },
      },
    ],
  },
});
