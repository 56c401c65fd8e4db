import type { FastifyReply } from "fastify";
import { MSG } from "@shared/messages";
import { createAttemptLimiter } from "../auth/attempt-limiter";
import type { RateLimitRule } from "../config";
import type { Db } from "../db/client";
import { AppError } from "../errors";

/** The slots of one e-mail: given back when it was not queued after all. */
export interface EnvioReservado {
  desfazer(): Promise<void>;
}

/**
 * E-mails a signed-in user makes the portal send (a visitor's invitation, a new user's welcome):
 * at most `porUsuario` per user and `porDestino` per subject (one authorisation's invitation) in
 * their windows, shared by every instance, like the recovery e-mails per address. Each e-mail
 * takes its slots before it is queued (one statement per counter), so a burst queues no more
 * than the limit; over it, 429 with the catalogue's message.
 */
export function limiteDeEnvios(db: Db, rules: { porUsuario: RateLimitRule; porDestino: RateLimitRule }) {
  const porUsuario = createAttemptLimiter(db, rules.porUsuario);
  const porDestino = createAttemptLimiter(db, rules.porDestino);
  return {
    /** Takes the slots of one e-mail by `usuarioId` (about `destino`, when given), or answers 429. */
    async reservar(reply: FastifyReply, usuarioId: string, destino?: string): Promise<EnvioReservado> {
      const usuario = `email-usuario:${usuarioId}`;
      const assunto = destino ? `email-destino:${destino}` : null;
      let wait = await porUsuario.take(usuario);
      if (!wait && assunto) {
        wait = await porDestino.take(assunto);
        if (wait) await porUsuario.release(usuario);
      }
      if (wait) {
        reply.header("retry-after", String(wait));
        throw AppError.from(429, "RATE_LIMITED", MSG.rateLimited);
      }
      return {
        async desfazer() {
          await Promise.all([porUsuario.release(usuario), assunto ? porDestino.release(assunto) : undefined]);
        },
      };
    },
  };
}

export type LimiteDeEnvios = ReturnType<typeof limiteDeEnvios>;
