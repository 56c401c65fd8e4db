import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assinarCheckpoint, carregarChave, ultimoCheckpoint, type Checkpoint } from "./selos";

// The chain's key and checkpoints on disk (registros/selos.ts): no database here.

const dir = mkdtempSync(join(tmpdir(), "portal-selos-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("carregarChave", () => {
  it("generates the key file once, readable by its owner only, and reads the same key after", () => {
    const dataDir = join(dir, "data");
    const primeira = carregarChave({ dataDir });
    expect(primeira).toMatchObject({ origem: join(dataDir, "cadeia.key"), gerada: true });
    expect(statSync(join(dataDir, "cadeia.key")).mode & 0o777).toBe(0o600);
    const segunda = carregarChave({ dataDir });
    expect(segunda.gerada).toBe(false);
    expect(segunda.chave.equals(primeira.chave)).toBe(true);
  });

  it("prefers CHAIN_KEY, and never makes a key up when told not to (a restore)", () => {
    expect(carregarChave({ dataDir: join(dir, "vazio"), chainKey: "x".repeat(32) }).origem).toBe("CHAIN_KEY");
    expect(carregarChave({ dataDir: join(dir, "vazio") }, { gerar: false })).toBeNull();
    expect(() => carregarChave({ dataDir: "", chainKeyFile: undefined })).toThrow(/CHAIN_KEY/);
  });
});

describe("ultimoCheckpoint", () => {
  it("takes the highest valid checkpoint and ignores lines whose signature does not match the key", async () => {
    const checkpointDir = join(dir, "checkpoints");
    const chave = Buffer.from("k".repeat(32));
    const condominio = "00000000-0000-4000-8000-000000000001";
    const bom = assinarCheckpoint(chave, {
      v: 1,
      condominio_id: condominio,
      ultimo_id: "a",
      ultimo_seq: 5,
      registros: 5,
      hash: "h5",
      em: "2026-01-01T00:00:00.000Z",
    });
    // Someone without the key writes a later checkpoint, or signs with another key: both ignored.
    const forjado: Checkpoint = { ...bom, ultimo_seq: 9, registros: 9, hash: "h9" };
    const outraChave = assinarCheckpoint(Buffer.from("z".repeat(32)), { ...bom, ultimo_seq: 7, registros: 7 });
    mkdirSync(checkpointDir, { recursive: true });
    writeFileSync(join(checkpointDir, `${condominio}.jsonl`), [bom, forjado, outraChave].map((c) => JSON.stringify(c)).join("\n") + "\nnão é json\n");
    expect(await ultimoCheckpoint({ chave, checkpointDir }, condominio)).toEqual(bom);
    expect(readFileSync(join(checkpointDir, `${condominio}.jsonl`), "utf8")).toContain("h9");
    expect(await ultimoCheckpoint({ chave, checkpointDir }, "00000000-0000-4000-8000-000000000002")).toBeNull();
  });
});
