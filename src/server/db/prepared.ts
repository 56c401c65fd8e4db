import { sql } from "drizzle-orm";

/**
 * Queries built once per shape, then run with each request's values.
 *
 * drizzle writes a query's SQL text anew every time it runs; for the lists (a page subquery,
 * joins, a row comparison for `after`) that was about a third of the server's CPU per request
 * (docs/performance.md). A list's query has few shapes (which filters are set), so each shape is
 * built on first use with `param(...)` where the request's values go, prepared, and kept. Only
 * the values change between requests: they are still sent as bound parameters.
 *
 * `build` must depend on the shape alone, never on a request's values.
 */
export function byShape<Shape extends Record<string, boolean | string>, Query>(build: (shape: Shape) => Query): (shape: Shape) => Query {
  const built = new Map<string, Query>();
  return (shape) => {
    // A few keys, so a few shapes: the map stays as small as the code that calls it.
    const key = Object.entries(shape)
      .map(([name, value]) => `${name}=${value}`)
      .join(",");
    let query = built.get(key);
    if (!query) built.set(key, (query = build(shape)));
    return query;
  };
}

/** Where a request's value goes in a query built by `byShape`: `.execute({ [name]: value })`. */
export const param = <Name extends string>(name: Name) => sql.placeholder(name);

/**
 * The name given to `.prepare()`. Empty: on PostgreSQL the client names each statement after its
 * SQL text (client.ts), so two shapes can never share a name; PGlite ignores it.
 */
export const NAMED_BY_TEXT = "";
