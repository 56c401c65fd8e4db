// `npm run new:module -- <nome>`: writes a working, tested module (docs/adding-a-module.md): its
// table, schema, repository, service and routes, an API test, a client page in the menu and a
// browser test; then five one-line registrations (app, database schema, permissions, client
// routes, menu) and the generated files that follow (migration, OpenAPI document, client types).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const TEMPLATES = join(ROOT, "scripts/new-module/templates");

const nome = process.argv[2];
if (!nome || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(nome)) {
  console.error("Uso: npm run new:module -- <nome> (letras minúsculas, números e hífens; ex.: encomendas, livro-da-portaria)");
  process.exit(1);
}
if (existsSync(join(ROOT, "src/server/modules", nome))) {
  console.error(`O módulo ${nome} já existe (src/server/modules/${nome}).`);
  process.exit(1);
}

const words = nome.split("-");
const snake = words.join("_");
const camel =
  words[0] +
  words
    .slice(1)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
const tokens = {
  __nome__: nome,
  __snake__: snake,
  __camel__: camel,
  __Pascal__: camel[0].toUpperCase() + camel.slice(1),
  __CONST__: snake.toUpperCase(),
  __Rotulo__: words.join(" ").replace(/^./, (c) => c.toUpperCase()),
  __rotulo__: words.join(" "),
};
const fill = (text) => text.replace(/__(nome|snake|camel|Pascal|CONST|Rotulo|rotulo)__/g, (token) => tokens[token]);

/** The module's own files: template → path. */
const FILES = {
  "table.ts.tmpl": `src/server/db/modulos/${nome}.ts`,
  "schema.ts.tmpl": `src/shared/schemas/${nome}.ts`,
  "repository.ts.tmpl": `src/server/modules/${nome}/repository.ts`,
  "service.ts.tmpl": `src/server/modules/${nome}/service.ts`,
  "routes.ts.tmpl": `src/server/modules/${nome}/routes.ts`,
  "api.test.ts.tmpl": `src/server/modules/${nome}/${nome}.test.ts`,
  "client-api.ts.tmpl": `src/client/features/${nome}/api.ts`,
  "client-page.tsx.tmpl": `src/client/features/${nome}/${nome}-page.tsx`,
  "client-route.tsx.tmpl": `src/client/routes/portaria-web/${nome}.tsx`,
  "e2e.test.ts.tmpl": `tests/e2e/${nome}.test.ts`,
};

/** The five registrations: one line each, put above the file's `new:module` marker. */
const REGISTRATIONS = [
  ["src/server/app.ts", `  await app.register((await import("./modules/${nome}/routes")).${camel}Routes({ db, totals: listTotals, agora }));`],
  ["src/server/db/schema.ts", `export * from "./modulos/${nome}";`],
  ["src/shared/permissions.ts", `  ...permissoesDoModulo("${snake}", "${tokens.__Rotulo__}"),`],
  ["src/client/routes.ts", `      route("${nome}", "routes/portaria-web/${nome}.tsx"),`],
  [
    "src/client/features/portaria-shell/menu.ts",
    `      { label: "${tokens.__Rotulo__}", to: "/portaria-web/${nome}", icon: ClipboardList, permission: "visualizar_${snake}" },`,
  ],
];

for (const [template, path] of Object.entries(FILES)) {
  const target = join(ROOT, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, fill(readFileSync(join(TEMPLATES, template), "utf8")));
}
for (const [path, line] of REGISTRATIONS) {
  const file = join(ROOT, path);
  const lines = readFileSync(file, "utf8").split("\n");
  const marker = lines.findIndex((l) => l.includes("new:module (scripts/new-module.mjs)"));
  if (marker < 0) throw new Error(`${path}: sem a marca new:module`);
  lines.splice(marker, 0, line);
  writeFileSync(file, lines.join("\n"));
}

const run = (command, args) => execFileSync(command, args, { cwd: ROOT, stdio: "inherit" });
// The generated files that follow from the module: its migration, the API's document and the client's types.
run("npx", ["drizzle-kit", "generate", "--name", snake]);
run("npm", ["run", "--silent", "api:generate"]);
run("npx", ["prettier", "--log-level", "warn", "--write", ...Object.values(FILES), ...REGISTRATIONS.map(([path]) => path)]);

console.log(`
Módulo ${nome} criado (docs/adding-a-module.md). Próximos passos:
  npm run typecheck && npm run lint
  npx vitest run --project api src/server/modules/${nome} src/server/authz-matrix.test.ts src/server/scope.test.ts src/server/fuzz.test.ts
  npm run build && npx vitest run --project e2e tests/e2e/${nome}.test.ts`);
