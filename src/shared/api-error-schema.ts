// The one error shape of the API: { error: { code, title, message, fields?, request_id? } }.
// request_id is the request's X-Request-Id (the one the caller sent, or a new UUID): what an
// operator looks for in the logs when a user reports the error.
// Apart from api-error.ts: the browser's API client reads error bodies through that module, and
// this schema (zod, registered with `.meta`, which the bundler cannot drop) would add zod to
// every public page's JavaScript.
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
