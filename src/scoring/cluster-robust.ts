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

export function clusteredRate(sums: readonly ClusterSum[]): ClusteredRate | null {
  const used = sums.filter((s) => s.den > 0);
  const n = used.reduce((t, s) => t + s.den, 0);
  const G = used.length;
  if (n <= 0) return null;
  const p = used.reduce((t, s) => t + s.num, 0) / n;
  const cr0 = used.reduce((t, s) => t + (s.num - p * s.den) ** 2, 0) / (n * n);
  const cr1 = G > 1 ? (cr0 * G) / (G - 1) : cr0;
  const iid = (p * (1 - p)) / n;
  // Every result at one value, or one cluster only: nothing measures the spread between clusters, so each counts as one unit.
  const effective = iid === 0 || G < 2 ? G : cr1 === 0 ? n : Math.min(n, Math.max(1, (n * iid) / cr1));
  return { estimate: p, clusters: G, n, variance_cr0: cr0, variance_cr1: cr1, effective_n: effective };
}

/** Wilson at `level` over the effective sample size; null without data. */
export function clusteredInterval(sums: readonly ClusterSum[], level: number): (Interval & { clusters: number; effective_n: number }) | null {
  const r = clusteredRate(sums);
  if (!r) return null;
  const ci = wilsonInterval(r.estimate * r.effective_n, r.effective_n, level);
  return ci ? { ...ci, clusters: r.clusters, effective_n: r.effective_n } : null;
}
