import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

describe("data-directory lock", () => {
  it("refuses a second holder while the first process is alive, and frees on release", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    // A lock held by another live process (our parent is alive for the whole test).
    writeFileSync(join(dir, "portal.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/já está em uso/);
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    writeFileSync(join(dir, "portal.lock"), "999999999");
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, "portal.lock"))).toBe(false);
  });
});
