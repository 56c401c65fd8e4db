import type { Agent } from "node:https";
import webpush from "web-push";
import type { AppConfig, NotificacoesConfig } from "../../config";
import type { VapidKeys } from "../../db/settings";

// The notices' channels (gate-operation-spec §3.4), each written from its provider's public
// documentation and each off without its settings: Web Push (RFC 8030/8291/8292 through the
// web-push library), the WhatsApp Business Cloud API (approved templates), Zenvia's SMS API v2.
// E-mail goes through the portal's outbox (service.ts). Providers answer within ENVIO_TIMEOUT_MS
// or the attempt fails and is retried: a slow provider holds no console and no other channel.

/** What one attempt did: sent (with the provider's id), or failed for a reason in pt-BR, final or worth retrying. */
export type ResultadoEnvio = { ok: true; idExterno?: string } | { ok: false; erro: string; definitivo: boolean };

export const ENVIO_TIMEOUT_MS = 10_000;

export const ERROS_ENVIO = {
  numeroInvalido: "número inválido.",
  foraDaJanela: "o número não conversou com o condomínio nas últimas 24 horas.",
  naoPermitido: "número fora da lista permitida do WhatsApp.",
  credenciais: "credenciais do provedor recusadas.",
  modelo: "modelo de mensagem não aprovado.",
  limite: "limite de envios do provedor atingido.",
  indisponivel: "provedor indisponível.",
  recusada: "mensagem recusada pelo provedor.",
  semAparelho: "nenhum aparelho inscrito.",
  semEndereco: "email inválido.",
} as const;

/** Which channels the portal can use at all (the preferences' `canais_disponiveis`). */
export function canaisDisponiveis(config: Pick<AppConfig, "notificacoes">): { push: boolean; whatsapp: boolean; sms: boolean; email: boolean } {
  const n = config.notificacoes ?? {};
  return { push: true, whatsapp: Boolean(n.whatsapp), sms: Boolean(n.sms), email: Boolean(n.email) };
}

/** The lines the server logs once at start for each channel that is off. */
export function canaisDesligados(config: Pick<AppConfig, "notificacoes">): string[] {
  const n = config.notificacoes ?? {};
  const linhas: string[] = [];
  if (!n.whatsapp) linhas.push("Notificações por WhatsApp desligadas: defina WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN e WHATSAPP_TEMPLATE_SOLICITACAO.");
  if (!n.sms) linhas.push("Notificações por SMS desligadas: defina SMS_API_TOKEN (e SMS_FROM).");
  if (!n.email) linhas.push("Notificações por email desligadas: defina SMTP_URL.");
  return linhas;
}

/** A Brazilian mobile as the providers want it: digits with the country code (55), or null when it cannot be one. */
export function celularE164(telefone: string | null | undefined): string | null {
  if (!telefone) return null;
  const digitos = telefone.replace(/\D/g, "");
  if (digitos.length === 10 || digitos.length === 11) return `55${digitos}`;
  if ((digitos.length === 12 || digitos.length === 13) && digitos.startsWith("55")) return digitos;
  return digitos.length >= 8 ? digitos : null;
}

const semResposta = (error: unknown): ResultadoEnvio => ({
  ok: false,
  erro: (error as Error).name === "TimeoutError" ? "o provedor não respondeu a tempo." : ERROS_ENVIO.indisponivel,
  definitivo: false,
});

// ---------------------------------------------------------------------------------------------
// Web Push

export interface MensagemPush {
  title: string;
  body: string;
  url: string;
  tag: string;
}
export interface InscricaoPush {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends to one browser; `expirada` when the push service says the subscription is gone (404/410). */
export async function enviarPush(
  chaves: VapidKeys,
  subject: string,
  inscricao: InscricaoPush,
  mensagem: MensagemPush,
  agent?: Agent,
  /** How long the push service keeps it for an offline phone, and how urgently it wakes it. */
  entrega: { ttl: number; urgencia: "high" | "normal" } = { ttl: 60, urgencia: "high" },
): Promise<ResultadoEnvio & { expirada?: boolean }> {
  try {
    await webpush.sendNotification({ endpoint: inscricao.endpoint, keys: { p256dh: inscricao.p256dh, auth: inscricao.auth } }, JSON.stringify(mensagem), {
      vapidDetails: { subject, publicKey: chaves.publicKey, privateKey: chaves.privateKey },
      // A request lasts 60 s: a notice delivered later is of no use (the default); a parcel's keeps a day.
      TTL: entrega.ttl,
      urgency: entrega.urgencia,
      topic: mensagem.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
      contentEncoding: "aes128gcm",
      timeout: ENVIO_TIMEOUT_MS,
      ...(agent ? { agent } : {}),
    });
    return { ok: true };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return { ok: false, erro: ERROS_ENVIO.semAparelho, definitivo: true, expirada: true };
    if (status === 401 || status === 403) return { ok: false, erro: ERROS_ENVIO.credenciais, definitivo: true };
    if (status === 400 || status === 413) return { ok: false, erro: ERROS_ENVIO.recusada, definitivo: true };
    if (status === 429) return { ok: false, erro: ERROS_ENVIO.limite, definitivo: false };
    return { ok: false, erro: ERROS_ENVIO.indisponivel, definitivo: false };
  }
}

// ---------------------------------------------------------------------------------------------
// WhatsApp Business Cloud API

/** The Cloud API's error object (Graph API), as documented: `{ error: { message, type, code, error_subcode, error_data: { details } } }`. */
interface ErroGraph {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/** The Cloud API's codes in pt-BR, and whether trying again may help. */
export function erroDoWhatsApp(status: number, corpo: ErroGraph): { erro: string; definitivo: boolean } {
  const code = corpo.error?.code;
  switch (code) {
    case 131026: // Message undeliverable (not on WhatsApp, old app)
    case 131009: // Parameter value is not valid (the recipient's number)
    case 131021: // Recipient cannot be sender
      return { erro: ERROS_ENVIO.numeroInvalido, definitivo: true };
    case 100: {
      const detalhe = `${corpo.error?.message ?? ""} ${corpo.error?.error_data?.details ?? ""}`;
      return /phone|number|recipient|to\b/i.test(detalhe)
        ? { erro: ERROS_ENVIO.numeroInvalido, definitivo: true }
        : { erro: ERROS_ENVIO.recusada, definitivo: true };
    }
    case 131047: // Re-engagement message: more than 24 h since the user last wrote
      return { erro: ERROS_ENVIO.foraDaJanela, definitivo: true };
    case 131030: // Recipient phone number not in allowed list (test numbers)
      return { erro: ERROS_ENVIO.naoPermitido, definitivo: true };
    case 0:
    case 190: // Access token expired or invalid
    case 10:
    case 200:
    case 131005:
      return { erro: ERROS_ENVIO.credenciais, definitivo: true };
    case 132000:
    case 132001:
    case 132005:
    case 132007:
    case 132012:
    case 132015:
    case 132016:
      return { erro: ERROS_ENVIO.modelo, definitivo: true };
    case 4:
    case 80007:
    case 130429:
    case 131048:
    case 131056:
      return { erro: ERROS_ENVIO.limite, definitivo: false };
  }
  if (status === 401) return { erro: ERROS_ENVIO.credenciais, definitivo: true };
  if (status === 429 || status >= 500) return { erro: ERROS_ENVIO.indisponivel, definitivo: false };
  return { erro: ERROS_ENVIO.recusada, definitivo: status >= 400 && status < 500 };
}

/**
 * A template message in pt_BR: `WHATSAPP_TEMPLATE_SOLICITACAO`, whose body takes {{1}} the visitor's
 * name, {{2}} the unit and {{3}} the answer link, or `WHATSAPP_TEMPLATE_ENCOMENDA`, {{1}} the carrier
 * and {{2}} the pickup code; each approved template's text is the §3.4 one.
 */
export async function enviarWhatsApp(
  cfg: NonNullable<NotificacoesConfig["whatsapp"]>,
  para: string,
  modelo: string,
  parametros: string[],
): Promise<ResultadoEnvio> {
  const corpo = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: para,
    type: "template",
    template: {
      name: modelo,
      language: { code: "pt_BR" },
      components: [{ type: "body", parameters: parametros.map((text) => ({ type: "text", text })) }],
    },
  };
  let resposta: Response;
  try {
    resposta = await fetch(`${cfg.apiUrl}/${cfg.versao}/${cfg.phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${cfg.token}`, "content-type": "application/json" },
      body: JSON.stringify(corpo),
      signal: AbortSignal.timeout(ENVIO_TIMEOUT_MS),
    });
  } catch (error) {
    return semResposta(error);
  }
  const dados = (await resposta.json().catch(() => ({}))) as ErroGraph & { messages?: { id?: string }[] };
  if (resposta.ok && dados.messages?.[0]?.id) return { ok: true, idExterno: dados.messages[0].id };
  return { ok: false, ...erroDoWhatsApp(resposta.status, dados) };
}

// ---------------------------------------------------------------------------------------------
// SMS: Zenvia API v2 (POST /v2/channels/sms/messages, X-API-TOKEN)

export async function enviarSms(cfg: NonNullable<NotificacoesConfig["sms"]>, para: string, texto: string): Promise<ResultadoEnvio> {
  let resposta: Response;
  try {
    resposta = await fetch(`${cfg.apiUrl}/v2/channels/sms/messages`, {
      method: "POST",
      headers: { "x-api-token": cfg.token, "content-type": "application/json" },
      body: JSON.stringify({ from: cfg.from ?? "portaria", to: para, contents: [{ type: "text", text: texto }] }),
      signal: AbortSignal.timeout(ENVIO_TIMEOUT_MS),
    });
  } catch (error) {
    return semResposta(error);
  }
  const dados = (await resposta.json().catch(() => ({}))) as { id?: string; code?: string; message?: string; details?: { path?: string; message?: string }[] };
  if (resposta.ok) return { ok: true, ...(dados.id ? { idExterno: dados.id } : {}) };
  if (resposta.status === 401 || resposta.status === 403) return { ok: false, erro: ERROS_ENVIO.credenciais, definitivo: true };
  if (resposta.status === 429 || resposta.status >= 500) return { ok: false, erro: ERROS_ENVIO.indisponivel, definitivo: false };
  // A validation error naming the recipient is the number; anything else the provider refused.
  const sobreODestino = (dados.details ?? []).some((d) => /(^|\.)to$/.test(d.path ?? "")) || /\bto\b|phone|number/i.test(dados.message ?? "");
  return { ok: false, erro: sobreODestino ? ERROS_ENVIO.numeroInvalido : ERROS_ENVIO.recusada, definitivo: true };
}
