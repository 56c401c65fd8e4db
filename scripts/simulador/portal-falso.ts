import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A fake portal for the simulator's tests: it records every call a simulated device makes and
// answers as docs/decisions/0265-eventos-dos-dispositivos.md says the portal does, unless a test
// answers otherwise. What a test asserts is what a real portal would receive.

export interface PedidoAoPortal {
  metodo: string;
  /** Path only, e.g. `/api/integracoes/controlid/tok/new_user_identified.fcgi`. */
  caminho: string;
  /** The query string's parameters (Control iD push: `deviceId`, `uuid`). */
  consulta: URLSearchParams;
  /** The content-type header, "" when none. */
  tipo: string;
  corpo: Buffer;
  /** When the whole call had arrived (`performance.now()`, ms): how far apart the device's calls came. */
  instante: number;
}

/** How the fake portal answers: a status and a JSON or text body, or "pendurar" to never answer. */
export type RespostaDoFalso = { status?: number; json?: unknown; texto?: string } | "pendurar";

/** The contract's answers: an identification is denied 'Não identificado.', everything else acknowledged (a Control iD push poll: `{}`, nothing to do). */
export function respostaDoContrato(pedido: PedidoAoPortal): RespostaDoFalso {
  if (pedido.caminho.includes("/intelbras/")) {
    return pedido.metodo === "GET" ? { texto: "OK" } : { json: { message: "Não identificado.", code: "200", auth: "false" } };
  }
  if (pedido.caminho.endsWith("/new_user_identified.fcgi")) {
    const campos = formulario(pedido);
    return { json: { result: { event: 6, user_id: 0, user_name: "", user_image: false, portal_id: Number(campos.portal_id), message: "Não identificado." } } };
  }
  return { json: {} };
}

export class PortalFalso {
  readonly pedidos: PedidoAoPortal[] = [];
  responder: (pedido: PedidoAoPortal) => RespostaDoFalso = respostaDoContrato;

  private constructor(
    private readonly server: Server,
    readonly base: string,
  ) {}

  static async iniciar(): Promise<PortalFalso> {
    let portal: PortalFalso | null = null;
    const server = createServer(async (req, res) => {
      const partes: Buffer[] = [];
      for await (const parte of req) partes.push(parte as Buffer);
      const url = new URL(req.url ?? "/", "http://portal");
      const pedido = {
        metodo: req.method ?? "",
        caminho: url.pathname,
        consulta: url.searchParams,
        tipo: req.headers["content-type"] ?? "",
        corpo: Buffer.concat(partes),
        instante: performance.now(),
      };
      portal!.pedidos.push(pedido);
      const resposta = portal!.responder(pedido);
      if (resposta === "pendurar") return;
      const json = resposta.json !== undefined;
      res.writeHead(resposta.status ?? 200, { "content-type": json ? "application/json" : "text/plain" });
      res.end(json ? JSON.stringify(resposta.json) : (resposta.texto ?? ""));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    portal = new PortalFalso(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return portal;
  }

  /** The device's `url_integracao` on this portal. */
  url(fabricante: "controlid" | "intelbras", token = "tok-123"): string {
    return `${this.base}/api/integracoes/${fabricante}/${token}`;
  }

  /** The calls whose path ends with `final`, in arrival order. */
  em(final: string): PedidoAoPortal[] {
    return this.pedidos.filter((p) => p.caminho.endsWith(final));
  }

  async fechar(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Answers Control iD push polls (`GET .../push`) with `pedidos`, one per poll, then `{}`; every
 * other call as the contract. A request listed twice is the portal handing it out twice.
 */
export function respondendoNoPush(pedidos: unknown[]): (pedido: PedidoAoPortal) => RespostaDoFalso {
  const fila = [...pedidos];
  return (pedido) => (pedido.metodo === "GET" && pedido.caminho.endsWith("/push") ? { json: fila.shift() ?? {} } : respostaDoContrato(pedido));
}

export const formulario = (pedido: PedidoAoPortal): Record<string, string> => Object.fromEntries(new URLSearchParams(pedido.corpo.toString("utf8")));

export const json = <T = Record<string, unknown>>(pedido: PedidoAoPortal): T => JSON.parse(pedido.corpo.toString("utf8")) as T;

export interface EventoIntelbras {
  Code: string;
  Action: string;
  Index: number;
  Data: Record<string, unknown>;
}

/** A Modo Online body read with the standard form-data parser (undici's, as `Request.formData()`): the JSON of its text part, and its files. */
export async function multipart(pedido: PedidoAoPortal): Promise<{ Events: EventoIntelbras[]; Time: string; arquivos: File[] }> {
  const dados = await new Response(new Uint8Array(pedido.corpo), { headers: { "content-type": pedido.tipo } }).formData();
  const textos = [...dados.values()].filter((v): v is string => typeof v === "string");
  const arquivos = [...dados.values()].filter((v): v is File => typeof v !== "string");
  if (textos.length !== 1) throw new Error(`Esperava uma parte de texto, vieram ${textos.length}.`);
  return { ...(JSON.parse(textos[0]!) as { Events: EventoIntelbras[]; Time: string }), arquivos };
}
