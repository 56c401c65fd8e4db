import { availableParallelism } from "node:os";
import { hashPassword, verifyPassword } from "better-auth/crypto";

/** Runs at most `concurrency` of the given tasks at a time; the others wait their turn (FIFO). */
export function limitConcurrency(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < concurrency) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * better-auth's own scrypt hashing (node:crypto, in libuv's thread pool), at most one hash per CPU
 * core at a time. Each scrypt needs 32 MiB; the pool runs four at once by default, which on a
 * 2-core server adds memory (a burst of sign-ins took the server's RSS from ~170 to ~330 MB in
 * `npm run bench`) without adding throughput: hashing is CPU-bound.
 */
export function limitedPasswordHashing(concurrency = Math.max(1, Math.min(4, availableParallelism()))) {
  const limited = limitConcurrency(concurrency);
  return {
    hash: (password: string) => limited(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => limited(() => verifyPassword(data)),
  };
}
