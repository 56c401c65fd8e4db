import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import catalogueTexts from "./scripts/lint/catalogue-texts.js";
import { typedApiCalls } from "./scripts/lint/typed-api-calls.mjs";

const CLIENT_BANNED = [{ group: ["**/server/**", "node:*", "@zxcvbn-ts/*"], message: "O cliente não importa o servidor, o Node nem os dicionários de senha." }];
// src/server's layers, lowest first (docs/arquitetura.md, "Camadas do servidor"): a file imports
// its own layer and the ones below, never one above. Tests (*.test.ts) and testing/ drive the whole
// app and stand outside the order; no other file imports them.
const SERVER_LAYERS = [
  { name: "base", paths: ["config.ts", "errors.ts", "cache.ts", "logging.ts", "route-contract.ts", "key-file.ts"] },
  { name: "db", paths: ["db"] },
  { name: "jobs", paths: ["jobs"] },
  { name: "serviços", paths: ["auth", "email", "scope.ts", "revocation.ts", "metrics.ts", "dispositivos", "realtime.ts"] },
  { name: "modules", paths: ["modules"] },
  { name: "montagem", paths: ["http", "housekeeping.ts", "seed.ts"] },
  { name: "app", paths: ["app.ts"] },
  { name: "main", paths: ["main.ts"] },
];
const SERVER_TEST_SUPPORT = ["testing"];
// A new file or folder in src/server must be given a layer here, or the lint fails.
const layered = new Set([...SERVER_LAYERS.flatMap((layer) => layer.paths), ...SERVER_TEST_SUPPORT]);
const unlayered = readdirSync(new URL("./src/server", import.meta.url)).filter((entry) => !entry.endsWith(".test.ts") && !layered.has(entry));
if (unlayered.length) throw new Error(`eslint.config.js: src/server/${unlayered.join(", src/server/")} sem camada em SERVER_LAYERS.`);
const serverPath = (entry) => `src/server/${entry}`;
// src/ never imports scripts/ (the demo generator, the bench) nor tests/.
const SRC_ZONE = { target: "src", from: ["scripts", "tests"], message: "src/ não importa scripts/ nem tests/." };
const SERVER_LAYER_ZONES = SERVER_LAYERS.map((layer, index) => {
  const above = SERVER_LAYERS.slice(index + 1);
  return {
    target: layer.paths.map(serverPath),
    from: [...above.flatMap((higher) => higher.paths), ...SERVER_TEST_SUPPORT].map(serverPath),
    message: `A camada ${layer.name} não importa ${[...above.map((higher) => higher.name), "testing"].join(", ")} (docs/arquitetura.md, "Camadas do servidor").`,
  };
});
// The project's own rules (scripts/lint/), one plugin: flat config wants one object per plugin name.
const local = { rules: { "catalogue-texts": catalogueTexts, "typed-api-calls": typedApiCalls } };
const IMPORT_X = {
  plugins: { "import-x": importX },
  settings: {
    ...importX.flatConfigs.typescript.settings,
    "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
  },
};

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
              message: "Uma feature não importa outra feature nem rotas (docs/decisions/0192-fatias-do-cliente.md).",
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
    plugins: { local },
    rules: { "local/typed-api-calls": "error" },
  },
  {
    // No import cycles anywhere in the client (a cycle is two modules that cannot be understood apart).
    // scripts/lib/import-graph.test.ts checks all of src/, type-only imports included.
    files: ["src/client/**/*.{ts,tsx}"],
    ...IMPORT_X,
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/client/**", "~/*"] }] },
  },
  {
    // Tests may read scripts/ (e.g. the OpenAPI generator, to check the committed files are current).
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    ...IMPORT_X,
    rules: { "import-x/no-restricted-paths": ["error", { zones: [SRC_ZONE] }] },
  },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["**/*.test.ts", "src/server/testing/**"],
    ...IMPORT_X,
    rules: { "import-x/no-restricted-paths": ["error", { zones: [SRC_ZONE, ...SERVER_LAYER_ZONES] }] },
  },
  {
    // Toast and error texts live in the message catalogue (scripts/lint/catalogue-texts.js); tests
    // assert the texts word for word, and the catalogue itself is where they are written.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/shared/messages.ts", "src/shared/messages-base.ts", "src/shared/permissions.ts"],
    plugins: { local },
    rules: { "local/catalogue-texts": "error" },
  },
);
