import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { CODIGO_ALFABETO, CODIGO_TAMANHO, QR_PREFIXO } from "@shared/schemas/visitantes";

// The short code and the signed QR payload of a visitor's pre-authorisation (gatehouse-spec §4).
// docs/decisions/0230-codigo-curto.md and 0231-qr-code-assinado.md.

/** A new short code: crypto-random, uniform over the alphabet, with at least one digit and one letter. */
export function gerarCodigo(): string {
  for (;;) {
    let code = "";
    for (let i = 0; i < CODIGO_TAMANHO; i++) code += CODIGO_ALFABETO[randomInt(CODIGO_ALFABETO.length)];
    if (/\d/.test(code) && /[A-Z]/.test(code)) return code;
  }
}

/** What a QR code says: the authorisation and the end of its validity, as signed. */
export interface QrConteudo {
  autorizacaoId: string;
  validoAte: Date;
}

const DOMINIO = "portaria-web:autorizacao-visita:v1";
const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

function assinatura(secret: Buffer, corpo: Buffer): Buffer {
  return createHmac("sha256", secret).update(DOMINIO).update(corpo).digest();
}

/**
 * The QR payload: 'GV1.' + base64url(id, 16 bytes; valido_ate in ms, 8 bytes) + '.' +
 * base64url(HMAC-SHA256 of both under the server's QR secret). About 80 characters: a small QR.
 */
export function assinarQr(secret: Buffer, conteudo: QrConteudo): string {
  const corpo = Buffer.alloc(24);
  uuidBytes(conteudo.autorizacaoId).copy(corpo, 0);
  corpo.writeBigInt64BE(BigInt(conteudo.validoAte.getTime()), 16);
  return `${QR_PREFIXO}${corpo.toString("base64url")}.${assinatura(secret, corpo).toString("base64url")}`;
}

/** The content of a QR payload whose signature holds, or null (malformed, altered or forged). */
export function verificarQr(secret: Buffer, payload: string): QrConteudo | null {
  const text = payload.trim();
  if (!text.startsWith(QR_PREFIXO)) return null;
  const parts = text.slice(QR_PREFIXO.length).split(".");
  if (parts.length !== 2 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) return null;
  const corpo = Buffer.from(parts[0]!, "base64url");
  const recebida = Buffer.from(parts[1]!, "base64url");
  // Canonical base64url only: one payload per authorisation, no variants with other padding bits.
  if (corpo.length !== 24 || recebida.length !== 32 || corpo.toString("base64url") !== parts[0] || recebida.toString("base64url") !== parts[1]) return null;
  if (!timingSafeEqual(recebida, assinatura(secret, corpo))) return null;
  const ms = corpo.readBigInt64BE(16);
  const validoAte = new Date(Number(ms));
  if (Number.isNaN(validoAte.getTime())) return null;
  return { autorizacaoId: uuidText(corpo.subarray(0, 16)), validoAte };
}
