/**
 * Per-cluster numerators and denominators of every rate, for each grouping
 * (overall, each module, each case type): what the cluster-robust intervals
 * need. One entry per cluster and metric, whatever the number of trials.
 */
import { MetricAccumulator } from '../scoring/metric-accumulator.js';
import type { ClusterSum } from '../scoring/cluster-robust.js';
import type { CaseResult } from './case-result.js';
import { clusterOf } from './cluster-key.js';

/** group → metric → one sum per cluster. Groups: "overall", "module:<id>", "case_type:<type>". */
/** Means, not rates: no interval to cluster. */
const MEANS = new Set(['latency_ms', 'cost_usd']);

export type ClusterTable = Record<string, Record<string, ClusterSum[]>>;

export class ClusterSums {
  private readonly groups = new Map<string, Map<string, Map<string, ClusterSum>>>();

  add(r: CaseResult): void {
    // One result's own metrics give its share of every numerator and denominator.
    const single = new MetricAccumulator();
    single.add(r);
    const shares = Object.entries(single.finish()).filter(([id, m]) => m && m.denominator > 0 && !MEANS.has(id));
    const cluster = clusterOf(r);
    for (const group of ['overall', `module:${r.module}`, `case_type:${r.case_type}`]) {
      let metrics = this.groups.get(group);
      if (!metrics) this.groups.set(group, (metrics = new Map()));
      for (const [id, m] of shares) {
        let clusters = metrics.get(id);
        if (!clusters) metrics.set(id, (clusters = new Map()));
        const sum = clusters.get(cluster) ?? { num: 0, den: 0 };
        sum.num += m!.numerator;
        sum.den += m!.denominator;
        clusters.set(cluster, sum);
      }
    }
  }

  snapshot(): ClusterTable {
    return Object.fromEntries([...this.groups].map(([g, metrics]) => [g, Object.fromEntries([...metrics].map(([id, c]) => [id, [...c.values()]]))]));
  }
}
