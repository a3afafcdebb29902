/**
 * What the cluster-robust intervals need of every rate, for each grouping
 * (overall, each module, each case type). A cluster's numerator and
 * denominator are summed while results can still join it ("open"); once it is
 * closed only its moments remain (cluster-robust.ts), so memory grows with the
 * clusters still open, not with the suite: with `closing`, a case that shares
 * its cluster with no other closes after its last trial.
 */
import { addCluster, emptyMoments, type ClusterMoments } from '../scoring/cluster-robust.js';
import { METRICS } from '../scoring/metrics/registered-metrics.js';
import { METRIC_ORDER } from '../scoring/metrics/metric-order.js';
import type { CaseResult } from './case-result.js';
import { clusterOf } from './cluster-key.js';

/** group ("overall", "module:<id>", "case_type:<type>") → metric → moments over its clusters. */
export type ClusterTable = Record<string, Record<string, ClusterMoments>>;

/**
 * When a cluster is complete: after `results` results (the trials of one
 * case), for a case whose cluster no other case shares (`shared` holds the ids
 * other cases name as their source or twin). Without it clusters stay open to
 * the end (a merge of runs, `--repeat auto`), which is exact but not flat.
 */
export interface ClusterClosing {
  results: number;
  shared: ReadonlySet<string>;
}

const METRIC_INDEX = new Map<string, number>(METRIC_ORDER.map((id, i) => [id, i]));
/** Every rate with its slot: the metrics whose numerators and denominators are summed per cluster. */
const RATES = METRICS.flatMap((m) => (m.kind === 'rate' ? [[METRIC_INDEX.get(m.id)!, m] as const] : []));
const SLOTS_PER_GROUP = METRIC_ORDER.length;

/** An open cluster: results so far, and flat triples [slot, numerator, denominator] (slot = group · metrics + metric). */
interface OpenCluster {
  results: number;
  sums: number[];
}

export class ClusterSums {
  private readonly groupIndex = new Map<string, number>();
  private readonly groupNames: string[] = [];
  /** slot → moments of the closed clusters. */
  private readonly closed = new Map<number, ClusterMoments>();
  private readonly open = new Map<string, OpenCluster>();

  constructor(private readonly closing: ClusterClosing | null = null) {}

  add(r: CaseResult): void {
    // A skipped case did not run: it is no part of any rate.
    if (r.status === 'skipped') return;
    const cluster = clusterOf(r);
    // The arms of one run are apart: each arm's trials of a case make its cluster.
    const key = r.arm ? `${r.arm}\u0000${cluster}` : cluster;
    let open = this.open.get(key);
    if (!open) this.open.set(key, (open = { results: 0, sums: [] }));
    // A result's share of each rate is the same in its three groups: asked of the metric once.
    const shares: [number, number, number][] = [];
    for (const [index, metric] of RATES) {
      const share = metric.share(r);
      if (share && share[1] > 0) shares.push([index, share[0], share[1]]);
    }
    for (const group of ['overall', `module:${r.module}`, `case_type:${r.case_type}`]) {
      const base = this.group(group) * SLOTS_PER_GROUP;
      for (const [index, numerator, denominator] of shares) addShare(open.sums, base + index, numerator, denominator);
    }
    open.results += 1;
    if (this.closing && open.results >= this.closing.results && cluster === r.case_id && !this.closing.shared.has(cluster)) {
      this.close(this.closed, open);
      this.open.delete(key);
    }
  }

  /** Clusters whose sums are still kept (what memory grows with). */
  get openClusters(): number {
    return this.open.size;
  }

  snapshot(): ClusterTable {
    // The clusters still open count as they stand (a run cut short, or every cluster without `closing`).
    const all = new Map([...this.closed].map(([slot, m]) => [slot, { ...m }]));
    for (const open of this.open.values()) this.close(all, open);
    const table: ClusterTable = {};
    for (const [slot, moments] of [...all].sort(([a], [b]) => a - b)) {
      const group = this.groupNames[Math.floor(slot / SLOTS_PER_GROUP)]!;
      (table[group] ??= {})[METRIC_ORDER[slot % SLOTS_PER_GROUP]!] = moments;
    }
    return table;
  }

  private group(name: string): number {
    let index = this.groupIndex.get(name);
    if (index === undefined) {
      index = this.groupNames.push(name) - 1;
      this.groupIndex.set(name, index);
    }
    return index;
  }

  private close(into: Map<number, ClusterMoments>, open: OpenCluster): void {
    for (let i = 0; i < open.sums.length; i += 3) {
      const slot = open.sums[i]!;
      let moments = into.get(slot);
      if (!moments) into.set(slot, (moments = emptyMoments()));
      addCluster(moments, open.sums[i + 1]!, open.sums[i + 2]!);
    }
  }
}

function addShare(sums: number[], slot: number, num: number, den: number): void {
  for (let i = 0; i < sums.length; i += 3) {
    if (sums[i] !== slot) continue;
    sums[i + 1] = sums[i + 1]! + num;
    sums[i + 2] = sums[i + 2]! + den;
    return;
  }
  sums.push(slot, num, den);
}
