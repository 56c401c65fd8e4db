import { request } from "urllib";
import { FALHA_DO_DISPOSITIVO } from "@shared/schemas/dispositivos";
import { FalhaDoDispositivo } from "./tipos";

// The drivers' one HTTP client: urllib (undici underneath, connections kept alive per device,
// RFC 7616 Digest authentication built in) with a deadline on every call, and the network's
// faults turned into the pt-BR reasons of §2.2. No retry here: repeating a command is the
// gateway's decision, made with its idempotency key, never the transport's.

export interface Chamada {
  metodo: "GET" | "POST";
  /** A JSON body (Control iD, and Intelbras' insertMulti calls). */
  json?: unknown;
  /** Bytes as the body, with their content type (Control iD's user_set_image.fcgi). Never logged. */
  bytes?: { tipo: string; dados: Buffer };
  /** "usuario:senha" for HTTP Digest (Intelbras). */
  digest?: string;
  prazoMs: number;
}

export interface RespostaHttp {
  status: number;
  corpo: string;
}

/** undici's and Node's codes for "nobody answered at that address". */
const INALCANCAVEL = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
]);

function codigos(error: unknown): string[] {
  const vistos: string[] = [];
  for (let atual = error as { code?: unknown; name?: unknown; cause?: unknown } | undefined, i = 0; atual && i < 5; atual = atual.cause as typeof atual, i++) {
    if (typeof atual.code === "string") vistos.push(atual.code);
    if (typeof atual.name === "string") vistos.push(atual.name);
  }
  return vistos;
}

/** A network error as the reason a screen shows. */
export function falhaDeRede(error: unknown, prazoMs: number): FalhaDoDispositivo {
  const vistos = codigos(error);
  if (vistos.some((c) => /Timeout/i.test(c) || c === "ETIMEDOUT" || c === "UND_ERR_HEADERS_TIMEOUT" || c === "UND_ERR_BODY_TIMEOUT"))
    return new FalhaDoDispositivo("sem_resposta", FALHA_DO_DISPOSITIVO.semResposta(Math.round(prazoMs / 1000)));
  if (vistos.some((c) => INALCANCAVEL.has(c))) return new FalhaDoDispositivo("inalcancavel", FALHA_DO_DISPOSITIVO.inalcancavel);
  return new FalhaDoDispositivo("inalcancavel", FALHA_DO_DISPOSITIVO.inalcancavel);
}

export async function chamar(url: string, chamada: Chamada): Promise<RespostaHttp> {
  try {
    const resposta = await request(url, {
      method: chamada.metodo,
      ...(chamada.json === undefined ? {} : { data: chamada.json, contentType: "json" }),
      ...(chamada.bytes ? { content: chamada.bytes.dados, headers: { "content-type": chamada.bytes.tipo } } : {}),
      ...(chamada.digest ? { digestAuth: chamada.digest } : {}),
      dataType: "text",
      timeout: chamada.prazoMs,
      followRedirect: false,
      retry: 0,
    });
    return { status: resposta.status, corpo: String(resposta.data ?? "") };
  } catch (error) {
    throw falhaDeRede(error, chamada.prazoMs);
  }
}
