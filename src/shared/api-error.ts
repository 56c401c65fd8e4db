// The one error shape of the API: { error: { code, title, message, fields?, request_id? } }.
// request_id is the request's X-Request-Id (the one the caller sent, or a new UUID): what an
// operator looks for in the logs when a user reports the error.
import { z } from "zod";

export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      title: z.string(),
      message: z.string(),
      /** The message of each invalid field, by field name. */
      fields: z.record(z.string(), z.string()).optional(),
      request_id: z.string().optional(),
    }),
  })
  .meta({ id: "Erro", description: "O formato único de erro da API." });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && "message" in error && "title" in error;
}
