/**
 * The paired comparison with the baseline, case by case: which side each case
 * falls on, the first m trials when the runs repeated differently, flaky and
 * stable lists (sorted, capped, counted), the test named by the trials, and
 * Holm over the suite and each module.
 */
import { describe, expect, it } from 'vitest';
import type { CaseTrials } from '../../../src/harness/report/statistics/case-trials.js';
import { PairedComparison } from '../../../src/harness/report/statistics/paired-comparison.js';

const t = (module: string, n: number, passed: number, outcomes?: string): CaseTrials => ({ module, n, passed, ...(outcomes ? { outcomes } : {}) });

describe('the paired comparison', () => {
  it('one trial each: McNemar on the discordant pairs, each case on its side, per module', () => {
    const baseline = new Map([
      ['a', t('m1', 1, 1)],
      ['b', t('m1', 1, 0)],
      ['c', t('m2', 1, 1)],
      ['d', t('m2', 1, 1)],
    ]);
    const c = new PairedComparison(baseline, 0.05);
    c.add('a', t('m1', 1, 0));
    c.add('b', t('m1', 1, 1));
    c.add('c', t('m2', 1, 1));
    c.add('d', t('m2', 1, 0));
    const out = c.finish();
    expect(out.paired.test).toBe('mcnemar_exact');
    expect(out.paired.description).toBe("McNemar's exact test on discordant pairs, one-sided, Holm over 3 groups");
    expect(out.paired.trials).toEqual({ baseline: 1, current: 1 });
    expect(out.paired.overall).toMatchObject({ worse: 2, better: 1, tied: 1, significant: false });
    expect(out.paired.by_module).toEqual({
      m1: expect.objectContaining({ worse: 1, better: 1, tied: 0 }),
      m2: expect.objectContaining({ worse: 1, better: 0, tied: 1 }),
    });
    expect(Object.keys(out.paired.by_module)).toEqual(['m1', 'm2']);
    expect(out.stable_regressions).toEqual(['a', 'd']);
    expect(out.stable_regression_count).toBe(2);
    expect(out.flaky).toEqual([]);
  });

  it('a clear drop is significant; p-values rounded to six places', () => {
    const baseline = new Map(Array.from({ length: 12 }, (_, i) => [`c${i}`, t('m', 1, 1)] as const));
    const c = new PairedComparison(baseline, 0.05);
    for (let i = 0; i < 12; i++) c.add(`c${i}`, t('m', 1, 0));
    const out = c.finish();
    expect(out.paired.overall.p_value).toBe(0.000244);
    expect(out.paired.overall.significant).toBe(true);
    expect(out.paired.by_module.m!.significant).toBe(true);
  });

  it('repeated runs: the sign test on pass rates over the first m trials of both', () => {
    const c = new PairedComparison(
      new Map([
        ['a', t('m', 3, 3, 'ppp')],
        ['b', t('m', 3, 2, 'ppf')],
      ]),
      0.05,
    );
    // Five trials now, the first three all passed: tied with the baseline's 3/3 although the run as a whole is 3/5.
    c.add('a', t('m', 5, 3, 'pppff'));
    // Compared on the first 3: 1/3 now against 2/3 then.
    c.add('b', t('m', 5, 1, 'pffff'));
    const out = c.finish();
    expect(out.paired.test).toBe('sign_test');
    expect(out.paired.description).toBe('exact sign test on per-case pass rates, one-sided, Holm over 2 groups');
    expect(out.paired.trials).toEqual({ baseline: 3, current: 5 });
    expect(out.paired.overall).toMatchObject({ worse: 1, better: 0, tied: 1 });
  });

  it('without per-trial outcomes the whole runs are compared', () => {
    const c = new PairedComparison(new Map([['a', t('m', 3, 3)]]), 0.05);
    c.add('a', t('m', 5, 4));
    expect(c.finish().paired.overall).toMatchObject({ worse: 1, better: 0, tied: 0 });
  });

  it('flaky: trials that disagree now or in the baseline, new cases too, sorted by module then id; an unpaired case is only checked for flakiness', () => {
    const c = new PairedComparison(
      new Map([
        ['z', t('b', 3, 3)],
        ['y', t('a', 3, 1)],
        ['x', t('a', 3, 3)],
      ]),
      0.05,
    );
    c.add('z', t('b', 3, 2));
    c.add('y', t('a', 3, 3));
    c.add('x', t('a', 3, 0), false);
    c.add('new', t('a', 3, 1));
    const out = c.finish();
    expect(out.flaky.map((f) => f.id)).toEqual(['new', 'y', 'z']);
    expect(out.flaky.find((f) => f.id === 'new')).toEqual({ id: 'new', module: 'a', baseline: null, current: { n: 3, passed: 1 } });
    expect(out.flaky.find((f) => f.id === 'y')).toEqual({ id: 'y', module: 'a', baseline: { n: 3, passed: 1 }, current: { n: 3, passed: 3 } });
    expect(out.flaky_count).toBe(3);
    // x was edited since the baseline: not paired, so not a stable regression and not on any side.
    expect(out.stable_regressions).toEqual([]);
    expect(out.paired.overall).toMatchObject({ worse: 1, better: 1, tied: 0 });
    expect(out.paired.trials).toEqual({ baseline: 3, current: 3 });
  });

  it('lists are capped at 1,000 while the counts stay exact, and stable regressions are sorted', () => {
    const ids = Array.from({ length: 1005 }, (_, i) => `c${String(1004 - i).padStart(4, '0')}`);
    const c = new PairedComparison(new Map(ids.map((id) => [id, t('m', 2, 2)] as const)), 0.05);
    for (const id of ids) c.add(id, t('m', 2, 0));
    const flakyRun = new PairedComparison(new Map(), 0.05);
    for (const id of ids) flakyRun.add(id, t('m', 2, 1));
    const out = c.finish();
    expect(out.stable_regression_count).toBe(1005);
    expect(out.stable_regressions).toHaveLength(1000);
    expect(out.stable_regressions[0]! < out.stable_regressions[1]!).toBe(true);
    const flaky = flakyRun.finish();
    expect(flaky.flaky_count).toBe(1005);
    expect(flaky.flaky).toHaveLength(1000);
  });
});
