/**
 * What a request needs about its session (user, session id, Portaria Web profile with its
 * permissions), kept for a few seconds per session token so that a burst of requests does not
 * ask the database the same three questions each time (see docs/decisions.md, "Cache de sessão").
 *
 * - An entry lives at most `ttlMs` (and never past the session's own expiry): a permission,
 *   status or session revoked by ANOTHER instance takes effect within that time.
 * - `clear()` drops everything; the guard calls it when a state-changing request completes on
 *   THIS instance, so a change made here takes effect at the next request.
 * - A lookup that began before a `clear()` does not store its (possibly stale) answer.
 * - At most `maxEntries` entries; the oldest is dropped first.
 */
export interface SessionCacheOptions {
  /** 0 disables the cache. */
  ttlMs: number;
  maxEntries: number;
}

export const DEFAULT_SESSION_CACHE: SessionCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 };

export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private generation = 0;

  constructor(
    private readonly options: SessionCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** A ticket to pass to `set`: the answer is stored only if no `clear()` happened in between. */
  ticket(): number {
    return this.generation;
  }

  set(key: string, value: T, ticket: number, notAfter?: number): void {
    if (!this.enabled || ticket !== this.generation) return;
    const expiresAt = Math.min(this.now() + this.options.ttlMs, notAfter ?? Number.POSITIVE_INFINITY);
    this.entries.delete(key);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
