/**
 * The statistical gate's checks in words: what a stable regression and a
 * significant drop say, how many ids a reason names, how a p-value is shown.
 */
import { describe, expect, it } from 'vitest';
import type { PairedGroup, PairedTest } from '../../../src/harness/report/statistics/paired-comparison.js';
import { describeCounts, formatP, pairedChecks } from '../../../src/harness/report/statistics/paired-gate.js';

const group = (patch: Partial<PairedGroup> = {}): PairedGroup => ({ worse: 0, better: 0, tied: 10, p_value: 1, p_adjusted: 1, significant: false, ...patch });
const paired = (overall: PairedGroup, by_module: Record<string, PairedGroup> = {}): PairedTest =>
  ({
    test: 'mcnemar_exact',
    description: 'McNemar',
    alpha: 0.05,
    trials: { baseline: 1, current: 1, compared: 1 },
    overall,
    by_module,
  }) as unknown as PairedTest;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `c-${i + 1}`);

describe('the paired checks of the statistical gate', () => {
  it('no stable regression and no drop: two passing checks, the counts and p in the reason', () => {
    const checks = pairedChecks({ paired: paired(group({ better: 2, tied: 8, p_adjusted: 0.5 })), stable_regressions: [], stable_regression_count: 0 }, 0);
    expect(checks).toEqual([
      {
        id: 'stable_regressions',
        passed: true,
        reason: '0 stable regression(s): passed every baseline trial, fail every trial now (at most 0 allowed)',
        value: 0,
        threshold: { max: 0 },
      },
      {
        id: 'paired_test',
        passed: true,
        reason: 'no significant drop overall or in any module: 0 case(s) worse, 2 better, 8 tied, p = 0.5 (McNemar)',
        value: 0.5,
        threshold: { max: 0.05 },
      },
    ]);
  });

  it('stable regressions: named up to 20, then how many more; allowed up to max_new_failures', () => {
    const [one] = pairedChecks({ paired: null, stable_regressions: ['c-1'], stable_regression_count: 1 }, 0);
    expect(one).toEqual({
      id: 'stable_regressions',
      passed: false,
      reason: '1 stable regression(s): passed every baseline trial, fail every trial now (at most 0 allowed): c-1',
      value: 1,
      threshold: { max: 0 },
    });
    expect(pairedChecks({ paired: null, stable_regressions: ['c-1'], stable_regression_count: 1 }, 1)[0]!.passed).toBe(true);
    const twenty = pairedChecks({ paired: null, stable_regressions: ids(20), stable_regression_count: 20 }, 0)[0]!.reason;
    expect(twenty.endsWith(`: ${ids(20).join(', ')}`)).toBe(true);
    const many = pairedChecks({ paired: null, stable_regressions: ids(25), stable_regression_count: 25 }, 0)[0]!.reason;
    expect(many.endsWith(`: ${ids(20).join(', ')} … and 5 more`)).toBe(true);
    // Without a paired test (exact mode, or no comparable baseline) there is nothing else to check.
    expect(pairedChecks({ paired: null, stable_regressions: [], stable_regression_count: 0 }, 0)).toHaveLength(1);
  });

  it('a significant drop fails, overall and per module, each in its own check', () => {
    const checks = pairedChecks(
      {
        paired: paired(group({ worse: 9, tied: 1, p_adjusted: 0.002, significant: true }), {
          intent_recognition: group({ worse: 6, tied: 4, p_adjusted: 0.03, significant: true }),
          slot_clarification: group({ worse: 1, tied: 9, p_adjusted: 0.9 }),
        }),
        stable_regressions: [],
        stable_regression_count: 0,
      },
      0,
    );
    expect(checks.slice(1)).toEqual([
      {
        id: 'paired_drop',
        passed: false,
        reason: 'significant drop over the whole suite: 9 case(s) worse, 0 better, 1 tied, p = 0.002 < 0.05 (McNemar)',
        value: 0.002,
        threshold: { max: 0.05 },
      },
      {
        id: 'paired_drop',
        passed: false,
        reason: 'significant drop in intent_recognition: 6 case(s) worse, 0 better, 4 tied, p = 0.03 < 0.05 (McNemar)',
        value: 0.03,
        threshold: { max: 0.05 },
      },
    ]);
  });

  it('p-values: two significant figures, scientific below 0.0001', () => {
    expect(formatP(0.123456)).toBe('0.12');
    expect(formatP(0.0001)).toBe('0.0001');
    expect(formatP(0.00001234)).toBe('1.2e-5');
    expect(formatP(1)).toBe('1');
    expect(describeCounts(group({ worse: 1, better: 2, tied: 3 }))).toBe('1 case(s) worse, 2 better, 3 tied');
  });
});
