// `npm run api:generate`: writes the server's OpenAPI document (docs/openapi.json) and the
// client's API types generated from it (src/client/lib/api-schema.ts). Run it after changing a
// route or its schema; `npm run typecheck` then shows every client call the change breaks.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { OpenAPI3 } from "openapi-typescript";
import { createTestApp } from "../src/server/testing/harness";
import { CLIENT_SCHEMA_FILE, clientSchemaSource, OPENAPI_FILE, openApiSource } from "./lib/api-schema";

/**
 * The server's OpenAPI document, from the app the tests build (in-process, on a fresh test
 * database): the same document the staleness test in src/server/http/openapi.test.ts reads. No
 * port is opened.
 */
async function serverOpenApiDocument(): Promise<OpenAPI3> {
  const t = await createTestApp();
  try {
    return t.app.swagger() as OpenAPI3;
  } finally {
    await t.close();
  }
}

function write(file: string, source: string) {
  const name = relative(process.cwd(), file);
  let previous: string | null = null;
  try {
    previous = readFileSync(file, "utf8");
  } catch {
    // Not written yet.
  }
  if (previous === source) console.log(`${name}: sem mudanças.`);
  else {
    writeFileSync(file, source);
    console.log(`${name}: gravado.`);
  }
}

const document = await serverOpenApiDocument();
write(OPENAPI_FILE, await openApiSource(document));
write(CLIENT_SCHEMA_FILE, await clientSchemaSource(document));
