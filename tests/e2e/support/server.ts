import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import { buildApp } from "../../../src/server/app";
import { openPglite } from "../../../src/server/db/client";
import { seed } from "../../../src/server/db/seed";
import { testConfig, ADMIN } from "../../../src/server/testing/harness";
import type { AppConfig } from "../../../src/server/config";
import { freePort } from "./process";

export { ADMIN };

const clientDir = fileURLToPath(new URL("../../../build/client", import.meta.url));


export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpServer() {
  const port = await freePort();
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(","),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = inbox.find((m) => m.to.includes(to));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no e-mail for ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RunningPortal {
  url: string;
  portal: Awaited<ReturnType<typeof buildApp>>;
  database: Awaited<ReturnType<typeof openPglite>>;
  close(): Promise<void>;
}

/** The production server (built client + API) on a free loopback port with a fresh database. */
export async function startPortal(overrides: Partial<AppConfig> = {}): Promise<RunningPortal> {
  if (!existsSync(`${clientDir}/index.html`)) throw new Error("build/client missing: run `npm run build` first");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await openPglite(undefined);
  await database.migrate();
  const config = testConfig({ publicUrl: url, port, clientDir, ...overrides });
  const portal = await buildApp(config, { database });
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
