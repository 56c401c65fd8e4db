import { randomUUID } from "node:crypto";
import { esperar, servidorFalso } from "./http";

// A fake of Zenvia's API v2 SMS channel (POST /v2/channels/sms/messages with X-API-TOKEN), as
// Zenvia documents it: `{ from, to, contents: [{ type: 'text', text }] }` answered with the
// message and its id; errors as `{ code, message, details: [{ code, path, message }] }`. Records
// what it received; can answer slowly or fail (503) on demand.

export interface MensagemSms {
  from: string;
  to: string;
  text: string;
  id: string;
  recebidaEm: number;
}

export async function iniciarSmsFalso(opcoes: { token: string }) {
  const recebidas: MensagemSms[] = [];
  let atrasoMs = 0;
  let falhas = 0;
  const servidor = await servidorFalso(async (pedido) => {
    if (atrasoMs) await esperar(atrasoMs);
    if (pedido.method !== "POST" || pedido.path !== "/v2/channels/sms/messages") return { status: 404, body: { code: "NOT_FOUND", message: "Not found" } };
    if (pedido.headers["x-api-token"] !== opcoes.token) return { status: 401, body: { code: "UNAUTHORIZED", message: "Invalid or missing API token" } };
    if (falhas > 0) {
      falhas--;
      return { status: 503, body: { code: "SERVICE_UNAVAILABLE", message: "Service unavailable" } };
    }
    let corpo: { from?: string; to?: string; contents?: { type?: string; text?: string }[] };
    try {
      corpo = JSON.parse(pedido.body.toString("utf8")) as typeof corpo;
    } catch {
      return { status: 400, body: { code: "VALIDATION_ERROR", message: "Invalid JSON" } };
    }
    const detalhes: { code: string; path: string; message: string }[] = [];
    if (!corpo.from) detalhes.push({ code: "REQUIRED", path: "from", message: "from is required" });
    if (!/^\d{12,13}$/.test(corpo.to ?? ""))
      detalhes.push({ code: "INVALID_FORMAT", path: "to", message: "to must be a phone number with country and area code" });
    const conteudo = corpo.contents?.[0];
    if (conteudo?.type !== "text" || !conteudo.text) detalhes.push({ code: "REQUIRED", path: "contents[0].text", message: "text is required" });
    if (detalhes.length) return { status: 400, body: { code: "VALIDATION_ERROR", message: "Validation error", details: detalhes } };
    const id = randomUUID();
    recebidas.push({ from: corpo.from!, to: corpo.to!, text: conteudo!.text!, id, recebidaEm: Date.now() });
    return {
      status: 200,
      body: { id, from: corpo.from, to: corpo.to, direction: "OUT", channel: "sms", contents: corpo.contents, timestamp: new Date().toISOString() },
    };
  });
  return {
    url: servidor.url,
    recebidas,
    atrasar(ms: number) {
      atrasoMs = ms;
    },
    /** The next `n` sends answer 503. */
    falhar(n: number) {
      falhas = n;
    },
    close: servidor.close,
  };
}

export type SmsFalso = Awaited<ReturnType<typeof iniciarSmsFalso>>;
