import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** A key kept out of the database, and where it came from. */
export interface LoadedKey {
  chave: Buffer;
  origem: string;
  gerada: boolean;
}

/**
 * A key that must never live in the database it protects (the access records' seals, the devices'
 * passwords): given in the environment (`valor`, from the variable `variavel`), or read from a
 * file (`arquivo`, default DATA_DIR/`nomePadrao`: next to the embedded database, never inside it
 * nor in its backups), generated on first start unless `gerar` is false.
 */
export function loadKeyFile(opcoes: {
  rotulo: string;
  variavel: string;
  valor?: string;
  arquivo?: string;
  dataDir: string;
  nomePadrao: string;
  gerar?: boolean;
}): LoadedKey | null {
  const { rotulo, variavel } = opcoes;
  if (opcoes.valor) return { chave: Buffer.from(opcoes.valor, "utf8"), origem: variavel, gerada: false };
  if (!opcoes.arquivo && !opcoes.dataDir) throw new Error(`${rotulo}: defina ${variavel}, ${variavel}_FILE ou DATA_DIR.`);
  const file = resolve(opcoes.arquivo ?? join(opcoes.dataDir, opcoes.nomePadrao));
  let gerada = false;
  // A restore, say, only reads a key: one made up now would vouch for nothing.
  if (!existsSync(file) && opcoes.gerar === false) return null;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // "wx": two instances starting at once never overwrite each other's key.
    try {
      writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
      gerada = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const texto = readFileSync(file, "utf8").trim();
  if (texto.length < 32) throw new Error(`${rotulo} em ${file} curta demais (mínimo 32 caracteres).`);
  return { chave: Buffer.from(texto, "utf8"), origem: file, gerada };
}
