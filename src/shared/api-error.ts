// Recognises the API's one error shape (schema in api-error-schema.ts, for the server and the
// OpenAPI document). Without zod: the public pages load this module.
import type { ApiErrorBody } from "./api-error-schema";

export type { ApiErrorBody } from "./api-error-schema";

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && "message" in error && "title" in error;
}
