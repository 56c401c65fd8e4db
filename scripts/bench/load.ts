import autocannon, { type Request } from "autocannon";
import { summarize, type Stats } from "./stats";

export interface LoadOptions {
  baseUrl: string;
  /** The request, or a sequence each connection repeats in order (the write mix). */
  requests: Request[];
  connections: number;
  seconds: number;
  /** Seconds of unrecorded load first (JIT, pools, caches). */
  warmupSeconds: number;
}

export interface LoadResult extends Stats {
  statuses: Record<string, number>;
  errors: number;
  /** For a sequence: the figures of each of its requests. */
  steps: Stats[];
}

/**
 * Drives requests with autocannon; every response time is kept to compute p50/p95/p99 (autocannon's
 * own summary has no p95). A connection sends its sequence in order, one request at a time, so
 * its n-th response answers the (n mod length)-th request of the sequence.
 */
export async function drive(options: LoadOptions): Promise<LoadResult> {
  const base = { url: options.baseUrl, connections: options.connections, requests: options.requests, timeout: 30 };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });

  const latencies: number[] = [];
  const perStep: number[][] = options.requests.map(() => []);
  const sent = new Map<unknown, number>();
  const statuses: Record<string, number> = {};
  const instance = autocannon({ ...base, duration: options.seconds });
  instance.on("response", (client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    const n = sent.get(client) ?? 0;
    sent.set(client, n + 1);
    perStep[n % perStep.length]!.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const started = performance.now();
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  return {
    ...summarize(latencies, seconds),
    statuses,
    errors: result.errors + result.timeouts,
    steps: perStep.length > 1 ? perStep.map((l) => summarize(l, seconds)) : [],
  };
}
