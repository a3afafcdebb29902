/**
 * Cluster-robust error bars for a rate (Miller 2024, "Adding Error Bars to
 * Evals"): results that share a cluster (the trials of one case, the
 * renumbered copies of one source case, a scenario with its attack variants
 * and its twin) are not independent, so the variance is the CR1 sandwich over
 * cluster sums rather than p(1 − p)/n. The interval stays a Wilson score
 * interval — bounded in [0, 1] and sensible at 0 and 1 — computed over the
 * effective sample size n · (iid variance / cluster-robust variance).
 */
import { wilsonInterval, type Interval } from './proportion-statistics.js';

/** One cluster's share of a ratio metric: its summed numerator and denominator. */
export interface ClusterSum {
  num: number;
  den: number;
}

/**
 * What the CR0/CR1 variance needs of a set of clusters, summed as they close:
 * Σ_g (num_g − p̂·den_g)² = Σnum_g² − 2p̂·Σnum_g·den_g + p̂²·Σden_g², so a run
 * keeps six numbers per rate however many clusters it had.
 */
export interface ClusterMoments {
  /** Clusters with a positive denominator. */
  clusters: number;
  num: number;
  den: number;
  num2: number;
  numDen: number;
  den2: number;
}

export const emptyMoments = (): ClusterMoments => ({ clusters: 0, num: 0, den: 0, num2: 0, numDen: 0, den2: 0 });

/** Adds one closed cluster's sums (a cluster with no denominator counts for nothing). */
export function addCluster(into: ClusterMoments, num: number, den: number): void {
  if (den <= 0) return;
  into.clusters += 1;
  into.num += num;
  into.den += den;
  into.num2 += num * num;
  into.numDen += num * den;
  into.den2 += den * den;
}

function momentsOf(sums: readonly ClusterSum[]): ClusterMoments {
  const m = emptyMoments();
  for (const s of sums) addCluster(m, s.num, s.den);
  return m;
}

export interface ClusteredRate {
  estimate: number;
  clusters: number;
  /** Summed denominators: results (or items) behind the rate. */
  n: number;
  /** CR0: Σ_g (num_g − p̂·den_g)² / (Σ den)². */
  variance_cr0: number;
  /** CR1: CR0 · G / (G − 1), the small-sample correction statsmodels and Stata apply for one regressor. */
  variance_cr1: number;
  /** n · (p̂(1 − p̂)/n) / CR1, within [1, n]; the cluster count when p̂ is 0 or 1 or there is one cluster (no spread to measure). */
  effective_n: number;
}

export function clusteredRate(sums: readonly ClusterSum[] | ClusterMoments): ClusteredRate | null {
  const m = Array.isArray(sums) ? momentsOf(sums) : (sums as ClusterMoments);
  const n = m.den;
  const G = m.clusters;
  if (n <= 0) return null;
  const p = m.num / n;
  // Rounding can leave a hair below zero where every residual is zero.
  const cr0 = Math.max(0, m.num2 - 2 * p * m.numDen + p * p * m.den2) / (n * n);
  const cr1 = G > 1 ? (cr0 * G) / (G - 1) : cr0;
  const iid = (p * (1 - p)) / n;
  // Every result at one value, or one cluster only: nothing measures the spread between clusters, so each counts as one unit.
  const effective = iid === 0 || G < 2 ? G : cr1 === 0 ? n : Math.min(n, Math.max(1, (n * iid) / cr1));
  return { estimate: p, clusters: G, n, variance_cr0: cr0, variance_cr1: cr1, effective_n: effective };
}

/** Wilson at `level` over the effective sample size; null without data. */
export function clusteredInterval(sums: readonly ClusterSum[] | ClusterMoments, level: number): (Interval & { clusters: number; effective_n: number }) | null {
  const r = clusteredRate(sums);
  if (!r) return null;
  const ci = wilsonInterval(r.estimate * r.effective_n, r.effective_n, level);
  return ci ? { ...ci, clusters: r.clusters, effective_n: r.effective_n } : null;
}
