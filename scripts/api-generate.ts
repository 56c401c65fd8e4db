// `npm run api:generate`: writes the server's OpenAPI document (docs/openapi.json) and the
// client's API types generated from it (src/client/lib/api-schema.ts). Run it after changing a
// route or its schema; `npm run typecheck` then shows every client call the change breaks.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { OpenAPI3 } from "openapi-typescript";
import { buildApp } from "../src/server/app";
import { DEFAULT_RATE_LIMITS, DEFAULT_SESSION_LIMITS, type AppConfig } from "../src/server/config";
import { createMailer } from "../src/server/email/mailer";
import { openMigratedPglite } from "../src/server/testing/pglite-template";
import { CLIENT_SCHEMA_FILE, clientSchemaSource, OPENAPI_FILE, openApiSource } from "./lib/api-schema";

/**
 * The server's OpenAPI document, from the app built in-process on an empty in-memory database:
 * no port is opened and nothing outside the process is read or written.
 */
async function serverOpenApiDocument(): Promise<OpenAPI3> {
  const config: AppConfig = {
    env: "test",
    port: 0,
    host: "127.0.0.1",
    dataDir: "",
    mailFrom: "Portal <api-schema@localhost>",
    publicUrl: "http://localhost:3000",
    trustedOrigins: ["http://localhost:3000"],
    adminEmail: "admin@localhost",
    trustProxy: false,
    logLevel: "silent",
    databasePoolMax: 1,
    rateLimits: DEFAULT_RATE_LIMITS,
    session: DEFAULT_SESSION_LIMITS,
    chainKey: "chave-do-gerador-do-esquema-da-api-com-32-caracteres",
  };
  const database = await openMigratedPglite();
  try {
    const mailer = createMailer({ from: config.mailFrom, log: () => undefined });
    const { app } = await buildApp(config, { database, mailer });
    try {
      await app.ready();
      return app.swagger() as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
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
