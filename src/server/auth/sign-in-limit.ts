import { createHash } from "node:crypto";
import type { RateLimitRule } from "../config";
import type { Db } from "../db/client";
import { attemptKey, createAttemptLimiter } from "./attempt-limiter";

/** How an evaluated password attempt ended. */
export type PasswordOutcome = "wrong" | "right" | "not-evaluated";

/** A slot to evaluate one password, or the seconds to wait. */
export type PasswordAttempt = { wait: number } | PasswordSlot;
export interface PasswordSlot {
  wait: 0;
  settle(outcome: PasswordOutcome): Promise<void>;
}

/**
 * Password guesses for one account (sign-in and the current password of 'Alterar senha'),
 * docs/decisions/0005-limites-de-tentativas.md: `perAccountAndAddress` wrong passwords per
 * (account, client address), so an attacker at one address locks out only that address, and a
 * larger `perAccount` ceiling across every address against guesses spread over many. Each
 * attempt takes its slots before the password is evaluated (one statement per counter), so a
 * burst of concurrent attempts evaluates no more than the limit; a right password gives its slot
 * back and forgets the address's failures, an attempt never evaluated gives its slots back.
 */
export function createPasswordAttemptLimit(db: Db, rules: { perAccountAndAddress: RateLimitRule; perAccount: RateLimitRule }) {
  const pairs = createAttemptLimiter(db, rules.perAccountAndAddress);
  const accounts = createAttemptLimiter(db, rules.perAccount);
  return {
    async begin(email: string, ip: string): Promise<PasswordAttempt> {
      // Counted on the typed address whether or not an account has it: the answer never tells.
      const account = attemptKey("login", email);
      const pair = `login-endereco:${createHash("sha256").update(`${account}\n${ip}`).digest("base64url")}`;
      const pairWait = await pairs.take(pair);
      if (pairWait) return { wait: pairWait };
      const accountWait = await accounts.take(account);
      if (accountWait) {
        // Refused by the ceiling: this address spent nothing.
        await pairs.release(pair);
        return { wait: accountWait };
      }
      return {
        wait: 0,
        async settle(outcome) {
          if (outcome === "wrong") return;
          await accounts.release(account);
          if (outcome === "right") await pairs.reset(pair);
          else await pairs.release(pair);
        },
      };
    },
  };
}

export type PasswordAttemptLimit = ReturnType<typeof createPasswordAttemptLimit>;

/**
 * Checks a password the account already has, as one counted attempt (a slot taken before the
 * hash is compared, given back when it was right or never compared): 'Alterar senha' and the
 * acceptance of a resident's invitation by an e-mail that already signs in. `{ wait }`: refused.
 */
export async function checkCountedPassword(
  limit: PasswordAttemptLimit,
  verify: (input: { hash: string; password: string }) => Promise<boolean>,
  attempt: { email: string; ip: string; hash: string | null; password: string },
): Promise<{ wait: number } | { right: boolean }> {
  const slot = await limit.begin(attempt.email, attempt.ip);
  if (!("settle" in slot)) return { wait: slot.wait };
  const right = attempt.hash
    ? await verify({ hash: attempt.hash, password: attempt.password }).catch(async (error: unknown) => {
        await slot.settle("not-evaluated");
        throw error;
      })
    : false;
  await slot.settle(right ? "right" : "wrong");
  return { right };
}
