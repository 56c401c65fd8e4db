import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client";

export interface ForeignKeyViolation {
  constraint: string;
  table: string;
  references: string;
  /** Rows of `table` whose key points at no row of `references`. */
  rows: number;
}

export interface IntegrityReport {
  /** Row count of every table of the application (schema public) and of the migrations journal. */
  counts: Record<string, number>;
  /** Every foreign key checked (`table.constraint`): a restore that lost one would show here. */
  foreignKeys: string[];
  violations: ForeignKeyViolation[];
  /** Foreign keys created NOT VALID or never validated. */
  unvalidated: string[];
}

interface ForeignKey extends Record<string, unknown> {
  constraint: string;
  child: string;
  parent: string;
  child_cols: string[];
  parent_cols: string[];
  validated: boolean;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const rows = queryRows;

/**
 * Checks a database the way a restore or a crash recovery must be judged: every foreign key of
 * the schema is re-checked row by row (read from the catalogue, so a new table is covered
 * without editing this list), and every table is counted.
 */
export async function checkIntegrity(db: Db): Promise<IntegrityReport> {
  const keys = await rows<ForeignKey>(
    db,
    sql`
      select con.conname as constraint, c.relname as child, p.relname as parent, con.convalidated as validated,
        array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, i)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as child_cols,
        array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, i)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i) as parent_cols
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_class p on p.oid = con.confrelid
      where con.contype = 'f' and c.relnamespace = 'public'::regnamespace
      order by c.relname, con.conname`,
  );

  const violations: ForeignKeyViolation[] = [];
  for (const key of keys) {
    const notNull = key.child_cols.map((col) => `c.${ident(col)} is not null`).join(" and ");
    const match = key.child_cols.map((col, i) => `p.${ident(key.parent_cols[i]!)} = c.${ident(col)}`).join(" and ");
    const [row] = await rows<{ n: number }>(
      db,
      sql.raw(
        `select count(*)::int as n from public.${ident(key.child)} c where ${notNull}
         and not exists (select 1 from public.${ident(key.parent)} p where ${match})`,
      ),
    );
    if (row!.n > 0) violations.push({ constraint: key.constraint, table: key.child, references: key.parent, rows: row!.n });
  }

  const tables = await rows<{ name: string }>(
    db,
    sql`select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from public.${ident(name)}`));
    counts[name] = row!.n;
  }
  const [journal] = await rows<{ n: number | null }>(db, sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then null else 1 end as n`);
  if (journal!.n !== null) {
    const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    counts["drizzle.__drizzle_migrations"] = row!.n;
  }

  return {
    counts,
    foreignKeys: keys.map((k) => `${k.child}.${k.constraint}`),
    violations,
    unvalidated: keys.filter((k) => !k.validated).map((k) => k.constraint),
  };
}
