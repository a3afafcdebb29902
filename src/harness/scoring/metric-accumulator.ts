/**
 * Folds case results into the metrics of docs/spec/metrics.md: a fresh tally
 * of every registered metric (metrics/registered-metrics.ts) per grouping
 * (overall, each module, each case type).
 *
 * Errored cases (a model call that failed after retries) count against pass
 * rates (case, regression, task success) and in error_rate; they are left out
 * of rates that judge what the model did, since it did nothing.
 */
import type { MetricValue } from './metric-value.js';
import type { Metric, MetricTally, ScoredResult } from './metrics/metric.js';
import { METRICS } from './metrics/registered-metrics.js';

export type { ScoredResult } from './metrics/metric.js';

/** Each metric's value by its id: the published ids (config/metric-ids.ts) and any other registered metric. */
export type Metrics = Partial<Record<string, MetricValue>>;

export class MetricAccumulator {
  private readonly tallies: { metric: Metric; tally: MetricTally }[];

  constructor(metrics: readonly Metric[] = METRICS) {
    this.tallies = metrics.map((metric) => ({ metric, tally: metric.tally() }));
  }

  add(r: ScoredResult): void {
    // A skipped case did not run: it is neither a pass nor a failure of any metric.
    if (r.status === 'skipped') return;
    for (const { tally } of this.tallies) tally.add(r);
  }

  finish(): Metrics {
    return Object.fromEntries(this.tallies.map(({ metric, tally }) => [metric.id, tally.value()]));
  }
}
