import type { ApiErrorBody } from "@shared/api-error";
import { MSG, type CatalogueMessage } from "@shared/messages";

/** A refusal with the spec's pt-BR title and message; turned into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  static from(statusCode: number, code: string, entry: CatalogueMessage, fields?: Record<string, string>) {
    return new AppError(statusCode, code, entry.title, entry.message, fields);
  }

  /** The body, with the request's id (as in the X-Request-Id header and the log) when given. */
  toBody(requestId?: string): ApiErrorBody {
    return {
      error: {
        code: this.code,
        title: this.title,
        message: this.message,
        ...(this.fields && Object.keys(this.fields).length ? { fields: this.fields } : {}),
        ...(requestId ? { request_id: requestId } : {}),
      },
    };
  }
}

export const unauthorized = () => AppError.from(401, "UNAUTHENTICATED", MSG.notAuthenticated);
export const forbidden = (entry: CatalogueMessage = MSG.accessDenied) => AppError.from(403, "FORBIDDEN", entry);
/** A business rule of the spec refused the request (403 'Ação não permitida' and the like). */
export const ruleRefusal = (entry: CatalogueMessage) => AppError.from(403, "RULE", entry);
/** Throws the rule refusal a check returned (src/shared/authz-rules.ts), if any. */
export function refuseIf(refusal: CatalogueMessage | null): void {
  if (refusal) throw ruleRefusal(refusal);
}
export const notFound = (entry: CatalogueMessage = MSG.notFound) => AppError.from(404, "NOT_FOUND", entry);

/** PostgreSQL error code of a driver error (pg and PGlite both expose `code`), if any. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Name of the constraint a driver error reports (unique index, check, or a trigger's CONSTRAINT), if any. */
export function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
  }
  return undefined;
}
