import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { certificadoLocal, esperar, servidorFalso } from "./http";

// A fake push service (RFC 8030) that a test's browser subscription points at. It checks what a
// real one checks: the VAPID `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: an ES256 JWT
// signed by that key, `aud` the endpoint's origin, `exp` within 24 h) and an `aes128gcm` body
// (RFC 8188), which it decrypts with the subscription's private key (RFC 8291: ECDH + HKDF), so a
// test reads the payload the browser would show. A subscription can be made to answer 410 (gone).

export interface PushRecebido {
  endpoint: string;
  payload: unknown;
  ttl: number;
  urgency?: string;
  topic?: string;
  recebidoEm: number;
}

const b64 = (b: Buffer) => b.toString("base64url");

function jwtValido(autorizacao: string | undefined, origem: string): string | null {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(autorizacao ?? "");
  if (!m) return "Authorization sem vapid t=…, k=…";
  const [cab, corpo, assinatura] = m[1]!.split(".");
  if (!cab || !corpo || !assinatura) return "JWT malformado";
  const chave = Buffer.from(m[2]!, "base64url");
  if (chave.length !== 65 || chave[0] !== 4) return "chave VAPID inválida";
  const publica = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64(chave.subarray(1, 33)), y: b64(chave.subarray(33, 65)) }, format: "jwk" });
  const ok = verify("sha256", Buffer.from(`${cab}.${corpo}`), { key: publica, dsaEncoding: "ieee-p1363" }, Buffer.from(assinatura, "base64url"));
  if (!ok) return "assinatura do JWT inválida";
  const header = JSON.parse(Buffer.from(cab, "base64url").toString()) as { alg?: string };
  const claims = JSON.parse(Buffer.from(corpo, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (header.alg !== "ES256") return "alg não é ES256";
  if (claims.aud !== origem) return `aud ${claims.aud} não é ${origem}`;
  const agora = Date.now() / 1000;
  if (!claims.exp || claims.exp < agora || claims.exp > agora + 24 * 3600 + 60) return "exp fora de 24 h";
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return "sub sem mailto: ou https:";
  return null;
}

/** RFC 8291 §3.4 + RFC 8188: one record, the user agent's side. */
function decifrar(corpo: Buffer, uaPrivada: Buffer, uaPublica: Buffer, auth: Buffer): Buffer {
  const salt = corpo.subarray(0, 16);
  const idlen = corpo[20]!;
  const asPublica = corpo.subarray(21, 21 + idlen);
  const cifrado = corpo.subarray(21 + idlen);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(uaPrivada);
  const segredo = ecdh.computeSecret(asPublica);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublica, asPublica]);
  const ikm = Buffer.from(hkdfSync("sha256", segredo, auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decifra = createDecipheriv("aes-128-gcm", cek, nonce);
  decifra.setAuthTag(cifrado.subarray(cifrado.length - 16));
  const claro = Buffer.concat([decifra.update(cifrado.subarray(0, cifrado.length - 16)), decifra.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let fim = claro.length - 1;
  while (fim >= 0 && claro[fim] === 0) fim--;
  if (claro[fim] !== 2) throw new Error("delimitador do último registro ausente");
  return claro.subarray(0, fim);
}

/** The fake push service, on HTTPS like the real ones; `ca` is its certificate, for the portal's `pushCa`. */
export async function iniciarPushFalso() {
  const tls = certificadoLocal();
  const recebidos: PushRecebido[] = [];
  const recusados: { endpoint: string; motivo: string }[] = [];
  const inscricoes = new Map<string, { privada: Buffer; publica: Buffer; auth: Buffer }>();
  const expiradas = new Set<string>();
  let atrasoMs = 0;
  let base = "";

  const servidor = await servidorFalso(async (pedido) => {
    if (atrasoMs) await esperar(atrasoMs);
    const endpoint = `${base}${pedido.path}`;
    const recusar = (status: number, motivo: string) => {
      recusados.push({ endpoint, motivo });
      return { status, body: { erro: motivo } };
    };
    if (pedido.method !== "POST") return recusar(405, "só POST");
    const chaves = inscricoes.get(endpoint);
    if (!chaves || expiradas.has(endpoint)) return recusar(410, "inscrição expirada");
    const problema = jwtValido(pedido.headers.authorization, base);
    if (problema) return recusar(403, problema);
    if (pedido.headers["content-encoding"] !== "aes128gcm") return recusar(415, "Content-Encoding não é aes128gcm");
    const ttl = Number(pedido.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return recusar(400, "TTL ausente");
    let payload: unknown;
    try {
      payload = JSON.parse(decifrar(pedido.body, chaves.privada, chaves.publica, chaves.auth).toString("utf8"));
    } catch (error) {
      return recusar(400, `corpo não decifra: ${(error as Error).message}`);
    }
    recebidos.push({
      endpoint,
      payload,
      ttl,
      urgency: pedido.headers.urgency as string | undefined,
      topic: pedido.headers.topic as string | undefined,
      recebidoEm: Date.now(),
    });
    return { status: 201, body: "", headers: { location: `${endpoint}/mensagens/${randomBytes(6).toString("hex")}` } };
  }, tls);
  base = servidor.url;

  return {
    url: servidor.url,
    ca: tls.cert,
    recebidos,
    recusados,
    /** A browser's subscription on this service, with its key pair (as PushSubscription.toJSON() gives it). */
    inscricao(): { endpoint: string; keys: { p256dh: string; auth: string } } {
      const ecdh = createECDH("prime256v1");
      const publica = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${servidor.url}/push/${randomBytes(12).toString("hex")}`;
      inscricoes.set(endpoint, { privada: ecdh.getPrivateKey(), publica, auth });
      return { endpoint, keys: { p256dh: b64(publica), auth: b64(auth) } };
    },
    /** The browser unsubscribed: the service answers 410 Gone. */
    expirar(endpoint: string) {
      expiradas.add(endpoint);
    },
    atrasar(ms: number) {
      atrasoMs = ms;
    },
    close: servidor.close,
  };
}

export type PushFalso = Awaited<ReturnType<typeof iniciarPushFalso>>;
