import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import pino, { type Logger } from "pino";
import pinoPretty from "pino-pretty";
import type { AppConfig } from "./config";

// One logger for the whole process: Fastify's requests, better-auth, the mailer, the outbox and
// the start-up messages all write through it, so the output is one format (JSON lines for a log
// collector, or readable text in a terminal) at one LOG_LEVEL. docs/operations.md, "Logs".

export type LogFormat = "json" | "pretty";

/** LOG_FORMAT when set; otherwise readable text only when the output is a terminal. */
export function logFormatFor(config: Pick<AppConfig, "logFormat">, stdoutIsTty = Boolean(process.stdout.isTTY)): LogFormat {
  return config.logFormat ?? (stdoutIsTty ? "pretty" : "json");
}

/** The process logger; `destination` is for tests (a stream to read the lines back). */
export function createLogger(config: Pick<AppConfig, "logLevel" | "logFormat">, destination?: NodeJS.WritableStream): Logger {
  const options = { level: config.logLevel, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (logFormatFor(config) === "pretty") {
    // Synchronous, in this thread: the server bundle carries no worker files for pino's transports.
    return pino(options, pinoPretty({ destination: destination ?? 1, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", sync: true }));
  }
  return destination ? pino(options, destination) : pino(options);
}

/** Load balancers' and orchestrators' probes: every few seconds, nothing an operator reads. */
const PROBES = new Set(["/healthz", "/readyz"]);
const isProbe = (request: FastifyRequest) => PROBES.has(request.url.split("?")[0]!);

/**
 * A device's integration address carries its token, which is its credential (gate-operation-spec
 * §2.7): the log keeps only its first 4 characters, enough to tell devices apart.
 */
export const semSegredos = (url: string) =>
  url
    .replace(/^(\/api\/integracoes\/[^/?]+\/)([^/?]{4})[^/?]*/, "$1$2…")
    // A link's token in the query (a password reset's, a resident's invitation): whoever reads the log must not use it.
    .replace(/([?&]token=)([^&]{4})[^&]*/g, "$1$2…");

/** The request as Fastify's serializer reads it, with its address stripped of secrets. */
const requestForLog = (request: FastifyRequest) =>
  request.url.startsWith("/api/integracoes/") || /[?&]token=/.test(request.url)
    ? { method: request.method, url: semSegredos(request.url), headers: request.headers, host: request.host, ip: request.ip, socket: request.socket }
    : request;

/**
 * One line per request, when it completes, with its method, address, status and time (Fastify's
 * default writes two); the probes' at debug level. The request's id is `request_id` on every
 * line (http/request-id.ts).
 */
export class PortalLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: "request_id" });
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: requestForLog(request) }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: requestForLog(request), res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else if (isProbe(request)) reply.log.debug(line, "request completed");
    else reply.log.info(line, "request completed");
  }
}
