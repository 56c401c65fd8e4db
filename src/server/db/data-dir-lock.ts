import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

// PGlite has no lock of its own and two processes on one directory corrupt it. We keep a lock
// file holding the owner's pid (and, on Linux, its start time); a lock left by a killed process
// (pid gone, or reused by another process since) is taken over.
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`O diretório de dados "${dataDir}" já está em uso por outro processo do portal (pid ${pid}). ` + "Pare o outro processo ou use outro DATA_DIR.");
  }
}

/** The process's start time in clock ticks since boot (Linux); "" where /proc is not available. */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the command name (field 2) may hold spaces and parentheses, so count after its ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** True when the lock's owner still runs: same pid, and (when both are known) the same start time. */
function ownerRuns(pid: number, startTime: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return false;
  // After a restart (a container's pid 1, say) the pid may now belong to an unrelated process.
  const current = startTimeOf(pid);
  return !startTime || !current || current === startTime;
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  // The data directory holds personal data: a new one is readable by its owner only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, "portal.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n${startTimeOf(process.pid)}\n`);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const [pidLine = "", startTime = ""] = readFileSync(file, "utf8").split("\n");
      const owner = Number.parseInt(pidLine.trim(), 10);
      if (ownerRuns(owner, startTime.trim())) throw new DataDirLockedError(dataDir, owner);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Não foi possível obter o lock de ${file}.`);
}
