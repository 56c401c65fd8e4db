import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { buildApp } from "../../../src/server/app";
import type { Database } from "../../../src/server/db/client";
import { openMigratedPglite } from "../../../src/server/testing/pglite-template";
import { seed } from "../../../src/server/seed";
import { testConfig, ADMIN } from "../../../src/server/testing/harness";
import type { AppConfig } from "../../../src/server/config";
import { freePort } from "./process";

export { ADMIN };

const clientDir = fileURLToPath(new URL("../../../build/client", import.meta.url));

export { startSmtpServer, type ReceivedMail } from "../../../src/server/testing/smtp-sink";

export interface RunningPortal {
  url: string;
  portal: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  close(): Promise<void>;
}

/** What a test may hand the app besides its configuration (never read from the environment). */
export interface PortalTestDeps {
  /** The clock of the gate's pre-authorisation rules (`testClock()`); Date.now when left out. */
  agora?: () => number;
}

/** A clock a test moves: `set("2026-11-30T10:00:00-03:00")` (a Monday, 10:00 in São Paulo). */
export function testClock(start: string | number = Date.now()) {
  let now = typeof start === "number" ? start : Date.parse(start);
  return {
    agora: () => now,
    set(instant: string | number) {
      now = typeof instant === "number" ? instant : Date.parse(instant);
    },
  };
}

/** The production server (built client + API) on a free loopback port with a fresh database. */
export async function startPortal(overrides: Partial<AppConfig> = {}, deps: PortalTestDeps = {}): Promise<RunningPortal> {
  if (!existsSync(`${clientDir}/index.html`)) throw new Error("build/client missing: run `npm run build` first");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await openMigratedPglite();
  // A console's realtime stream lasts as in production (the in-process route tests end it at once).
  const config = testConfig({ publicUrl: url, port, clientDir, tempoRealMaxMs: 60_000, varreduraComandosMs: 1000, varreduraSincronizacaoMs: 0, ...overrides });
  const portal = await buildApp(config, { database, agora: deps.agora });
  await seed(database.db, portal.auth, { email: config.adminEmail, password: config.adminPassword });
  await portal.app.listen({ port, host: "127.0.0.1" });
  return {
    url,
    portal,
    database,
    async close() {
      await portal.app.close();
      await database.close();
    },
  };
}
