/**
 * A Wilson score interval beside every rate. With --repeat k the k trials of
 * one case are not independent, so the interval is computed over n/k units
 * (cases, not trials): never narrower than the data allow.
 */
import type { Metrics } from '../../scoring/metric-accumulator.js';
import type { MetricId } from '../../config/metric-ids.js';
import type { MetricValue } from '../../scoring/metric-value.js';
import { wilsonInterval, type Interval } from '../../scoring/proportion-statistics.js';

/** Means, not proportions: no Wilson interval. */
const NOT_PROPORTIONS: ReadonlySet<MetricId> = new Set<MetricId>(['latency_ms', 'cost_usd']);

export function intervalMethod(level: number, repeat: number): string {
  const pct = `${Math.round(level * 1000) / 10}%`;
  return repeat > 1 ? `Wilson score ${pct}, n = results / ${repeat} (trials of one case are not independent); pass_hat_k over cases` : `Wilson score ${pct}`;
}

export function withIntervals(metrics: Metrics, repeat: number, level: number): Metrics {
  const out: Metrics = {};
  for (const [id, m] of Object.entries(metrics) as [MetricId, MetricValue][]) {
    if (NOT_PROPORTIONS.has(id) || m.value === null) {
      out[id] = m;
      continue;
    }
    // pass^k is already a mean over cases; every other rate counts trials.
    const units = id === 'pass_hat_k' ? 1 : repeat;
    const ci = wilsonInterval(m.numerator / units, m.denominator / units, level);
    out[id] = ci ? { ...m, interval: round(ci) } : m;
  }
  return out;
}

export function groupsWithIntervals(groups: Record<string, Metrics>, repeat: number, level: number): Record<string, Metrics> {
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, withIntervals(v, repeat, level)]));
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
