import { z } from "zod";
import { cursorKeyOf } from "@shared/schemas/cursor";
import type { RegisteredRoute } from "../route-contract";
import { FORMATTED_FIELDS } from "./fuzz-values";

// What a route's body fields and query parameters accept, read from its own zod schemas (as the
// OpenAPI document reads them): the fuzzer makes its valid and invalid values from this, so a new
// route needs no table of its fields.

/** One field's type, as its schema's JSON Schema (input side) says it, alternatives merged. */
export interface FieldShape {
  type: "string" | "integer" | "number" | "boolean" | "array" | "object" | "unknown";
  nullable: boolean;
  required: boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  /** The only words a string may be (an enum); with `uuid`, besides any uuid (`todos` or an id). */
  words?: string[];
  uuid?: boolean;
  /** An array's elements. */
  items?: FieldShape;
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const jsonSchemas = new WeakMap<object, JsonSchema>();
function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    jsonSchemas.set(schema, json);
  }
  return json;
}

function shapeOf(json: JsonSchema, required: boolean): FieldShape {
  const shape: FieldShape = { type: "unknown", nullable: false, required };
  const alternatives = json.anyOf ?? [json];
  for (const alternative of alternatives) {
    const types = [alternative.type ?? []].flat();
    if (types.includes("null")) shape.nullable = true;
    const type = types.find((t) => t !== "null") as FieldShape["type"] | undefined;
    if (alternative.const !== undefined) shape.words = [...(shape.words ?? []), String(alternative.const)];
    if (alternative.enum) shape.words = [...(shape.words ?? []), ...alternative.enum.map(String)];
    if (alternative.format === "uuid") shape.uuid = true;
    if (!type) continue;
    shape.type = type;
    for (const key of ["maxLength", "minLength", "minimum", "maximum", "pattern"] as const) {
      if (alternative[key] !== undefined) (shape as unknown as Record<string, unknown>)[key] = alternative[key];
    }
    if (alternative.items) shape.items = shapeOf(alternative.items, true);
  }
  return shape;
}

/** The fields of an object schema (a body or a query string), by name. */
export function fieldsOf(schema: unknown): Record<string, FieldShape> {
  const json = jsonSchemaOf(schema);
  const required = new Set(json.required ?? []);
  return Object.fromEntries(Object.entries(json.properties ?? {}).map(([name, field]) => [name, shapeOf(field, required.has(name))]));
}

/** The sort key's elements of a list's `after` parameter (cursor.ts), or undefined when it has none. */
export function cursorKeyShapes(route: RegisteredRoute): FieldShape[] | undefined {
  const after = (route.schema.querystring as { shape?: Record<string, unknown> } | undefined)?.shape?.after;
  const key = cursorKeyOf(after);
  if (!key) return undefined;
  const json = jsonSchemaOf(key);
  return (json.prefixItems ?? []).map((element) => ({ ...shapeOf(element, true), ...(element.format === "date-time" ? { pattern: "date-time" } : {}) }));
}

/**
 * Body fields that carry a format of their own (documents, phones, e-mail, plates, dates,
 * passwords, structured values): the fuzzer gives each its own invalid values (FORMATTED_FIELDS).
 * Every other length-limited string is free text, stored as sent.
 */
const FORMATTED = new Set(Object.keys(FORMATTED_FIELDS));

/** A write route's free-text body fields: length-limited strings with no format, pattern or word list. */
export function storedTextFields(route: RegisteredRoute): string[] {
  return Object.entries(fieldsOf(route.schema.body))
    .filter(
      ([name, field]) => field.type === "string" && field.maxLength !== undefined && !field.pattern && !field.words && !field.uuid && !FORMATTED.has(name),
    )
    .map(([name]) => name);
}

/** The maximum length of each free-text body field. */
export const textLimits = (route: RegisteredRoute): Record<string, number> => {
  const fields = fieldsOf(route.schema.body);
  return Object.fromEntries(storedTextFields(route).map((name) => [name, fields[name]!.maxLength!]));
};
