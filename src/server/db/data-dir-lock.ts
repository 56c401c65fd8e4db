import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";

// PGlite has no lock of its own and two processes on one directory corrupt it. We keep a lock
// file holding the owner's pid; a lock left by a killed process (pid gone) is taken over.
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `O diretório de dados "${dataDir}" já está em uso por outro processo do portal (pid ${pid}). ` +
        "Pare o outro processo ou use outro DATA_DIR.",
    );
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

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "portal.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
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
      const owner = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Não foi possível obter o lock de ${file}.`);
}
