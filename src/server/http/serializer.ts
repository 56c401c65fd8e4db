import type { FastifySerializerCompiler } from "fastify/types/schema";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z, type ZodType } from "zod";

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** The paths of fields an answer had that its encoded form lost (its schema does not declare them). */
export function droppedFields(value: unknown, encoded: unknown, path = ""): string[] {
  if (Array.isArray(value) && Array.isArray(encoded)) return value.flatMap((item, i) => droppedFields(item, encoded[i], `${path}[${i}]`));
  if (!isPlainObject(value) || !isPlainObject(encoded)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    if (child === undefined) return [];
    const at = path ? `${path}.${key}` : key;
    return key in encoded ? droppedFields(child, encoded[key], at) : [at];
  });
}

/**
 * Answers are written through their route's response schema (zod's encode, then JSON): a field the
 * schema does not declare is never sent. With `strict` (development and tests) an answer that had
 * such a field is an error instead, so a schema that falls behind its repository fails the tests
 * rather than silently hiding the new field from the screens.
 */
export function responseSerializer({ strict }: { strict: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const dropped = droppedFields(data, result.data);
        if (dropped.length) throw new Error(`${method} ${url}: the response schema does not declare ${dropped.slice(0, 10).join(", ")}`);
      }
      return JSON.stringify(result.data);
    };
}
