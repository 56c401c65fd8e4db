import { chmodSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { join } from "node:path";

// PGlite is single-process and the server holds the data directory, so an online backup has to
// be taken by the server itself. It listens on a Unix socket inside DATA_DIR (mode 0600): only
// someone who may read DATA_DIR, and so the database files already, can ask for a dump.

export const BACKUP_SOCKET = "backup.sock";
// sun_path holds 108 bytes on Linux (104 on macOS), terminator included.
const MAX_SOCKET_PATH = 103;

export interface BackupSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Answers `POST /backup` on DATA_DIR/backup.sock with the SQL dump made by `dump`. Returns null
 * (and says why through `warn`) when the socket cannot be created; the portal runs on without it.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<string>,
  log: { info(msg: string): void; warn(msg: string): void },
): Promise<BackupSocket | null> {
  const path = join(dataDir, BACKUP_SOCKET);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn(`Backup com o portal no ar indisponível: o caminho ${path} é longo demais para um socket. Use um DATA_DIR mais curto.`);
    return null;
  }
  // We hold the data-directory lock: a socket file left here belongs to a process that died.
  rmSync(path, { force: true });
  let busy = false;
  const server: Server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    if (busy) {
      res.writeHead(409, { "content-type": "text/plain; charset=utf-8" }).end("Outro backup está em andamento.");
      return;
    }
    busy = true;
    const started = Date.now();
    dump()
      .then((sql) => {
        log.info(`backup: dump de ${Buffer.byteLength(sql)} bytes entregue pelo socket de controle em ${Date.now() - started} ms`);
        res.writeHead(200, { "content-type": "application/sql; charset=utf-8" }).end(sql);
      })
      .catch((error: unknown) => {
        log.warn(`backup: falhou: ${String(error)}`);
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`O dump falhou: ${String(error)}`);
      })
      .finally(() => (busy = false));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      // A socket is created with the process umask: make it private from its first moment.
      const umask = process.umask(0o177);
      try {
        server.listen(path, resolve);
      } finally {
        process.umask(umask);
      }
    });
    chmodSync(path, 0o600);
  } catch (error) {
    log.warn(`Backup com o portal no ar indisponível: não foi possível criar ${path} (${String(error)}).`);
    return null;
  }
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/**
 * Asks the server running on `dataDir` for a dump. Null when no server listens there (no socket,
 * or one left by a process that died), so the caller may open the data directory itself.
 */
export function requestServerBackup(dataDir: string): Promise<string | null> {
  const socketPath = join(dataDir, BACKUP_SOCKET);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: "POST", path: "/backup" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`O portal recusou o backup (${res.statusCode}): ${body}`));
      });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    req.end();
  });
}
