// The client's typecheck depends on the server's contract: a response field the client reads,
// removed from the server's OpenAPI document (docs/openapi.json, what `npm run api:generate`
// writes from the routes' schemas), makes the client's code fail to compile once the types are
// regenerated. This is the check `npm run typecheck` does over the whole client, run here over the
// files that read each field, with the regenerated types in place of the committed ones.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { OpenAPI3 } from "openapi-typescript";
import { CLIENT_SCHEMA_FILE, clientSchemaSource, OPENAPI_FILE } from "./lib/api-schema";

const ROOT = resolve(dirname(OPENAPI_FILE), "..");
const committed = JSON.parse(readFileSync(OPENAPI_FILE, "utf8")) as OpenAPI3;

/** Fields the client reads, each from one route's success answer, and the file that reads it. */
const CASES = [
  { route: "/api/registros", method: "get", status: "200", field: "total_limitado", reader: "src/client/features/registros/api.ts" },
  { route: "/api/me/sessoes", method: "get", status: "200", field: "inatividade_minutos", reader: "src/client/features/minha-conta/sessoes-card.tsx" },
] as const;

type ObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/** The document with `field` gone from the route's answer, as if the server's schema no longer had it. */
function withoutField({ route, method, status, field }: (typeof CASES)[number]): OpenAPI3 {
  const document = structuredClone(committed) as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: ObjectSchema }> }> }>>;
  };
  const schema = document.paths[route]![method]!.responses[status]!.content["application/json"]!.schema;
  expect(Object.keys(schema.properties ?? {}), `${route} answers ${field}`).toContain(field);
  delete schema.properties![field];
  schema.required = schema.required?.filter((name) => name !== field);
  return document as unknown as OpenAPI3;
}

const config = ts.getParsedCommandLineOfConfigFile(resolve(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
const sourceFiles = new Map<string, ts.SourceFile | undefined>();
let previous: ts.Program | undefined;

/** The compiler's errors in `files`, with `schema` as the client's generated types. */
function typeErrors(schema: string, files: readonly string[]): string[] {
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion) => {
    if (resolve(fileName) === CLIENT_SCHEMA_FILE) return ts.createSourceFile(fileName, schema, languageVersion);
    // Every other file is parsed once for all the programs below.
    if (!sourceFiles.has(fileName)) sourceFiles.set(fileName, getSourceFile(fileName, languageVersion));
    return sourceFiles.get(fileName);
  };
  const program = ts.createProgram({ rootNames: files.map((file) => resolve(ROOT, file)), options: config.options, host, oldProgram: previous });
  previous = program;
  return files.flatMap((file) => {
    const source = program.getSourceFile(resolve(ROOT, file))!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
  });
}

// A program over a few client files and their imports: seconds, more on a busy machine.
describe("the client's typecheck against the server's contract", { timeout: 300_000 }, () => {
  it("compiles with the types generated from the committed document", async () => {
    const schema = await clientSchemaSource(committed);
    expect(schema).toBe(readFileSync(CLIENT_SCHEMA_FILE, "utf8"));
    expect(
      typeErrors(
        schema,
        CASES.map((c) => c.reader),
      ),
    ).toEqual([]);
  });

  it.each(CASES)("fails where the client reads $field when $route stops answering it", async (removed) => {
    const errors = typeErrors(await clientSchemaSource(withoutField(removed)), [removed.reader]);
    expect(
      errors.some((error) => error.startsWith(`${removed.reader}: Property '${removed.field}' does not exist`)),
      errors.join("\n"),
    ).toBe(true);
  });
});
