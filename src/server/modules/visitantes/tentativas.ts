import type { FastifyRequest } from "fastify";
import type { RateLimitRule } from "../../config";
import type { Db } from "../../db/client";
import { attemptKey, createAttemptLimiter } from "../../auth/attempt-limiter";
import { AppError } from "../../errors";
import { currentProfile } from "../../auth/guard";

/**
 * Guessing visitors' codes (gatehouse-spec §10): each code or QR code that matches nothing counts
 * against the user and against the client address (shared by every instance, in the database); a
 * full window answers 429 until it ends. A code that opens an authorisation counts nothing, so a
 * busy gate is never slowed down by its own visitors.
 */
export function limiteDeCodigos(db: Db, rules: { porUsuario: RateLimitRule; porEndereco: RateLimitRule }) {
  const porUsuario = createAttemptLimiter(db, rules.porUsuario);
  const porEndereco = createAttemptLimiter(db, rules.porEndereco);
  const keys = (request: FastifyRequest) => ({ usuario: `codigo-usuario:${currentProfile(request).id}`, endereco: attemptKey("codigo-endereco", request.ip) });
  return {
    /** Throws 429 while the user or the address used up its window. */
    async verificar(request: FastifyRequest): Promise<void> {
      const k = keys(request);
      const [u, e] = await Promise.all([porUsuario.blockedFor(k.usuario), porEndereco.blockedFor(k.endereco)]);
      const wait = Math.max(u, e);
      if (wait > 0) {
        const minutos = Math.max(1, Math.ceil(wait / 60));
        throw new AppError(
          429,
          "RATE_LIMITED",
          "Muitas tentativas",
          `Muitos códigos inválidos em pouco tempo. Tente novamente em ${minutos} ${minutos === 1 ? "minuto" : "minutos"}.`,
        );
      }
    },
    /** Counts a code that matched nothing. */
    async errou(request: FastifyRequest): Promise<void> {
      const k = keys(request);
      await Promise.all([porUsuario.hit(k.usuario), porEndereco.hit(k.endereco)]);
    },
  };
}

export type LimiteDeCodigos = ReturnType<typeof limiteDeCodigos>;
