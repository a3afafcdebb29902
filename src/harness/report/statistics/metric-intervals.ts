/**
 * An interval beside every rate. Results that share a cluster (the trials of
 * one case, the renumbered copies of a source case, a scenario with its
 * variants and its twin) are not independent: where clusters hold more than
 * one result the interval is a Wilson interval over the cluster-robust
 * effective sample size (scoring/cluster-robust.ts), never narrower than the
 * data allow. Without cluster sums (an older caller) the k trials of one case
 * count as one unit, as before.
 */
import type { Metrics } from '../../scoring/metric-accumulator.js';
import type { MetricId } from '../../config/metric-ids.js';
import type { MetricValue } from '../../scoring/metric-value.js';
import { clusteredInterval, type ClusterMoments } from '../../scoring/cluster-robust.js';
import { wilsonInterval, type Interval } from '../../scoring/proportion-statistics.js';

/** Means, not proportions: no Wilson interval. */
const NOT_PROPORTIONS: ReadonlySet<MetricId> = new Set<MetricId>(['latency_ms', 'cost_usd']);

/** How many clusters stood behind case_pass_rate, over how many results. */
export interface ClusterCount {
  clusters: number;
  results: number;
}

export function intervalMethod(level: number, repeat: number, clusters: ClusterCount | null = null): string {
  const pct = `${Math.round(level * 1000) / 10}%`;
  if (clusters && clusters.clusters < clusters.results) {
    return `Wilson score ${pct} over the cluster-robust effective sample size (CR1 sandwich variance, ${clusters.clusters} clusters over ${clusters.results} results: a source case with its renumbered copies, a scenario with its variants and twin, the trials of one case)${repeat > 1 ? '; pass_hat_k over cases' : ''}`;
  }
  if (clusters) return `Wilson score ${pct} (${clusters.results} results, each its own cluster)`;
  return repeat > 1 ? `Wilson score ${pct}, n = results / ${repeat} (trials of one case are not independent); pass_hat_k over cases` : `Wilson score ${pct}`;
}

/** `clusters`: metric → its clusters' moments, from the run's ClusterSums. */
export function withIntervals(metrics: Metrics, repeat: number, level: number, clusters?: Record<string, ClusterMoments>): Metrics {
  const out: Metrics = {};
  for (const [id, m] of Object.entries(metrics) as [MetricId, MetricValue][]) {
    if (NOT_PROPORTIONS.has(id) || m.value === null) {
      out[id] = m;
      continue;
    }
    const sums = clusters?.[id];
    if (id !== 'pass_hat_k' && sums) {
      const ci = clusteredInterval(sums, level);
      const clustered = sums.clusters < sums.den;
      // Every cluster one item: the plain Wilson interval over the items is the right one.
      const plain = wilsonInterval(m.numerator, m.denominator, level);
      const chosen = clustered ? ci : plain;
      out[id] = chosen ? { ...m, interval: round(chosen), ...(clustered && ci ? { clusters: ci.clusters } : {}) } : m;
      continue;
    }
    // pass^k is already a mean over cases; every other rate counts trials.
    const units = id === 'pass_hat_k' ? 1 : repeat;
    const ci = wilsonInterval(m.numerator / units, m.denominator / units, level);
    out[id] = ci ? { ...m, interval: round(ci) } : m;
  }
  return out;
}

/** `clusters`: the run's cluster table; each group's sums are found under `<prefix>:<name>`. */
export function groupsWithIntervals(
  groups: Record<string, Metrics>,
  repeat: number,
  level: number,
  clusters?: Record<string, Record<string, ClusterMoments>>,
  prefix = '',
): Record<string, Metrics> {
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, withIntervals(v, repeat, level, clusters?.[`${prefix}:${k}`])]));
}

export function clusterCount(sums: ClusterMoments | undefined): ClusterCount | null {
  return sums ? { clusters: sums.clusters, results: sums.den } : null;
}

export function intervalOf(m: MetricValue | undefined): Interval | null {
  const ci = m?.interval as Interval | undefined;
  return ci && typeof ci.low === 'number' && typeof ci.high === 'number' ? ci : null;
}

/** `[0.93, 0.96]`: compact enough for a table cell. */
export function formatInterval(ci: Interval | null): string {
  return ci ? `[${short(ci.low)}, ${short(ci.high)}]` : '';
}

function short(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

function round(ci: Interval): Interval {
  return { low: Math.floor(ci.low * 10_000) / 10_000, high: Math.ceil(ci.high * 10_000) / 10_000 };
}
