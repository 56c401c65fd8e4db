import { and, getTableName, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Page } from "@shared/schemas/common";
import type { Db } from "../db/client";
import { param } from "../db/prepared";
import { keysetPage, offsetParam, type KeysetOrder, type PagingShape } from "./common";

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

/**
 * The page of a list as a subquery `pagina` holding only its sort key (`ordem`: the list's
 * declared order, keysetOrder): the rows matching `where`, read from the table or, for a search with
 * few matches, from `matchingRows`; after the cursor (`shape.after`), `limit` of them. The list
 * then joins what it shows to these few rows.
 */
export function pageKeys<Key extends Record<string, AnyPgColumn>>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  shape: PagingShape & { few: boolean },
  ordem: KeysetOrder<Key>,
): SubqueryWithSelection<Key, "pagina"> {
  const matching = shape.few ? matchingRows(db, table, where) : undefined;
  const fields: Record<string, AnyPgColumn> = ordem.columns;
  const page = db
    .select(fields)
    .from(matching ?? table)
    .where(and(matching ? undefined : where, ordem.after(shape)))
    .orderBy(...ordem.orderBy)
    .limit(param("limit"))
    .offset(offsetParam(shape))
    .as("pagina");
  // The same subquery, typed by the caller's columns (the generic select above is typed loosely).
  return page as unknown as SubqueryWithSelection<Key, "pagina">;
}

/**
 * A list's page and total. A search waits for its count (`counting`, cached per filter): it
 * decides whether the page is read from `matchingRows` (`readPage(few)`); without a search both
 * run at once. `key` is the row's sort key, for the next page's cursor.
 */
export async function searchedPage<Row>(
  counting: Promise<number>,
  searching: boolean,
  readPage: (few: boolean) => Promise<unknown[]>,
  limit: number,
  key: (row: Row) => readonly unknown[],
): Promise<Page<Row>> {
  const few = searching && fewMatches(await counting);
  const [rows, total] = await Promise.all([readPage(few), counting]);
  return { ...keysetPage(rows as Row[], limit, key), total };
}

// drizzle leaves out a numeric `offset 0` (it is falsy); an SQL chunk is written as given.
const OFFSET_ZERO = sql`0` as unknown as number;
