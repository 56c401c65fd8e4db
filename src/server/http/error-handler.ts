import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { MSG } from "@shared/messages";
import { AppError, pgConstraint, pgErrorCode, ruleRefusal } from "../errors";

// Titles of the catalogue, found by message: a schema's message carries its spec title along.
const TITLE_BY_MESSAGE = new Map<string, string>(Object.values(MSG).map((m) => [m.message, m.title]));

function validationError(issues: { instancePath?: string; message?: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".") || "body";
    fields[path] ??= issue.message ?? MSG.invalidInput.message;
  }
  const first = Object.values(fields)[0] ?? MSG.invalidInput.message;
  const title = TITLE_BY_MESSAGE.get(first) ?? MSG.invalidInput.title;
  return new AppError(400, "VALIDATION_ERROR", title, first, fields);
}

/** Rules the database itself keeps (triggers naming a constraint), refused with their own message. */
const RULE_CONSTRAINTS: Record<string, () => AppError> = {
  administrador_ativo: () => ruleRefusal(MSG.lastActiveAdmin),
};

/** Database refusals that are the caller's fault (constraints) become 4xx, never a 500. */
function databaseError(code: string, constraint: string | undefined): AppError | null {
  const rule = constraint && RULE_CONSTRAINTS[constraint];
  if (rule) return rule();
  if (code === "23503" || code === "23001") return AppError.from(409, "FOREIGN_KEY", MSG.linkedRecords);
  if (code === "23505") return AppError.from(409, "UNIQUE", MSG.uniqueViolation);
  // statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS): the read was too heavy, not the server broken.
  if (code === "57014") return AppError.from(503, "STATEMENT_TIMEOUT", MSG.consultaDemorada);
  if (code === "23514" || code === "23502" || code.startsWith("22")) return AppError.from(400, "INVALID_DATA", MSG.invalidInput);
  return null;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) appError = error;
    else if (hasZodFastifySchemaValidationErrors(error)) appError = validationError(error.validation);
    else if ((error as FastifyError).statusCode === 429) appError = AppError.from(429, "RATE_LIMITED", MSG.rateLimited);
    else {
      const code = pgErrorCode(error);
      if (code) appError = databaseError(code, pgConstraint(error));
      const status = (error as FastifyError).statusCode;
      if (!appError && status && status >= 400 && status < 500) {
        // Malformed JSON, wrong content type, body too large...
        appError = AppError.from(status, (error as FastifyError).code ?? "BAD_REQUEST", MSG.invalidInput);
      }
    }
    // 503s are chosen answers (a busy server, a read stopped by its timeout), told as they are.
    if (appError?.statusCode === 503) request.log.warn({ err: error }, appError.code);
    else if (!appError || appError.statusCode >= 500) {
      request.log.error({ err: error }, "unhandled error");
      appError = AppError.from(500, appError?.code ?? "INTERNAL", MSG.internal);
    }
    return reply.status(appError.statusCode).send(appError.toBody(request.id));
  });
}
