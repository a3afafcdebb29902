/**
 * Percentiles in constant memory: log-spaced buckets 2% wide, so p50/p95 of a
 * million calls cost the same few kilobytes as those of ten.
 */
const GROWTH = 1.02;
const MIN_MS = 0.01;
const LOG_GROWTH = Math.log(GROWTH);

export class LatencyHistogram {
  private readonly buckets = new Map<number, number>();
  count = 0;
  total = 0;

  add(ms: number): void {
    const value = Math.max(ms, MIN_MS);
    const bucket = Math.floor(Math.log(value / MIN_MS) / LOG_GROWTH);
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
    this.count += 1;
    this.total += ms;
  }

  /** The q-quantile (0..1), accurate to the bucket width; null when empty. */
  quantile(q: number): number | null {
    if (this.count === 0) return null;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (const bucket of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(bucket)!;
      if (seen >= rank) return round(MIN_MS * GROWTH ** (bucket + 0.5));
    }
    return null;
  }

  mean(): number | null {
    return this.count === 0 ? null : round(this.total / this.count);
  }
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
