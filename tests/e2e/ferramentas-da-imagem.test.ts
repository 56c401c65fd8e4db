import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../src/server/testing/harness";
import { freePort, killServers, startServer, waitFor } from "./support/process";

// The production image's entry point (scripts/docker-entrypoint.sh, the Dockerfile's ENTRYPOINT)
// run without Docker, from the built portal as the image holds it: `serve` (the default), and the
// tools `migrate` (a Job before a rolling update), `backup`, `restore`, with the image's commands.

const workDir = mkdtempSync(join(tmpdir(), "portal-imagem-"));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(workDir, { recursive: true, force: true })];
afterAll(async () => {
  killServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** `docker run <imagem> <args>`, here: the entry point with the image's environment on top of ours. */
function imagem(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("sh", ["scripts/docker-entrypoint.sh", ...args], {
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", ADMIN_PASSWORD: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("the image's entry point, without Docker", () => {
  it("migrate applies the migrations once and says so; with the portal running on the same PGlite it refuses", async () => {
    const DATA_DIR = join(workDir, "pglite");
    const primeira = await imagem(["migrate"], { DATA_DIR });
    expect(primeira.code, primeira.output).toBe(0);
    expect(primeira.output).toMatch(/^Migrações aplicadas no PGlite em .+: \d+ nova\(s\), \d+ ao todo\.$/m);
    const segunda = await imagem(["migrate"], { DATA_DIR });
    expect(segunda.code).toBe(0);
    expect(segunda.output).toMatch(/^Banco em dia no PGlite em .+: \d+ migrações já aplicadas\.$/m);

    const portal = startServer(await freePort(), { DATA_DIR, ADMIN_PASSWORD: "Senha-da-imagem-1" });
    await portal.ready();
    const recusada = await imagem(["migrate"], { DATA_DIR });
    expect(recusada.code).toBe(1);
    expect(recusada.output).toContain("já está em uso por outro processo do portal");

    // A backup of the running portal's embedded database, restored into another directory.
    const arquivo = join(workDir, "portal.sql.gz");
    // --pelo-portal, as the Kubernetes CronJob runs it beside the portal (another pid namespace).
    const backup = await imagem(["backup", "--pelo-portal", arquivo], { DATA_DIR });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("PGlite, pelo portal em execução");
    portal.child.kill("SIGTERM");
    expect(await portal.exited).toBe(0);
    // With the portal gone, --pelo-portal refuses instead of opening the directory itself.
    const semPortal = join(workDir, "sem-portal.sql.gz");
    const recusado = await imagem(["backup", "--pelo-portal", semPortal], { DATA_DIR });
    expect(recusado.code).toBe(1);
    expect(recusado.output).toContain("O portal não atendeu pelo socket de backup");
    expect(existsSync(semPortal)).toBe(false);
    const restaurado = await imagem(["restore", arquivo], { DATA_DIR: join(workDir, "restaurado") });
    expect(restaurado.code, restaurado.output).toBe(0);
    expect(restaurado.output).toContain("Backup restaurado no PGlite");
    expect(restaurado.output).toContain("nenhuma linha órfã");
  });

  it("migrate on PostgreSQL, as the Job before a rolling update runs it", async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL não definida: o teste das migrações no PostgreSQL é obrigatório na CI.");
    const banco = await createPostgresDatabase(base, "portal_imagem");
    cleanups.push(() => banco.drop());
    const primeira = await imagem(["migrate"], { DATABASE_URL: banco.url });
    expect(primeira.code, primeira.output).toBe(0);
    expect(primeira.output).toMatch(/^Migrações aplicadas no PostgreSQL \(DATABASE_URL\): \d+ nova\(s\)/m);
    expect((await imagem(["migrate"], { DATABASE_URL: banco.url })).output).toMatch(/^Banco em dia no PostgreSQL/m);
  });

  it("serve (the default) runs the portal; an unknown command says which ones there are", async () => {
    const port = await freePort();
    const child = spawn("sh", ["scripts/docker-entrypoint.sh"], {
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", DATA_DIR: join(workDir, "serve"), PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    try {
      await waitFor(() => output.includes("Portal no ar") || child.exitCode !== null, 120_000, "the server banner");
      expect(output).toContain("Portal no ar");
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }

    const desconhecido = await imagem(["migrar"], {});
    expect(desconhecido.code).toBe(2);
    expect(desconhecido.output).toContain("Comando desconhecido: migrar");
    expect(desconhecido.output).toContain("restore <arquivo> [--force]");
    expect(desconhecido.output).toContain("backup [--pelo-portal] [arquivo]");
  });
});
