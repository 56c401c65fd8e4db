import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { saoPauloWallClockMs } from "@shared/time";
import { DispositivoSimulado, type Manipulador, type OpcoesDoSimulado } from "./simulado";

// An Intelbras access controller (SS 3530 / 5530 family) as the Intelbras access-control API
// documentation describes it (https://intelbras-caco-api.intelbras.com.br/): CGI over HTTP with
// Digest authentication (RFC 7616, MD5, qop=auth), answers in `key=value` lines. Only the part
// the portal uses. Choices where the documentation is open: docs/decisions/0263-drivers-e-simulador.md.

const md5 = (texto: string) => createHash("md5").update(texto).digest("hex");

const texto = (res: ServerResponse, status: number, corpo: string, cabecalhos: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "text/plain;charset=utf-8", ...cabecalhos });
  res.end(corpo);
};

const ERRO = "Error\r\nBad Request!\r\n";

/** `Digest username="admin", realm="...", ...` → its fields. */
function camposDigest(cabecalho: string | undefined): Record<string, string> | null {
  if (!cabecalho?.startsWith("Digest ")) return null;
  const campos: Record<string, string> = {};
  for (const m of cabecalho.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) campos[m[1]!] = m[2] ?? m[3] ?? "";
  return campos;
}

/** "2026-11-27 21:30:05": the device's wall clock, as getCurrentTime writes it. */
const horaDoDispositivo = (ms: number) => new Date(saoPauloWallClockMs(ms)).toISOString().slice(0, 19).replace("T", " ");

export function manipuladorIntelbras(): Manipulador {
  function autenticado(disp: DispositivoSimulado, req: IncomingMessage, realm: string): boolean {
    const c = camposDigest(req.headers.authorization);
    if (!c || !c.nonce || !disp.sessoes.has(c.nonce) || c.realm !== realm || c.uri !== req.url) return false;
    if (!disp.credenciaisConferem(c.username, disp.opcoes.senha)) return false;
    const ha1 = md5(`${c.username}:${realm}:${disp.opcoes.senha}`);
    const ha2 = md5(`${req.method}:${c.uri}`);
    const esperado = c.qop ? md5(`${ha1}:${c.nonce}:${c.nc}:${c.cnonce}:${c.qop}:${ha2}`) : md5(`${ha1}:${c.nonce}:${ha2}`);
    return c.response === esperado;
  }

  return (disp: DispositivoSimulado, req: IncomingMessage, _corpo: Buffer, res: ServerResponse) => {
    const realm = `Login to ${disp.opcoes.serie}`;
    if (!autenticado(disp, req, realm)) {
      const nonce = randomBytes(16).toString("hex");
      disp.sessoes.add(nonce);
      return texto(res, 401, "Unauthorized\r\n", {
        "www-authenticate": `Digest realm="${realm}", qop="auth", nonce="${nonce}", opaque="${md5(realm)}"`,
      });
    }
    const url = new URL(req.url ?? "/", "http://dispositivo");
    const acao = url.searchParams.get("action");
    const canal = Number(url.searchParams.get("channel"));

    switch (`${url.pathname}?${acao}`) {
      // "Informações do sistema".
      case "/cgi-bin/magicBox.cgi?getSystemInfo":
        return texto(res, 200, `deviceType=${disp.opcoes.modelo}\r\nserialNumber=${disp.opcoes.serie}\r\n`);
      case "/cgi-bin/magicBox.cgi?getSoftwareVersion":
        return texto(res, 200, `version=${disp.opcoes.firmware}\r\n`);
      // "Data e hora".
      case "/cgi-bin/global.cgi?getCurrentTime":
        return texto(res, 200, `result=${horaDoDispositivo(disp.agora())}\r\n`);
      // "Abrir porta" and "Status da porta": channel counts doors from 1.
      case "/cgi-bin/accessControl.cgi?openDoor":
        return disp.acionar(canal) ? texto(res, 200, "OK\r\n") : texto(res, 400, ERRO);
      case "/cgi-bin/accessControl.cgi?getDoorStatus": {
        const estado = disp.portas.get(canal);
        return estado ? texto(res, 200, `Info.status=${estado === "aberta" ? "Open" : "Close"}\r\n`) : texto(res, 400, ERRO);
      }
      default:
        return texto(res, 400, ERRO);
    }
  };
}

export const criarIntelbras = (
  opcoes: Omit<OpcoesDoSimulado, "fabricante" | "usuario" | "senha" | "firmware" | "portas" | "sensorPorta" | "portaAbertaMs" | "portaMoveMs"> &
    Partial<OpcoesDoSimulado>,
) => new DispositivoSimulado({ firmware: "2.000.0000000.7.R", ...opcoes, fabricante: "intelbras" }, manipuladorIntelbras());
