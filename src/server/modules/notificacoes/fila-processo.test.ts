import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../testing/harness";
import { esperar } from "../../testing/fakes/http";
import { iniciarSmsFalso } from "../../testing/fakes/sms";
import { iniciarWhatsAppFalso } from "../../testing/fakes/whatsapp";

// The notices' queue survives a killed portal (gate-operation-spec §3.4 'never lost on a
// restart', §7): a real process writes the cascade's rows and is killed (SIGKILL) before any
// WhatsApp or SMS is due; started again on the same database, every row reaches its provider
// exactly once. On PGlite's data directory, or on PostgreSQL with TEST_DATABASE_URL.

const whatsapp = await iniciarWhatsAppFalso({ token: "tk", phoneNumberId: "555000111", modelos: ["visitante_na_portaria"] });
const sms = await iniciarSmsFalso({ token: "tk-sms" });
const dir = mkdtempSync(join(tmpdir(), "fila-processo-"));
const pg = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL, "fila_processo") : undefined;
const filhos = new Set<ChildProcess>();
afterAll(async () => {
  for (const f of filhos) f.kill("SIGKILL");
  await Promise.all([whatsapp.close(), sms.close()]);
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
});

function portal(modo: "escrever" | "enviar", escala: string) {
  const filho = spawn(process.execPath, ["--import", "tsx", "src/server/testing/fakes/portal-da-fila.ts", modo, "5"], {
    env: {
      ...process.env,
      DATA_DIR: join(dir, "pglite"),
      DATABASE_URL: pg?.url ?? "",
      WHATSAPP_API_URL: whatsapp.url,
      SMS_API_URL: sms.url,
      CASCATA_ESCALA: escala,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  filhos.add(filho);
  let saida = "";
  filho.stdout!.on("data", (p) => (saida += p));
  filho.stderr!.on("data", (p) => (saida += p));
  const saiu = new Promise<void>((resolve) => filho.on("exit", () => resolve()));
  return {
    filho,
    saiu,
    async pronto(marca: string) {
      const limite = Date.now() + 90_000;
      while (!saida.includes(marca)) {
        if (Date.now() > limite || filho.exitCode !== null) throw new Error(`o portal não chegou a ${marca}:\n${saida}`);
        await esperar(50);
      }
    },
  };
}

describe("the queue and a killed portal", () => {
  it("loses no row and sends each once after a restart", async () => {
    // The cascade at 0.4 of its pace (WhatsApp 6 s, SMS 12 s after the request); killed before either.
    const primeiro = portal("escrever", "0.4");
    await primeiro.pronto("ESCRITO");
    primeiro.filho.kill("SIGKILL");
    await primeiro.saiu;
    expect(whatsapp.recebidas).toHaveLength(0);
    expect(sms.recebidas).toHaveLength(0);

    // Started again on the same database: each step goes when due, once.
    const segundo = portal("enviar", "0.4");
    await segundo.pronto("ENVIANDO");
    const limite = Date.now() + 60_000;
    while ((whatsapp.recebidas.length < 5 || sms.recebidas.length < 5) && Date.now() < limite) await esperar(200);
    await esperar(1500); // a second send would have come by now
    segundo.filho.kill("SIGKILL");
    const numeros = Array.from({ length: 5 }, (_, i) => `551196000000${i}`);
    expect(whatsapp.recebidas.map((m) => m.to).sort()).toStrictEqual(numeros);
    expect(sms.recebidas.map((m) => m.to).sort()).toStrictEqual(numeros);
  }, 150_000);
});
