import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "./client";
import { schedulePgliteMaintenance } from "./maintenance";
import { condominios } from "./schema";

// PGlite has no autovacuum: the server refreshes the planner's statistics itself.
describe("PGlite maintenance", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
    await database.migrate();
  });
  afterAll(() => database.close());

  it("runs VACUUM ANALYZE on schedule, so the planner knows how many rows a table has", async () => {
    await database.db.insert(condominios).values([{ nome: "Um" }, { nome: "Dois" }, { nome: "Três" }]);
    const rowsKnown = async () => {
      const result = (await database.db.execute(sql`select reltuples::int as n from pg_class where relname = 'portaria_web_condominios'`)) as unknown as {
        rows: { n: number }[];
      };
      return result.rows[0]!.n;
    };
    expect(await rowsKnown()).not.toBe(3);
    const lines: string[] = [];
    const maintenance = schedulePgliteMaintenance(database, (line) => lines.push(line), { firstAfterMs: 10, everyMs: 60_000 });
    try {
      await expect.poll(rowsKnown, { timeout: 10_000 }).toBe(3);
      expect(lines.join("\n")).toMatch(/vacuum analyze do PGlite em \d+ ms/);
    } finally {
      maintenance.stop();
    }
  });
});
