import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { AlvoDoDispositivo } from "../../dispositivos/drivers";
import { loadKeyFile } from "../../key-file";

// The devices' passwords at rest (gate-operation-spec §2.1): the portal must send them to the
// device, so they are encrypted, not hashed. AES-256-GCM under a key that is never in the
// database (DEVICE_KEY or its file), bound to the device's id: a ciphertext copied to another
// row does not open there. Stored as "v1.<iv>.<ciphertext>.<tag>" (base64url).

const VERSAO = "v1";

export interface CofreDeSenhas {
  cifrar(dispositivoId: string, senha: string): string;
  /** The password, or null when the text is not one of ours or was changed (wrong key, other row). */
  decifrar(dispositivoId: string, cifra: string): string | null;
}

export function cofreDeSenhas(chave: Buffer): CofreDeSenhas {
  // The file's text is a secret, not a 32-byte key: HKDF makes the key of this one use from it.
  const key = Buffer.from(hkdfSync("sha256", chave, Buffer.alloc(0), "portal/dispositivos/senha/v1", 32));
  return {
    cifrar(dispositivoId, senha) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(dispositivoId, "utf8"));
      const texto = Buffer.concat([cipher.update(senha, "utf8"), cipher.final()]);
      return [VERSAO, iv.toString("base64url"), texto.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    decifrar(dispositivoId, cifra) {
      const [versao, iv, texto, tag] = cifra.split(".");
      if (versao !== VERSAO || !iv || texto === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(dispositivoId, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(texto, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** The key: DEVICE_KEY as given, or the file (DEVICE_KEY_FILE, default DATA_DIR/dispositivos.key), generated on first start. */
export const carregarChaveDosDispositivos = (config: { deviceKey?: string; deviceKeyFile?: string; dataDir: string }) =>
  loadKeyFile({
    rotulo: "Chave das senhas dos dispositivos",
    variavel: "DEVICE_KEY",
    valor: config.deviceKey,
    arquivo: config.deviceKeyFile,
    dataDir: config.dataDir,
    nomePadrao: "dispositivos.key",
  })!;

/**
 * What a driver needs to call the device, its stored password opened; null when the password
 * does not open with this key (DEVICE_KEY changed): it must be typed again in the registry.
 */
export function alvoDoDispositivo(
  cofre: CofreDeSenhas,
  d: { id: string; modelo: string; endereco: string | null; usuario: string | null; senha: string | null },
): AlvoDoDispositivo | null {
  const senha = d.senha === null ? null : cofre.decifrar(d.id, d.senha);
  if (d.senha !== null && senha === null) return null;
  return { id: d.id, modelo: d.modelo, endereco: d.endereco ?? "", usuario: d.usuario, senha };
}
