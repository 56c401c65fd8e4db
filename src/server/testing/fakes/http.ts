import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";

// A small HTTP server on 127.0.0.1, port 0, for the providers' fakes: the tests never touch the internet.

export interface Recebida {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export type Responder = (pedido: Recebida) => Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;

/** A self-signed certificate for 127.0.0.1 (openssl), for a fake that must speak HTTPS (push services do). */
export function certificadoLocal(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), "fake-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "k.pem"),
        "-out",
        join(dir, "c.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "k.pem"), "utf8"), cert: readFileSync(join(dir, "c.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function servidorFalso(
  responder: Responder,
  tls?: { key: string; cert: string },
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const tratar = (req: IncomingMessage, res: ServerResponse) => {
    const partes: Buffer[] = [];
    req.on("data", (p: Buffer) => partes.push(p));
    req.on("end", () => {
      const pedido: Recebida = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body: Buffer.concat(partes) };
      responder(pedido)
        .then(({ status, body, headers }) => {
          res.writeHead(status, { "content-type": "application/json", ...headers });
          res.end(body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body));
        })
        .catch((error: Error) => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ erro: error.message }));
        });
    });
  };
  const server: Server = tls ? (createHttpsServer(tls, tratar) as unknown as Server) : createServer(tratar);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
