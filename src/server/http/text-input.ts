import type { FastifyInstance } from "fastify";
import { MSG } from "@shared/messages";
import { AppError } from "../errors";

export const INVALID_TEXT_MESSAGE = MSG.invalidText.message;
export const TOO_DEEP_MESSAGE = MSG.tooDeep.message;

/** No form of the portal nests deeper than a few levels; past this a body is refused unparsed. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text nests objects and arrays deeper than `max` (strings are skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
const INVALID_ENCODING_MESSAGE = MSG.invalidEncoding.message;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where the first string (a value or a key) that the database could not store exactly as sent
 * is: one with a NUL (PostgreSQL refuses it in text) or a lone UTF-16 surrogate (the driver
 * would turn it into U+FFFD). "" is the value itself; null when every string is fine.
 */
export function findInvalidText(value: unknown): string | null {
  const bad = (s: string) => s.includes("\u0000") || LONE_SURROGATE.test(s);
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (bad(current)) return path;
    } else if (current && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (bad(key)) return path;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Text that cannot be stored exactly is refused up front with a 400, on every route, before any
 * handler writes anything: JSON bodies that are not valid UTF-8 (instead of the default parser's
 * silent U+FFFD), and NUL or lone surrogates in the body, the query string or the path.
 */
export function registerTextInput(app: FastifyInstance) {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new AppError(400, "INVALID_ENCODING", MSG.invalidInput.title, INVALID_ENCODING_MESSAGE), undefined);
      return;
    }
    if (jsonTooDeep(text)) {
      done(new AppError(400, "TOO_DEEP", MSG.invalidInput.title, TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook("preValidation", async (request) => {
    const parts: [string, unknown][] = [
      ["body", request.body],
      ["query", request.query],
      ["params", request.params],
    ];
    for (const [part, value] of parts) {
      const path = findInvalidText(value);
      if (path !== null) {
        throw new AppError(400, "INVALID_TEXT", MSG.invalidInput.title, INVALID_TEXT_MESSAGE, { [path || part]: INVALID_TEXT_MESSAGE });
      }
    }
  });
}
