import { sql, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** A json/jsonb column or json_agg as the driver hands it: parsed already (node-postgres, PGlite) or text. */
export const fromDriverJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** `table.column`, qualified: inside a select list's SQL drizzle writes a bare column name, ambiguous in a subquery. */
export const qualified = (table: PgTable, column: Column) => sql`${table}.${sql.identifier(column.name)}`;
