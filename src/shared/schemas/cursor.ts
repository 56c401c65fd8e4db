import { z } from "zod";
import { MSG } from "../messages";

// Keyset pagination (docs/decisions/0169-paginacao-por-cursor.md): a list's `next` is the sort key
// of its page's last row — a JSON array, in the order of the list's ORDER BY — as base64url. It is
// opaque to clients; the server only decodes it, checks every value against the key's schema and
// binds the values as SQL parameters.

/** Longest `after` accepted: the longest real key (texts of a few hundred characters) fits easily. */
const MAX_CURSOR_LENGTH = 4096;

const toBase64Url = (bytes: Uint8Array) => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

/** The cursor of a row: its sort key values, in the list's order. */
export const encodeCursor = (key: readonly unknown[]): string => toBase64Url(new TextEncoder().encode(JSON.stringify(key)));

/** The JSON a cursor carries, or undefined when it is not base64url of UTF-8 JSON. */
function decodeCursor(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor) || cursor.length % 4 === 1) return undefined;
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const invalid = MSG.listCursorInvalid.message;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * One text value of a sort key (`max`: the column's length, for varchar columns). Not what a text
 * column cannot hold exactly: NUL (PostgreSQL refuses it), a lone surrogate (sent as U+FFFD).
 */
export const cursorText = (max = 1000) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes("\u0000") && !LONE_SURROGATE.test(s));

/** The row id, last in every key: any value a PostgreSQL uuid column holds, in canonical form. */
export const cursorId = z.guid();

/** The sort key each `after` parameter carries (its OpenAPI type is only "a string"): the fuzzer makes cursors from it. */
const CURSOR_KEYS = new WeakMap<z.ZodType, z.ZodTuple>();

/**
 * The `after` query parameter of a list: a cursor whose decoded value must match `key` (a tuple
 * schema, one entry per ORDER BY term). Anything else — not base64url, not JSON, wrong arity,
 * wrong types, values that do not fit the columns — is one 400 with the same message.
 */
export const cursorParam = <Key extends z.ZodTuple>(key: Key) => {
  const param = z
    .string({ error: invalid })
    .max(MAX_CURSOR_LENGTH, invalid)
    .transform((cursor, ctx): z.output<Key> => {
      const parsed = key.safeParse(decodeCursor(cursor));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    })
    .optional();
  CURSOR_KEYS.set(param, key);
  return param;
};

export const cursorKeyOf = (param: unknown): z.ZodTuple | undefined => (param instanceof z.ZodType ? CURSOR_KEYS.get(param) : undefined);

/** An instant as a cursor carries it: ISO 8601, to the microsecond (a Date has only milliseconds). */
export const cursorInstant = z.iso.datetime({ offset: true }).pipe(cursorText(40));

/**
 * A list's sort key, declared once: each ORDER BY term (never null, the row's id last) as [the
 * name the list's rows carry it under, the schema of its value in a cursor]. The list's `after`
 * parameter follows from it, and on the server its ORDER BY, its keyset clause and its `next`
 * (modules/common.ts, `keysetOrder`); the fuzzer makes cursors from it. `sortKey` is ascending,
 * `newestFirst` descending: every term goes the same way, so the rows after a cursor are one row
 * comparison that an index in that order answers with a range scan.
 */
type SortTerm = readonly [name: string, value: z.ZodType];
function declareSortKey<const Terms extends readonly [SortTerm, ...SortTerm[]]>(descending: boolean, terms: Terms) {
  const names = terms.map(([name]) => name) as { [K in keyof Terms]: Terms[K][0] };
  const key = z.tuple(terms.map(([, value]) => value) as unknown as { -readonly [K in keyof Terms]: Terms[K][1] });
  return { names, descending, after: cursorParam(key) };
}
export const sortKey = <const Terms extends readonly [SortTerm, ...SortTerm[]]>(...terms: Terms) => declareSortKey(false, terms);
export const newestFirst = <const Terms extends readonly [SortTerm, ...SortTerm[]]>(...terms: Terms) => declareSortKey(true, terms);

/**
 * `after` and `offset` are two ways of saying where a page starts: a request with both (offset
 * other than 0) is refused rather than guessed at.
 */
export const afterOrOffset = (query: { after?: unknown; offset: number }, ctx: z.RefinementCtx) => {
  if (query.after !== undefined && query.offset !== 0) {
    ctx.addIssue({ code: "custom", path: ["after"], message: MSG.listCursorWithOffset.message });
  }
};
