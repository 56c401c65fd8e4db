import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A write that changes nobody's session, account, permissions, scope or units (the gate's
     * entries and exits, parcels, the shift book): the sessions cache stays warm after it, so the
     * porteiro's next request does not read its session again. The other caches empty as usual.
     */
    semEfeitoNasSessoes?: boolean;
  }
}

// Short-lived, per-instance caches of what many requests ask the database again and again: a
// request's session and permissions (auth/guard.ts) and the painel's counts (modules/painel).
// See docs/decisions/0159-caches-de-curta-duracao.md.
//
// - An entry lives at most `ttlMs` (and never past `notAfter`): a change made by ANOTHER instance
//   (a revoked permission, a deactivated account, a new unit) shows within that time.
// - Every state-changing request on THIS instance empties every cache (`flushOnWrite`), so a
//   change made here shows at the next request; the sessions cache is kept only by a write that
//   declares it touches no session (`semEfeitoNasSessoes`: the gate's busiest writes).
// - A lookup that began before a flush does not store its (possibly stale) answer.
// - At most `maxEntries` entries; the oldest is dropped first.

/** How long a change made on another instance may take to show (CACHE_TTL_MS). */
export const DEFAULT_CACHE_TTL_MS = 5_000;

export interface TtlCacheOptions {
  /** 0 disables the cache. */
  ttlMs: number;
  maxEntries: number;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(
    private readonly options: TtlCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Lookups answered from memory and lookups that went to the database (the metrics). */
  hits = 0;
  misses = 0;

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      this.hits++;
      return entry.value;
    }
    if (entry) this.entries.delete(key); // expired
    if (this.enabled) this.misses++;
    return undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
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

  /** The cached value, or `load()`'s; concurrent misses on one key share a single load. */
  async getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    if (!this.enabled) return load();
    const ticket = this.ticket();
    const flight = `${ticket}:${key}`;
    const pending = this.loading.get(flight);
    if (pending) return pending;
    const promise = load().then(
      (value) => {
        this.loading.delete(flight);
        this.set(key, value, ticket);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(flight);
        throw error;
      },
    );
    this.loading.set(flight, promise);
    return promise;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    // Loads already running finish for their callers but are not stored (ticket) nor shared.
    this.loading.clear();
  }
}

/** Methods that change nothing: no cache flush (here) and no Origin check (auth/guard.ts). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Empties the caches whenever a state-changing request (anything but GET/HEAD/OPTIONS, including
 * /api/auth/* such as sign-out) has run on this instance: at onSend, once the handler's writes are
 * done, and again at onResponse, which also covers an aborted reply.
 *
 * A refused request (4xx) changed nothing (every write validates first and runs in one transaction),
 * so it keeps the caches: a flood of wrong passwords or invalid forms cannot keep them cold. A 5xx
 * flushes like a success, since nobody can say what it did.
 */
export function flushOnWrite(app: FastifyInstance, { sessions, others }: { sessions: { clear(): void }; others: readonly { clear(): void }[] }) {
  const flush = (request: FastifyRequest, reply: FastifyReply) => {
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    if (SAFE_METHODS.has(request.method) || refused) return;
    for (const cache of others) cache.clear();
    if (!request.routeOptions.config?.semEfeitoNasSessoes) sessions.clear();
  };
  app.addHook("onSend", (request, reply, payload, done) => {
    flush(request, reply);
    done(null, payload);
  });
  app.addHook("onResponse", (request, reply, done) => {
    flush(request, reply);
    done();
  });
}
