/** Latency figures of one measured run (milliseconds; rate per second). */
export interface Stats {
  count: number;
  seconds: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(latencies: number[], seconds: number): Stats {
  const sorted = Float64Array.from(latencies).sort();
  const list = Array.from(sorted);
  return {
    count: list.length,
    seconds,
    rate: seconds > 0 ? list.length / seconds : 0,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.at(-1) ?? Number.NaN,
  };
}
