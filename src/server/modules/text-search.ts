import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/** A search with at most this many matching rows reads them first (see `matchingRows`). */
export const FEW_MATCHES = 1_000;

/**
 * The rows matching `where`, as a subquery a list with a text search reads its page from when
 * few rows match (`fewMatches`):
 *
 * - Many matches (or no search): the table, so the planner walks the list's order index and
 *   stops at the end of the page, which comes early.
 * - Few matches: only the matching rows, found first (trigram or foreign-key indexes) and then
 *   sorted. The planner cannot make this choice itself: it costs each ILIKE as nearly free, so it
 *   walks the order index even when matches are rare (a provider search at scale 1 read and tested
 *   1,560 rows for its 50 matches: 5 ms; read first through the trigram indexes: 1.5 ms).
 *
 * The choice is part of a list's prepared shape (db/prepared.ts). `OFFSET 0` keeps PostgreSQL
 * from merging the subquery into the outer query; the subquery is aliased as the table itself, so
 * the list's columns, joins and order resolve unchanged. The outer query must then not repeat
 * `where`.
 */
export function matchingRows<T extends PgTable>(db: Db, table: T, where: SQL | undefined) {
  return db
    .select()
    .from(table as PgTable)
    .where(where)
    .offset(OFFSET_ZERO)
    .as(getTableName(table));
}

/** Whether a search with this many matches reads its page from `matchingRows`. */
export const fewMatches = (matches: number) => matches <= FEW_MATCHES;

// drizzle leaves out a numeric `offset 0` (it is falsy); an SQL chunk is written as given.
const OFFSET_ZERO = sql`0` as unknown as number;
