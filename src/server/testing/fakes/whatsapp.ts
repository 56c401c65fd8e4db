import { randomBytes } from "node:crypto";
import { esperar, servidorFalso } from "./http";

// A fake of the WhatsApp Business Cloud API's send endpoint (POST /{version}/{phone-number-id}/messages),
// as Meta documents it: a bearer token, `messaging_product: "whatsapp"`, template messages with
// approved names, a free-text (`type: "text"`) message only to someone who wrote in the last
// 24 hours (otherwise error 131047, re-engagement), an invalid number refused (131009), and the
// Graph API's error shape `{ error: { message, type, code, error_data, fbtrace_id } }`. It
// records what it received, and can answer slowly or fail (5xx, error 131000) on demand.

export interface MensagemWhatsApp {
  to: string;
  type: string;
  template?: { name: string; language: { code: string }; components?: { type: string; parameters: { type: string; text: string }[] }[] };
  text?: { body: string };
  /** The wamid answered. */
  id: string;
  recebidaEm: number;
}

const erroGraph = (status: number, code: number, message: string, details?: string) => ({
  status,
  body: {
    error: {
      message,
      type: "OAuthException",
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  },
});

export async function iniciarWhatsAppFalso(opcoes: { token: string; phoneNumberId: string; versao?: string; modelos: string[] }) {
  const recebidas: MensagemWhatsApp[] = [];
  const tentativas: { to?: string; status: number }[] = [];
  const conversas = new Map<string, number>();
  const invalidos = new Set<string>();
  let atrasoMs = 0;
  let falhas = 0;
  const caminho = `/${opcoes.versao ?? "v21.0"}/${opcoes.phoneNumberId}/messages`;

  const servidor = await servidorFalso(async (pedido) => {
    if (atrasoMs) await esperar(atrasoMs);
    const responder = (r: { status: number; body: unknown }, to?: string) => {
      tentativas.push({ to, status: r.status });
      return r;
    };
    if (pedido.method !== "POST" || pedido.path.split("?")[0] !== caminho)
      return responder(
        erroGraph(400, 100, "Unsupported post request. Object does not exist, cannot be loaded due to missing permissions, or does not support this operation"),
      );
    if (pedido.headers.authorization !== `Bearer ${opcoes.token}`)
      return responder(erroGraph(401, 190, "Invalid OAuth access token - Cannot parse access token"));
    let corpo: Partial<MensagemWhatsApp> & { messaging_product?: string };
    try {
      corpo = JSON.parse(pedido.body.toString("utf8")) as typeof corpo;
    } catch {
      return responder(erroGraph(400, 100, "Invalid parameter"));
    }
    const to = String(corpo.to ?? "");
    if (falhas > 0) {
      falhas--;
      return responder(erroGraph(500, 131000, "Something went wrong", "Something went wrong"), to);
    }
    if (corpo.messaging_product !== "whatsapp") return responder(erroGraph(400, 100, "(#100) The parameter messaging_product is required."), to);
    if (!/^[1-9]\d{9,14}$/.test(to) || invalidos.has(to))
      return responder(erroGraph(400, 131009, "(#131009) Parameter value is not valid", "Recipient phone number not valid"), to);
    if (corpo.type === "template") {
      if (!corpo.template || !opcoes.modelos.includes(corpo.template.name))
        return responder(erroGraph(404, 132001, "(#132001) Template name does not exist in the translation", "template name does not exist in pt_BR"), to);
    } else if (corpo.type === "text") {
      const ultima = conversas.get(to);
      if (ultima === undefined || Date.now() - ultima > 24 * 3600_000)
        return responder(
          erroGraph(
            400,
            131047,
            "Re-engagement message",
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
          ),
          to,
        );
    } else return responder(erroGraph(400, 100, "(#100) Param type must be one of {TEXT, TEMPLATE, ...}"), to);
    const id = `wamid.${randomBytes(18).toString("base64url")}`;
    recebidas.push({ to, type: corpo.type, template: corpo.template, text: corpo.text, id, recebidaEm: Date.now() });
    return responder({ status: 200, body: { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] } }, to);
  });

  return {
    url: servidor.url,
    recebidas,
    tentativas,
    /** The person wrote to the business now: free text may reach them for 24 h. */
    escreveu(numero: string) {
      conversas.set(numero, Date.now());
    },
    /** This number is not on WhatsApp: refused as invalid. */
    invalido(numero: string) {
      invalidos.add(numero);
    },
    atrasar(ms: number) {
      atrasoMs = ms;
    },
    /** The next `n` sends fail with a 500 (error 131000). */
    falhar(n: number) {
      falhas = n;
    },
    close: servidor.close,
  };
}

export type WhatsAppFalso = Awaited<ReturnType<typeof iniciarWhatsAppFalso>>;
