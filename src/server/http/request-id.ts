import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

// Every request has an id: the X-Request-Id a proxy or client sent (so one id follows a request
// through the proxy's log and ours), or a new UUID. It is echoed in the response header, named
// in every log line of the request and in the error body (docs/operations.md, "Logs").

export const REQUEST_ID_HEADER = "x-request-id";

// What a caller may send: short, and nothing that could forge a log line or a header.
const SAFE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's `genReqId`: the caller's id when it is safe to repeat, otherwise a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value && SAFE_ID.test(value) ? value : randomUUID();
}

/** Echoes the id on every response, errors and static files included. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
