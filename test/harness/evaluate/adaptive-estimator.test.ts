/**
 * Which rate an auto run may report (issue 24): the cases that run again are
 * chosen by their first trial, so a rate over uneven trials is only honest if
 * the choice cannot bias it. Every trial path the real rule allows is
 * enumerated with its exact probability, for a case that passed every
 * baseline trial and is right with probability p on each call:
 *
 * - the pooled rate (passes over trials, per cluster sums, as the report and
 *   the gate compute it) solves Σ (S − p·T) = 0, an estimating equation whose
 *   expectation is 0 under any stopping rule that looks only at trials already
 *   run (Wald's identity): it converges to p, and its CR1 sandwich is valid;
 * - the mean of per-case means (each case weighs once) does not: a case re-run
 *   because its first trial failed has that failure diluted by the passes after
 *   it, while a lucky first pass is never re-run, so it reads p + (1 − p)·(about ½).
 */
import { describe, expect, it } from 'vitest';
import { adaptiveRule } from '../../../src/harness/evaluate/adaptive-repeats.js';
import type { Baseline } from '../../../src/harness/report/baseline.js';
import type { BaselineCase } from '../../../src/harness/report/baseline-record.js';
import { clusteredRate } from '../../../src/harness/scoring/cluster-robust.js';

const CAP = 5;

function baselineWith(entry: Omit<BaselineCase, 'id' | 'module' | 'case_type'>): Baseline {
  const c: BaselineCase = { id: 'c', module: 'intent_recognition', case_type: 'module', ...entry };
  return {
    path: 'b.json',
    run_id: null,
    metrics: {},
    cases: new Map([['c', c]]),
    provider: null,
    model: null,
    gates_enabled: null,
    record: null,
    untrusted: null,
  };
}

const STABLE = baselineWith({ status: 'passed', trials: { n: 3, passed: 3, outcomes: 'ppp' } });
const FLAKY = baselineWith({ status: 'failed', trials: { n: 3, passed: 2, outcomes: 'pfp' } });

/** Every outcome string the rule lets a case reach (capped as the run loop caps it), with its probability. */
function paths(baseline: Baseline, p: number): { outcome: string; chance: number }[] {
  const rule = adaptiveRule(baseline);
  const out: { outcome: string; chance: number }[] = [];
  const grow = (outcome: string, chance: number) => {
    if (outcome.length >= CAP || (outcome.length > 0 && !rule('c', [outcome], undefined))) {
      out.push({ outcome, chance });
      return;
    }
    grow(`${outcome}p`, chance * p);
    grow(`${outcome}f`, chance * (1 - p));
  };
  grow('', 1);
  return out;
}

const passes = (o: string) => [...o].filter((c) => c === 'p').length;
const expectation = (ps: { outcome: string; chance: number }[], f: (o: string) => number) => ps.reduce((t, x) => t + x.chance * f(x.outcome), 0);

describe('the rate of an auto run: pooled over trials, not a mean of per-case means', () => {
  for (const [name, baseline] of [
    ['passed every baseline trial', STABLE],
    ['flaky in the baseline', FLAKY],
  ] as const) {
    for (const p of [0.5, 0.8, 0.95]) {
      it(`${name}, p = ${p}: the pooled rate's estimating equation has mean 0; the per-case mean is biased`, () => {
        const ps = paths(baseline, p);
        expect(expectation(ps, () => 1)).toBeCloseTo(1, 12);
        // Some paths run again: otherwise the question would not arise.
        expect(ps.some((x) => x.outcome.length > 1)).toBe(true);
        expect(expectation(ps, (o) => passes(o) - p * o.length)).toBeCloseTo(0, 12);
        // Biased upward; least for a flaky case, whose trials are all re-run at least once.
        const perCaseMean = expectation(ps, (o) => passes(o) / o.length);
        expect(perCaseMean - p).toBeGreaterThan(1e-4);
      });
    }
  }

  it('at p = 0.95 the per-case mean of a stable case reads 0.9745: it would hide a drop to the gate minimum', () => {
    // p (pass first) + 0.05·0.95·½ (fp) + 0.05²·0.95·⅓ (ffp) + 0 (fff) = 0.95 + 0.02375 + 0.000792
    expect(expectation(paths(STABLE, 0.95), (o) => passes(o) / o.length)).toBeCloseTo(0.974542, 6);
  });

  it('the cluster-robust rate the gate reads, over a suite in which each path appears in proportion to its chance, is p exactly', () => {
    // p = 4/5 and 5^CAP cases: every path's share is a whole number of cases.
    const p = 0.8;
    const suite = 5 ** CAP;
    const sums = paths(STABLE, p).flatMap(({ outcome, chance }) => {
      const count = Math.round(chance * suite);
      return Array.from({ length: count }, () => ({ num: passes(outcome), den: outcome.length }));
    });
    expect(sums).toHaveLength(suite);
    expect(clusteredRate(sums)!.estimate).toBeCloseTo(p, 12);
    const perCaseMean = sums.reduce((t, s) => t + s.num / s.den, 0) / sums.length;
    expect(perCaseMean).toBeGreaterThan(p + 0.05);
  });
});
