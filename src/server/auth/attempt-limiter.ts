import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { RateLimitRule } from "../config";
import { queryRows, type Db } from "../db/client";

/**
 * Counters of attempts per account or per address, kept in the database so that every instance
 * counts together (the per-IP limits of better-auth and @fastify/rate-limit cannot see that an
 * attacker spread their guesses over many addresses). A fixed window per key: the first attempt
 * opens it, `rule.max` attempts fill it, it reopens `rule.window` seconds after it opened.
 */
export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when it may try now (counts nothing). */
  blockedFor(key: string): Promise<number>;
  /** Counts one attempt; returns how many the window holds now, this one included. */
  hit(key: string): Promise<number>;
  /**
   * Takes one slot of the window before the attempt is evaluated: counts it and decides in one
   * statement, so a burst of concurrent attempts gets at most `rule.max` slots (never read, then
   * evaluate, then count). Returns 0 when the slot was taken, or the seconds until the window
   * reopens (and counts nothing: a refused attempt never lengthens the wait).
   */
  take(key: string): Promise<number>;
  /** Gives back a slot taken by `take` (the attempt was right, or never evaluated). */
  release(key: string): Promise<void>;
  /** Forgets the key (a successful sign-in). */
  reset(key: string): Promise<void>;
}

/** The key of an address for `purpose`: a hash, so the table holds no e-mail address. */
export function attemptKey(purpose: string, email: string): string {
  const normalized = email.trim().toLowerCase();
  return `${purpose}:${createHash("sha256").update(normalized).digest("base64url")}`;
}

export function createAttemptLimiter(db: Db, rule: RateLimitRule): AttemptLimiter {
  const window = sql`make_interval(secs => ${rule.window})`;
  const blockedFor = async (key: string) => {
    const rows = await queryRows<{ wait: number | string }>(
      db,
      sql`
        select ceil(extract(epoch from (inicio + ${window} - now())))::int as wait
          from portal_limites_tentativas
         where chave = ${key} and contagem >= ${rule.max} and inicio + ${window} > now()`,
    );
    return Number(rows[0]?.wait ?? 0);
  };
  return {
    blockedFor,
    async hit(key) {
      // One statement: two instances counting the same key at once both land in the count.
      const rows = await queryRows<{ contagem: number }>(
        db,
        sql`
        insert into portal_limites_tentativas as t (chave, inicio, contagem) values (${key}, now(), 1)
        on conflict (chave) do update set
          inicio   = case when t.inicio + ${window} <= now() then now() else t.inicio end,
          contagem = case when t.inicio + ${window} <= now() then 1 else t.contagem + 1 end
        returning contagem`,
      );
      return Number(rows[0]!.contagem);
    },
    async take(key) {
      // The update happens only while the window has room (or has ended); a full window matches
      // no row and returns nothing. Concurrent takes of one key queue on its row lock and each
      // re-reads the count, on PostgreSQL as on PGlite.
      const rows = await queryRows<{ contagem: number }>(
        db,
        sql`
        insert into portal_limites_tentativas as t (chave, inicio, contagem) values (${key}, now(), 1)
        on conflict (chave) do update set
          inicio   = case when t.inicio + ${window} <= now() then now() else t.inicio end,
          contagem = case when t.inicio + ${window} <= now() then 1 else t.contagem + 1 end
        where t.contagem < ${rule.max} or t.inicio + ${window} <= now()
        returning contagem`,
      );
      if (rows.length) return 0;
      return Math.max(await blockedFor(key), 1);
    },
    async release(key) {
      await db.execute(sql`update portal_limites_tentativas set contagem = contagem - 1 where chave = ${key} and contagem > 0`);
    },
    async reset(key) {
      await db.execute(sql`delete from portal_limites_tentativas where chave = ${key}`);
    },
  };
}

/** Drops windows that ended long ago, so the table stays the size of the last day's attempts. */
export async function purgeOldAttempts(db: Db) {
  await db.execute(sql`delete from portal_limites_tentativas where inicio < now() - interval '1 day'`);
}
