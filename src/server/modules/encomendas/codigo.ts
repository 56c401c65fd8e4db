import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";

// The pickup code of a parcel (gate-operation-spec §4: 6 digits, stored hashed, single use;
// docs/decisions/0279). A million codes are guessed offline in a blink, so a plain hash would
// protect nothing: the hash is an HMAC under a key that is never in the database (derived from
// the access records' chain key, registros/selos.ts), bound to the unit, so a code finds only its
// unit's parcel. The resident's app and the notices must show the code again, so it is also kept
// encrypted (AES-256-GCM under another key derived from the same secret, bound to the parcel's id).
// Someone holding only the database reads neither.

const VERSAO = "v1";

export interface CofreDeCodigos {
  /** A fresh code: six digits, leading zeros kept. */
  gerar(): string;
  /** The stored hash of `codigo` for a unit (what the pickup looks up). */
  hash(unidadeId: string, codigo: string): string;
  cifrar(encomendaId: string, codigo: string): string;
  /** The code, or null when the text is not ours or was moved to another parcel. */
  decifrar(encomendaId: string, cifra: string): string | null;
}

export function cofreDeCodigos(segredo: Buffer): CofreDeCodigos {
  const derivar = (uso: string) => Buffer.from(hkdfSync("sha256", segredo, Buffer.alloc(0), `portal/encomendas/${uso}/v1`, 32));
  const chaveHash = derivar("codigo-hash");
  const chaveCifra = derivar("codigo-cifra");
  return {
    gerar: () => String(randomInt(0, 1_000_000)).padStart(6, "0"),
    hash: (unidadeId, codigo) => createHmac("sha256", chaveHash).update(`${unidadeId}:${codigo}`).digest("base64url"),
    cifrar(encomendaId, codigo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", chaveCifra, iv);
      cipher.setAAD(Buffer.from(encomendaId, "utf8"));
      const texto = Buffer.concat([cipher.update(codigo, "utf8"), cipher.final()]);
      return [VERSAO, iv.toString("base64url"), texto.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    decifrar(encomendaId, cifra) {
      const [versao, iv, texto, tag] = cifra.split(".");
      if (versao !== VERSAO || !iv || texto === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", chaveCifra, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(encomendaId, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(texto, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
