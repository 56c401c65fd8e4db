import { createHmac, timingSafeEqual } from "node:crypto";

// The answer link's token (gate-operation-spec §3.4): `<id>.<base64url HMAC-SHA256(secret, id)>`.
// Only the id is stored (portaria_web_links_resposta); the signature proves the portal made it,
// so a guessed or edited id is refused before the database is asked.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assinarLink(secret: Buffer, id: string): string {
  return `${id}.${createHmac("sha256", secret).update(id).digest("base64url")}`;
}

/** The link's id when the token is one the portal signed; null otherwise. */
export function idDoToken(secret: Buffer, token: string | undefined): string | null {
  if (!token) return null;
  const ponto = token.indexOf(".");
  if (ponto < 0) return null;
  const id = token.slice(0, ponto).toLowerCase();
  if (!UUID.test(id)) return null;
  const dada = Buffer.from(token.slice(ponto + 1), "base64url");
  const certa = createHmac("sha256", secret).update(id).digest();
  return dada.length === certa.length && timingSafeEqual(dada, certa) ? id : null;
}

/** The page that opens the link (the client's /morador/resposta). */
export const urlDoLink = (publicUrl: string, token: string) => `${publicUrl}/morador/resposta?token=${encodeURIComponent(token)}`;
