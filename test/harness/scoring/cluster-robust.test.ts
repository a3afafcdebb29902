/**
 * Cluster-robust intervals and the cluster-level paired test against figures
 * computed by hand (each derivation in the comments), cross-checked with
 * numpy: y regressed on a constant, item rows expanded from the cluster sums,
 * V = (X'X)⁻¹ (Σ_g X_g'u_g u_g'X_g) (X'X)⁻¹ · G/(G−1) · (N−1)/(N−K) with K = 1,
 * which is statsmodels' cov_type="cluster" default (CR1).
 */
import { describe, expect, it } from 'vitest';
import { clusteredInterval, clusteredRate } from '../../../src/harness/scoring/cluster-robust.js';
import { wilsonInterval } from '../../../src/harness/scoring/proportion-statistics.js';
import { PairedComparison } from '../../../src/harness/report/statistics/paired-comparison.js';
import type { CaseTrials } from '../../../src/harness/report/statistics/case-trials.js';

const sums = (pairs: [number, number][]) => pairs.map(([num, den]) => ({ num, den }));

describe('cluster-robust rate (CR0 / CR1 sandwich)', () => {
  const table = [
    {
      // A: clusters (3/3), (0/2), (1/3). n = 8, p̂ = 4/8 = 0.5.
      // residual sums: 3 − 1.5 = 1.5, 0 − 1 = −1, 1 − 1.5 = −0.5; squares 2.25 + 1 + 0.25 = 3.5
      // CR0 = 3.5 / 8² = 0.0546875; CR1 = CR0 · 3/2 = 0.08203125
      // iid = 0.25 / 8 = 0.03125; n_eff = 8 · 0.03125 / 0.08203125 = 3.047619…
      // Wilson 95% at p = 0.5, n = 3.047619: centre 0.5, half = 1.96/(1+1.96²/n) · √(0.25/n + 1.96²/(4n²)) → [0.126632, 0.873368]
      name: 'A',
      data: sums([
        [3, 3],
        [0, 2],
        [1, 3],
      ]),
      level: 0.95,
      expected: { estimate: 0.5, cr0: 0.0546875, cr1: 0.08203125, effective: 3.047619047619, low: 0.1266316087, high: 0.8733683913 },
    },
    {
      // B (a ratio metric, denominators > 1): (2/4), (3/3), (0/1), (5/6). n = 14, p̂ = 10/14 = 0.714286.
      // residual sums: 2 − 2.857143 = −0.857143, 3 − 2.142857 = 0.857143, 0 − 0.714286, 5 − 4.285714 = 0.714286
      // squares 0.734694 + 0.734694 + 0.510204 + 0.510204 = 2.489796; CR0 = 2.489796 / 196 = 0.01270304
      // CR1 = CR0 · 4/3 = 0.01693739; iid = 0.204082 / 14 = 0.01457726; n_eff = 14 · 0.01457726 / 0.01693739 = 12.04918
      // Wilson 90% (z = 1.644854) at p = 0.714286 over 12.04918 → [0.477595, 0.872391]
      name: 'B',
      data: sums([
        [2, 4],
        [3, 3],
        [0, 1],
        [5, 6],
      ]),
      level: 0.9,
      expected: { estimate: 10 / 14, cr0: 0.0127030404, cr1: 0.0169373872, effective: 12.049180328, low: 0.4775945556, high: 0.8723906086 },
    },
    {
      // E: (9/10), (10/10), (1/2), (4/4), (0/1). n = 27, p̂ = 24/27 = 0.888889.
      // residual sums: 0.111111, 1.111111, −0.777778, 0.444444, −0.888889; squares sum to 2.839506
      // CR0 = 2.839506 / 729 = 0.00389507; CR1 = CR0 · 5/4 = 0.00486884
      // iid = 0.098765 / 27 = 0.00365798; n_eff = 27 · 0.00365798 / 0.00486884 = 20.28522 → Wilson 95% [0.687115, 0.966825]
      name: 'E',
      data: sums([
        [9, 10],
        [10, 10],
        [1, 2],
        [4, 4],
        [0, 1],
      ]),
      level: 0.95,
      expected: { estimate: 24 / 27, cr0: 0.003895070196, cr1: 0.004868837745, effective: 20.285217391, low: 0.687114786, high: 0.9668249099 },
    },
  ];

  it.each(table)('data set $name', ({ data, level, expected }) => {
    const r = clusteredRate(data)!;
    expect(r.estimate).toBeCloseTo(expected.estimate, 9);
    expect(r.variance_cr0).toBeCloseTo(expected.cr0, 9);
    expect(r.variance_cr1).toBeCloseTo(expected.cr1, 9);
    expect(r.effective_n).toBeCloseTo(expected.effective, 6);
    expect(r.clusters).toBe(data.length);
    const ci = clusteredInterval(data, level)!;
    expect(ci.low).toBeCloseTo(expected.low, 6);
    expect(ci.high).toBeCloseTo(expected.high, 6);
  });

  it('all passed: no spread to measure, so each cluster counts as one unit (Wilson 2 of 2, not 5 of 5)', () => {
    // (2/2), (3/3): Wilson 95% of 2 successes in 2 → [0.342380, 1]
    const ci = clusteredInterval(
      sums([
        [2, 2],
        [3, 3],
      ]),
      0.95,
    )!;
    expect(ci.low).toBeCloseTo(0.3423802275, 8);
    expect(ci.high).toBe(1);
    expect(ci.low).toBeLessThan(wilsonInterval(5, 5, 0.95)!.low);
  });

  it('identical clusters carry more information than their count: capped at the items, never more', () => {
    // (1/2), (1/2): every cluster at p̂, CR1 = 0 → n_eff = n = 4
    expect(
      clusteredRate(
        sums([
          [1, 2],
          [1, 2],
        ]),
      )!.effective_n,
    ).toBe(4);
  });

  it('one cluster (an empty one does not count): one unit of evidence, Wilson of 0.5 in 1', () => {
    // (5/10) alone: no second cluster to measure the spread against → n_eff = 1; Wilson 95% at p = 0.5, n = 1
    const one = clusteredInterval(
      sums([
        [5, 10],
        [0, 0],
      ]),
      0.95,
    )!;
    expect(one.effective_n).toBe(1);
    const w = wilsonInterval(0.5, 1, 0.95)!;
    expect([one.low, one.high]).toEqual([w.low, w.high]);
    const ten = clusteredInterval(sums(Array.from({ length: 10 }, (_, i) => [i < 5 ? 1 : 0, 1] as [number, number])), 0.95)!;
    expect(one.high - one.low).toBeGreaterThan(ten.high - ten.low);
  });

  it('no data: no interval', () => {
    expect(clusteredInterval([], 0.95)).toBeNull();
  });
});

describe('the paired test over clusters', () => {
  const t = (n: number, passed: number): CaseTrials => ({ module: 'm', n, passed });

  it('counts a cluster once, by the net change of its cases', () => {
    // Cluster A: a1 1→0, a2 1→0, a3 1→1 (net −2: worse); B: b1 0→1 (better); C, D, E: one case each 1→0.
    // Per cluster: 4 worse, 1 better → P(X ≥ 4 | 5, ½) = (5 + 1)/32 = 0.1875.
    // Per case it would have been 5 worse, 1 better → (6 + 1)/64 = 0.109375: the copies of A counted twice.
    const baseline = new Map<string, CaseTrials>([
      ['a1', t(1, 1)],
      ['a2', t(1, 1)],
      ['a3', t(1, 1)],
      ['b1', t(1, 0)],
      ['c', t(1, 1)],
      ['d', t(1, 1)],
      ['e', t(1, 1)],
    ]);
    const c = new PairedComparison(baseline, 0.05);
    for (const id of ['a1', 'a2']) c.add(id, t(1, 0), true, 'A');
    c.add('a3', t(1, 1), true, 'A');
    c.add('b1', t(1, 1), true, 'B');
    for (const id of ['c', 'd', 'e']) c.add(id, t(1, 0));
    const out = c.finish().paired;
    expect(out.overall).toMatchObject({ worse: 4, better: 1, tied: 0, unit: 'cluster' });
    expect(out.overall.p_value).toBeCloseTo(0.1875, 6);
    expect(out.clusters).toEqual({ count: 5, cases: 7 });
    expect(out.test).toBe('sign_test');
    expect(out.description).toMatch(/5 clusters of 7 cases/);
  });

  it('a cluster whose cases move both ways by the same amount is tied', () => {
    const c = new PairedComparison(
      new Map([
        ['x', t(1, 1)],
        ['y', t(1, 0)],
      ]),
      0.05,
    );
    c.add('x', t(1, 0), true, 'S');
    c.add('y', t(1, 1), true, 'S');
    expect(c.finish().paired.overall).toMatchObject({ worse: 0, better: 0, tied: 1 });
  });

  it('every case its own cluster: the per-case McNemar test, unchanged', () => {
    const c = new PairedComparison(
      new Map([
        ['x', t(1, 1)],
        ['y', t(1, 1)],
      ]),
      0.05,
    );
    c.add('x', t(1, 0));
    c.add('y', t(1, 0));
    const out = c.finish().paired;
    expect(out.test).toBe('mcnemar_exact');
    expect(out.overall).toMatchObject({ worse: 2, unit: 'case' });
    expect(out.overall.p_value).toBeCloseTo(0.25, 9);
  });
});
