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
    expect(readFileSync(join(dir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, "portal.lock"))).toBe(false);
  });

  it("knows a live owner by pid and start time, and takes over a pid now used by another process", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const lock = lockDataDir(dir);
    const [pid, startTime] = readFileSync(join(dir, "portal.lock"), "utf8").split("\n");
    expect(pid).toBe(String(process.pid));
    lock.release();

    // Our parent with its real start time: alive, refused.
    const parentStart = readFileSync(`/proc/${process.ppid}/stat`, "utf8").split(") ")[1]!.split(" ")[19];
    writeFileSync(join(dir, "portal.lock"), `${process.ppid}\n${parentStart}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    // The same pid with another start time: the owner died and the pid was reused (a restarted container).
    writeFileSync(join(dir, "portal.lock"), `${process.ppid}\n${Number(startTime) + 12345}\n`);
    lockDataDir(dir).release();
  });
});
