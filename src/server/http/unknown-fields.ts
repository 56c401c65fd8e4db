import type { preValidationHookHandler } from "fastify";
import { MSG, MSG_WITH } from "@shared/messages";
import { AppError } from "../errors";

export const UNKNOWN_FIELD_MESSAGE = MSG.unknownField.message;

/**
 * A body field the route's schema does not declare is refused with a 400 instead of being
 * silently dropped: a client sending `status` or `id` where they are not accepted learns it at
 * once, and nothing is written. The forms send only their schema's fields (zodResolver output).
 * Query strings stay lenient (links may carry tracking or cache-busting parameters).
 */
export function refuseUnknownBodyFields(declared: readonly string[]): preValidationHookHandler {
  const known = new Set(declared);
  return async (request) => {
    const body = request.body;
    if (!body || typeof body !== "object" || Array.isArray(body)) return;
    const unknown = Object.keys(body).filter((key) => !known.has(key));
    if (unknown.length) {
      throw AppError.from(
        400,
        "UNKNOWN_FIELD",
        MSG_WITH.unknownFields(unknown.slice(0, 5)),
        Object.fromEntries(unknown.slice(0, 20).map((key) => [key, UNKNOWN_FIELD_MESSAGE])),
      );
    }
  };
}
