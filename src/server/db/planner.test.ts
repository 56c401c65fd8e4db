import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planoPorValores, queryRows } from "./client";
import { openTestDatabase } from "../testing/harness";

// The planner's random page cost (migration 0017 on PostgreSQL; set per session on PGlite): the
// searches' trigram indexes are chosen only with it. Kept in the database, so it holds through a
// pooler, and every connection the app opens after the migrations has it.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe("random_page_cost", () => {
  it("is 1.1 on every connection the app uses after the migrations", async () => {
    // Several at once, so the pool opens more than one connection.
    const answers = await Promise.all(Array.from({ length: 4 }, () => queryRows<{ random_page_cost: string }>(database.db, sql`show random_page_cost`)));
    expect(answers.map((rows) => rows[0]!.random_page_cost)).toEqual(["1.1", "1.1", "1.1", "1.1"]);
  });
});

describe("planoPorValores", () => {
  it("keeps a query out of the connection's prepared statements, so it is planned with its values every time", async () => {
    const nomes = await database.db.transaction(async (tx) => {
      // One connection: a plain query is kept as a named statement (PostgreSQL), the other is not.
      await queryRows(tx, sql`select 'guardada' as consulta`);
      await queryRows(tx, planoPorValores(sql`select 'por valores' as consulta`));
      return queryRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`);
    });
    const textos = nomes.map((row) => row.statement);
    expect(textos.some((text) => text.includes("'por valores'"))).toBe(false);
    if (database.kind === "postgres") expect(textos.some((text) => text.includes("'guardada'"))).toBe(true);
  });
});
