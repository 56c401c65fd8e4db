import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import apiCalls from "./scripts/lib/eslint-api-calls.mjs";

const CLIENT_BANNED = [{ group: ["**/server/**", "node:*", "@zxcvbn-ts/*"], message: "O cliente não importa o servidor, o Node nem os dicionários de senha." }];
const FEATURES = readdirSync(new URL("./src/client/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "coverage/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The shared folder is imported by both sides: no Node or DOM specifics there.
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:*", "react", "react-dom", "fastify", "../server/*", "../client/*", "@zxcvbn-ts/*"] }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    // The password dictionaries stay on the server (megabytes; the public pages have a JS budget).
    rules: { "no-restricted-imports": ["error", { patterns: CLIENT_BANNED }] },
  },
  // ARCHITECTURE.md: routes/ compose features; a feature imports only components/, lib/ and
  // src/shared, never another feature; components/ and lib/ never import a feature.
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...CLIENT_BANNED,
            {
              group: ["~/features/*", `!~/features/${feature}`, "~/routes/*", "../*"],
              message: "Uma feature não importa outra feature nem rotas (docs/decisions.md, 'Fatias do cliente').",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["src/client/components/**/*.{ts,tsx}", "src/client/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...CLIENT_BANNED,
            { group: ["~/features/*", "~/routes/*", "**/features/**", "**/routes/**"], message: "components/ e lib/ não importam features nem rotas." },
          ],
        },
      ],
    },
  },
  {
    // The API only through the client generated from the server's OpenAPI document (docs/decisions/0050).
    files: ["src/client/**/*.{ts,tsx}"],
    ignores: ["src/client/lib/api.ts", "src/client/lib/api-schema.ts"],
    plugins: { "api-client": apiCalls },
    rules: { "api-client/typed-api-calls": "error" },
  },
  {
    // No import cycles anywhere in the client (a cycle is two modules that cannot be understood apart).
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/client/**", "~/*"] }] },
  },
);
