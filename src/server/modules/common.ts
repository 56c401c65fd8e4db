import { asc, count, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { TtlCache } from "../cache";
import { unidades } from "../db/schema";
import { BLOCO_PALAVRA, unidadeDigitada } from "@shared/schemas/unidades";
import { AppError, pgConstraint, pgErrorCode } from "../errors";
import { MSG, type CatalogueMessage } from "@shared/messages";
import { encodeCursor } from "@shared/schemas/cursor";
import type { Db } from "../db/client";
import { byShape, NAMED_BY_TEXT, param } from "../db/prepared";
import { scopeShape, scopeValues, type CondominioScope } from "../scope";

export const idParams = z.object({ id: z.uuid("Identificador inválido.") });

/** What the app hands a module made by `npm run new:module`: the database, the lists' cached totals, the clock. */
export interface ModuloDeps {
  db: Db;
  totals: ListTotals;
  agora: () => number;
}

/** A duplicate's message; with `field`, it is also the message under that field (error.fields). */
export type UniqueMessage = CatalogueMessage & { field?: string };

/** Runs `work`; a unique violation becomes a 409 with the given catalogue message (per unique index, or one for all). */
export async function withUniqueMessage<T>(work: () => Promise<T>, messages: Record<string, UniqueMessage> | UniqueMessage): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      const constraint = pgConstraint(error);
      const entry = "title" in messages ? (messages as UniqueMessage) : constraint ? (messages as Record<string, UniqueMessage>)[constraint] : undefined;
      if (entry) throw AppError.from(409, "DUPLICATE", entry, entry.field ? { [entry.field]: entry.message } : undefined);
    }
    throw error;
  }
}

/** ILIKE pattern for a substring search, with the user's % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const toIso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/** Runs a delete; a foreign-key refusal (23503) becomes the spec's 'Erro ao excluir' (§8, 7 s). */
export async function linkedRecordsMessage<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (RESTRICT).
    const code = pgErrorCode(error);
    if (code === "23503" || code === "23001") throw new AppError(409, "FOREIGN_KEY", MSG.linkedRecords.title, message);
    throw error;
  }
}

/**
 * `column` (a unit id) is one of the condominium's units. Written as `= any(array(subquery))` rather
 * than a join so that PostgreSQL looks the few units' rows up by index instead of scanning the
 * whole table (at scale a join is costed as a hash join over every vehicle or resident).
 */
export const inCondominio = (column: AnyPgColumn, condominioId: string | SQLWrapper): SQL =>
  sql`${column} = any(array(select ${unidades.id} from ${unidades} where ${unidades.condominio_id} = ${condominioId}))`;

/** A unit's block in lower case without its leading word ("Bloco A" → "a"), as unidadeDigitada reads it. */
export const blocoSemPalavra = sql`lower(regexp_replace(${unidades.bloco}, ${`^(${BLOCO_PALAVRA})\\s+`}, '', 'i'))`;

/**
 * `column` (a unit id) is a unit whose bloco or number contains the search text (the `text`
 * placeholder; unidades' trigram indexes): how the lists search "by unit". With `digitada` (the
 * text reads as a unit, `unidadeDigitada`), also the unit written as the screens show it ("Bloco A
 * - 102", "A 102", "a-102"): its number exactly (`unidade_numero`, digits and a letter: an
 * ILIKE pattern without wildcards, which the number's trigram index answers) and, when given, its block
 * (`unidade_bloco`), compared on those few units only.
 */
export const unidadeMatchesText = (column: AnyPgColumn, digitada?: { bloco: boolean }): SQL => {
  const typed = digitada
    ? sql` or (${unidades.numero_unidade} ilike ${param("unidade_numero")}${digitada.bloco ? sql` and ${blocoSemPalavra} = ${param("unidade_bloco")}` : sql``})`
    : sql``;
  return sql`${column} = any(array(select ${unidades.id} from ${unidades} where ${unidades.bloco} ilike ${param("text")} or ${unidades.numero_unidade} ilike ${param("text")}${typed}))`;
};

/** The placeholder values of unidadeMatchesText's `digitada` for a search text (none when it is not a unit). */
export function unidadeDigitadaValues(q: string | undefined) {
  const unidade = q ? unidadeDigitada(q) : null;
  if (!unidade) return null;
  return {
    shape: { bloco: unidade.bloco !== null },
    values: { unidade_numero: unidade.numero, unidade_bloco: unidade.bloco?.toLowerCase() ?? null },
  };
}

/**
 * Totals of the big lists per filter (src/server/cache.ts): the next pages of an infinite scroll,
 * and everyone opening the same list, reuse the count for a few seconds instead of counting every
 * match again. Fresh after any change made on this instance; at most CACHE_TTL_MS old otherwise.
 */
export type ListTotals = TtlCache<number>;

export const cachedTotal = (totals: ListTotals | undefined, key: readonly unknown[], count: () => Promise<number>): Promise<number> =>
  totals ? totals.getOrLoad(JSON.stringify(key), count) : count();

/**
 * Keyset pagination: the rows after the cursor's key, as one row comparison in the list's ORDER BY
 * (every term the same way and never null), which a btree index in that order answers with a range
 * scan starting at the key. The key's values are bound as parameters.
 */
export const afterKey = (orderBy: readonly SQLWrapper[], key: readonly unknown[], descending = false): SQL =>
  sql`(${sql.join([...orderBy], sql`, `)}) ${descending ? sql`<` : sql`>`} (${sql.join(
    key.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/**
 * An instant as a sort key carries it (`cursorInstant`): text to the microsecond, in UTC. A JS Date
 * keeps milliseconds only, and a cursor one microsecond off skips or repeats rows.
 */
export const instantKey = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Lists ask the database for one row more than the page: that row only tells whether anything
 * follows, so `next` is null exactly on the last page (a full last page needs no empty request).
 */
const pageLimit = (limit: number) => limit + 1;

/** The page (at most `limit` of the rows read with `pageLimit`) and its `next`: the cursor of its last row, or null when nothing follows. */
export function keysetPage<Row>(rows: Row[], limit: number, key: (row: Row) => readonly unknown[]): { rows: Row[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  return { rows: page, next: encodeCursor(key(page[limit - 1]!)) };
}

/**
 * A term of a sort key whose cursor value is not compared as it is: the SQL terms it stands for in
 * the ORDER BY, those terms computed from the cursor's value, and the value a row gives its cursor.
 * (A unit's number is two terms, its natural order and its text: unidades/repository.ts.)
 */
export interface ComputedKeyTerm {
  sql: readonly SQL[];
  fromCursor: (value: SQL | Placeholder) => readonly SQL[];
  value?: (row: Record<string, unknown>) => unknown;
}
type KeyTerm = SQLWrapper | ComputedKeyTerm;
const isComputed = (term: KeyTerm): term is ComputedKeyTerm => "fromCursor" in term;

/**
 * The server's side of a list's sort key (`sortKey` / `newestFirst`, @shared/schemas/cursor): the
 * key's columns or expressions by their names give the list's ORDER BY (descending ones `nulls
 * last`, as the indexes are: a plain `desc` means `nulls first`, and PostgreSQL then sorts every
 * match instead of walking the index), the rows after a cursor (as placeholders of a prepared page,
 * or as values) and the page with its `next`.
 */
export type KeysetOrder<Columns extends Record<string, KeyTerm>> = ReturnType<typeof keysetOrder<keyof Columns & string, Columns>>;
export function keysetOrder<Name extends string, Columns extends Record<Name, KeyTerm>>(
  key: { names: readonly Name[]; descending: boolean },
  columns: Columns,
) {
  const terms: KeyTerm[] = key.names.map((name) => columns[name]);
  const sqlTerms = terms.flatMap((term): readonly SQLWrapper[] => (isComputed(term) ? term.sql : [term]));
  const direct = (...sorted: readonly SQLWrapper[]) => sorted.map((term) => (key.descending ? sql`${term} desc nulls last` : asc(term)));
  const afterOf = (values: readonly unknown[]) =>
    afterKey(
      sqlTerms,
      terms.flatMap((term, i): readonly unknown[] => (isComputed(term) ? term.fromCursor(sql`${values[i]}`) : [values[i]])),
      key.descending,
    );
  const keyOf = (row: Record<Name, unknown>) =>
    key.names.map((name, i) => {
      const term = terms[i]!;
      return isComputed(term) && term.value ? term.value(row) : row[name];
    });
  return {
    columns,
    keyOf,
    orderBy: direct(...sqlTerms),
    /** The same order over other columns (a page's subquery, read again with what it shows). */
    direct,
    after: (shape: { after: boolean }) => (shape.after ? afterOf(afterParams(terms.length)) : undefined),
    /** The rows after a cursor's values, for a list that is not prepared. */
    afterValues: (values: readonly unknown[] | undefined) => (values ? afterOf(values) : undefined),
    page: <Row extends Record<Name, unknown>>(rows: Row[], limit: number) => keysetPage(rows, limit, keyOf),
  };
}

/** The paging part of a list's prepared shape (db/prepared.ts): `after`, and whether `offset` is not 0. */
export type PagingShape = { after: boolean; offset: boolean };
export const pagingShape = (query: { after?: unknown; offset: number }): PagingShape => ({ after: Boolean(query.after), offset: query.offset > 0 });

/** The cursor's key in a prepared list page: one placeholder per key term (`after0`, `after1`...), filled by `pagingValues`. */
export const afterParams = (terms: number) => Array.from({ length: terms }, (_, i) => param(`after${i}`));

/**
 * The `.offset()` of a prepared list page. Only shapes with a nonzero offset have one (drizzle
 * leaves out 0): the first page and the `after` pages, nearly every request, are planned without
 * an unknown offset.
 */
export const offsetParam = (shape: PagingShape) => (shape.offset ? param("offset") : 0);

/** The paging values of a prepared list page: the cursor's key (`afterParams`), `limit` (plus the look-ahead row) and `offset`. */
export const pagingValues = (query: { limit: number; offset: number; after?: readonly unknown[] }) => ({
  ...Object.fromEntries((query.after ?? []).map((value, i) => [`after${i}`, value])),
  limit: pageLimit(query.limit),
  offset: query.offset,
});

/**
 * How many rows of `table` a list's filters match, with the count query prepared once per filter
 * shape (db/prepared.ts); `values` are the list's own, so the same placeholders are filled.
 */
export function listCounter<Filters extends Record<string, boolean | string>>(db: Db, table: PgTable, where: (filters: Filters) => SQL | undefined) {
  const query = byShape((filters: Filters) => db.select({ n: count() }).from(table).where(where(filters)).prepare(NAMED_BY_TEXT));
  return async (filters: Filters, values: Record<string, unknown>) => (await query(filters).execute(values))[0]!.n;
}

/**
 * What the registry lists with a search, a status filter and a condominium filter (vehicles,
 * residents) put in their prepared shape and values: which filters are set, and the values of
 * their placeholders (`text`, `ativo`, `condominio`, the scope's, the paging's).
 */
export function statusListFilters(scope: CondominioScope, query: StatusListQuery) {
  return {
    filters: { q: Boolean(query.q), status: query.status !== "todos", condominio: query.condominio_id !== "todos", ...scopeShape(scope) },
    values: {
      text: query.q && containsPattern(query.q),
      ativo: query.status === "ativo",
      condominio: query.condominio_id,
      ...scopeValues(scope),
      ...pagingValues(query),
    },
  };
}

export interface StatusListQuery {
  q: string;
  condominio_id: string;
  status: "todos" | "ativo" | "inativo";
  limit: number;
  offset: number;
  after?: readonly unknown[];
}
