import type { RateLimitRule } from "../../config";
import type { Db } from "../../db/client";
import { attemptKey, createAttemptLimiter } from "../../auth/attempt-limiter";
import { AppError } from "../../errors";
import { MSG_WITH } from "@shared/messages";

/**
 * The shape of what the gate read: a well-formed short code (8 characters of the alphabet, the
 * only thing that can be guessed) or anything else (malformed typing, a USB reader's misread, a
 * QR code, signed or not). Each shape has its own counters, so misreads never spend the budget
 * of codes and a valid code after a few misreads still opens.
 */
export type FormaDoCodigo = "codigo" | "outro";

/**
 * What is not a well-formed code cannot open anything by chance (a QR's signature cannot be
 * guessed), so its window only guards the server's work: five times the room of codes.
 */
const FOLGA_OUTRO = 5;
const folga = (rule: RateLimitRule): RateLimitRule => ({ window: rule.window, max: rule.max * FOLGA_OUTRO });

/** Who reads a code: the gate's user and the client's address (no HTTP request: device events read codes too). */
export interface QuemDigita {
  usuarioId: string;
  ip: string;
}

/** A slot taken for one lookup: given back when the code opened an authorisation. */
export interface TentativaDeCodigo {
  acertou(): Promise<void>;
}

/**
 * Guessing visitors' codes (gatehouse-spec §10, docs/decisions/0005-limites-de-tentativas.md):
 * per gate (the console's condominium and its user) and per client address, each per shape;
 * shared by every instance, in the database. Each lookup takes its slots before it is evaluated
 * (one statement per counter), so a burst of concurrent codes evaluates no more than the limit;
 * a code that opens an authorisation gives them back, so a busy gate is never slowed down by its
 * own visitors. A full window answers 429 until it ends.
 */
export function limiteDeCodigos(db: Db, rules: { porUsuario: RateLimitRule; porEndereco: RateLimitRule }) {
  const limites = {
    codigo: { porPortaria: createAttemptLimiter(db, rules.porUsuario), porEndereco: createAttemptLimiter(db, rules.porEndereco) },
    outro: { porPortaria: createAttemptLimiter(db, folga(rules.porUsuario)), porEndereco: createAttemptLimiter(db, folga(rules.porEndereco)) },
  };
  return {
    /** Takes the slots of one lookup, or throws 429 while the gate or the address used up its window. */
    async tentar(quem: QuemDigita, condominioId: string, forma: FormaDoCodigo): Promise<TentativaDeCodigo> {
      const { porPortaria, porEndereco } = limites[forma];
      const portaria = `codigo-portaria:${forma}:${condominioId}:${quem.usuarioId}`;
      const endereco = attemptKey(`codigo-endereco:${forma}`, quem.ip);
      let wait = await porPortaria.take(portaria);
      if (!wait) {
        wait = await porEndereco.take(endereco);
        // Refused by the address: this gate spent nothing.
        if (wait) await porPortaria.release(portaria);
      }
      if (wait > 0) {
        const minutos = Math.max(1, Math.ceil(wait / 60));
        throw AppError.from(429, "RATE_LIMITED", MSG_WITH.codigosEsgotados(minutos));
      }
      return {
        async acertou() {
          await Promise.all([porPortaria.release(portaria), porEndereco.release(endereco)]);
        },
      };
    },
  };
}

export type LimiteDeCodigos = ReturnType<typeof limiteDeCodigos>;
