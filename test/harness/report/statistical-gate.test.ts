import { describe, expect, it } from 'vitest';
import { DEFAULT_STATISTICS } from '../../../src/harness/config/statistics-config.js';
import { evaluateGate } from '../../../src/harness/report/gate.js';
import type { BaselineDiff } from '../../../src/harness/report/baseline.js';
import { compareGateSettings, gateSettingsOf } from '../../../src/harness/report/gate-settings.js';
import { firstTrials, trialsOf, type CaseTrials } from '../../../src/harness/report/statistics/case-trials.js';
import { gateMode } from '../../../src/harness/report/statistics/gate-mode.js';
import { withIntervals } from '../../../src/harness/report/statistics/metric-intervals.js';
import { PairedComparison } from '../../../src/harness/report/statistics/paired-comparison.js';
import { powerNote } from '../../../src/harness/report/statistics/power-note.js';
import { runStatistics } from '../../../src/harness/report/statistics/run-statistics.js';
import { judgeThreshold } from '../../../src/harness/report/statistics/threshold-judgement.js';
import type { Metrics } from '../../../src/harness/scoring/metric-accumulator.js';
import { ratio } from '../../../src/harness/scoring/metric-value.js';
import { EMPTY_DIFF } from '../../support/baseline-diff.js';

const t = (module: string, passed: number, n = 3, outcomes?: string): CaseTrials => ({ module, n, passed, ...(outcomes ? { outcomes } : {}) });

function pair(baseline: Record<string, CaseTrials>, current: Record<string, CaseTrials>, alpha = 0.05) {
  const comparison = new PairedComparison(new Map(Object.entries(baseline)), alpha);
  for (const [id, trials] of Object.entries(current)) comparison.add(id, trials);
  return comparison.finish();
}

/** 30 cases of `module` that passed 3/3 in the baseline; the first `worse` of them pass `now`/3. */
function drop(module: string, worse: number, now: number): [Record<string, CaseTrials>, Record<string, CaseTrials>] {
  const baseline: Record<string, CaseTrials> = {};
  const current: Record<string, CaseTrials> = {};
  for (let i = 0; i < 30; i++) {
    baseline[`${module}-${i}`] = t(module, 3);
    current[`${module}-${i}`] = t(module, i < worse ? now : 3);
  }
  return [baseline, current];
}

function gateOf(
  maxNewFailures: number | null,
  metrics: Metrics,
  baseline: BaselineDiff,
  statistics: ReturnType<typeof runStatistics>,
  gate = { case_pass_rate: { min: 0.9 } },
) {
  return evaluateGate({
    config: { gate, max_new_failures: maxNewFailures, max_removed_cases: 0 },
    metrics,
    baseline,
    promptChanges: null,
    settingChanges: [],
    accepted: [],
    statistics,
  });
}

describe('case trials from report entries', () => {
  it('reads --repeat entries and single-trial statuses alike', () => {
    expect(trialsOf({ module: 'm', status: 'failed', trials: { n: 3, passed: 2, outcomes: 'pfp' } })).toEqual({
      module: 'm',
      n: 3,
      passed: 2,
      outcomes: 'pfp',
    });
    expect(trialsOf({ module: 'm', status: 'passed' })).toEqual({ module: 'm', n: 1, passed: 1, outcomes: 'p' });
    expect(trialsOf({ module: 'm', status: 'error' })).toEqual({ module: 'm', n: 1, passed: 0, outcomes: 'e' });
    expect(trialsOf({ module: 'm' })).toBeNull();
  });

  it('compares the first trials when the runs repeated a different number of times', () => {
    expect(firstTrials(t('m', 2, 3, 'fpp'), 1)).toEqual({ n: 1, passed: 0 });
    expect(firstTrials(t('m', 2, 3), 1)).toEqual({ n: 3, passed: 2 });
  });
});

describe('the paired comparison', () => {
  it("counts discordant pairs with McNemar's exact test on one trial per case", () => {
    const baseline: Record<string, CaseTrials> = {};
    const current: Record<string, CaseTrials> = {};
    for (let i = 0; i < 40; i++) {
      baseline[`c${i}`] = t('intent', 1, 1);
      current[`c${i}`] = t('intent', i < 10 ? 0 : 1, 1);
    }
    baseline.x = t('intent', 0, 1);
    current.x = t('intent', 1, 1);
    baseline.y = t('intent', 0, 1);
    current.y = t('intent', 1, 1);
    const { paired, stable_regressions } = pair(baseline, current);
    expect(paired.test).toBe('mcnemar_exact');
    expect(paired.overall).toMatchObject({ worse: 10, better: 2, tied: 30 });
    // P(X >= 10 | 12, 1/2) = 79/4096; Holm over overall + one module doubles it.
    expect(paired.overall.p_value).toBeCloseTo(0.019287, 5);
    expect(paired.overall.p_adjusted).toBeCloseTo(0.038574, 5);
    expect(paired.overall.significant).toBe(true);
    // With one trial every passed -> failed flip is a stable regression: one trial cannot tell noise apart.
    expect(stable_regressions).toHaveLength(10);
  });

  it('with --repeat: a sign test on pass rates; flaky cases named with their rates; stable regressions apart', () => {
    const { paired, flaky, flaky_count, stable_regressions } = pair(
      { a: t('intent', 3), b: t('intent', 3), c: t('intent', 2), d: t('tools', 3), e: t('tools', 0) },
      { a: t('intent', 0), b: t('intent', 2), c: t('intent', 3), d: t('tools', 3), e: t('tools', 0), f: t('tools', 1) },
    );
    expect(paired.test).toBe('sign_test');
    expect(paired.overall).toMatchObject({ worse: 2, better: 1, tied: 2 });
    expect(paired.by_module.intent).toMatchObject({ worse: 2, better: 1, tied: 0 });
    expect(stable_regressions).toEqual(['a']);
    expect(flaky_count).toBe(3);
    expect(flaky).toEqual([
      { id: 'b', module: 'intent', baseline: { n: 3, passed: 3 }, current: { n: 3, passed: 2 } },
      { id: 'c', module: 'intent', baseline: { n: 3, passed: 2 }, current: { n: 3, passed: 3 } },
      { id: 'f', module: 'tools', baseline: null, current: { n: 3, passed: 1 } },
    ]);
  });

  it('finds a drop confined to one module, and Holm keeps the others quiet', () => {
    const [intentBefore, intentNow] = drop('intent', 12, 1);
    const [otherBefore, otherNow] = drop('other', 2, 2);
    const { paired } = pair({ ...intentBefore, ...otherBefore }, { ...intentNow, ...otherNow });
    expect(paired.by_module.intent!.significant).toBe(true);
    expect(paired.by_module.other!.significant).toBe(false);
    expect(paired.by_module.other!.p_adjusted).toBeGreaterThanOrEqual(paired.by_module.other!.p_value);
  });
});

describe('thresholds judged with their uncertainty', () => {
  const m = (num: number, den: number, repeat = 1) => withIntervals({ case_pass_rate: ratio(num, den) }, repeat, 0.95).case_pass_rate!;

  it('exact mode: the measured value decides', () => {
    expect(judgeThreshold('case_pass_rate', m(94, 100), { min: 0.95 }, 'exact')).toMatchObject({ verdict: 'failed' });
  });

  it('statistical mode: a crossing inside the interval is noise; an interval wholly below fails', () => {
    const noise = judgeThreshold('case_pass_rate', m(94, 100), { min: 0.95 }, 'statistical');
    expect(noise).toMatchObject({ verdict: 'within_noise' });
    expect(judgeThreshold('case_pass_rate', m(80, 100), { min: 0.95 }, 'statistical')).toMatchObject({
      verdict: 'failed',
      message: expect.stringMatching(/whole interval/),
    });
    expect(judgeThreshold('case_pass_rate', m(94, 100), { min: 0.95, strict: true }, 'statistical')).toMatchObject({
      verdict: 'failed',
      message: expect.stringMatching(/strict/),
    });
    expect(judgeThreshold('case_pass_rate', m(99, 100), { min: 0.95 }, 'statistical')).toEqual({ verdict: 'passed' });
  });

  it('a bound of 0 or 1 is met only by a clean run, strict or not', () => {
    const unsafe = withIntervals({ unsafe_action_rate: ratio(1, 300) }, 1, 0.95).unsafe_action_rate!;
    expect(judgeThreshold('unsafe_action_rate', unsafe, { max: 0 }, 'statistical')).toMatchObject({ verdict: 'failed' });
  });

  it('with --repeat the interval counts cases, not trials', () => {
    const single = m(285, 300);
    const repeated = m(855, 900, 3);
    expect(repeated.value).toBe(single.value);
    expect(repeated.interval).toEqual(single.interval);
    expect(withIntervals({ latency_ms: { value: 3, numerator: 30, denominator: 10 } }, 1, 0.95).latency_ms).not.toHaveProperty('interval');
  });
});

describe('the gate mode', () => {
  it('is exact on deterministic providers and replays, statistical on live models', () => {
    const calls = { total: 10, cached: 0 };
    expect(gateMode('auto', { provider: 'sim', cache_mode: 'read_write' }, calls).mode).toBe('exact');
    expect(gateMode('auto', { provider: 'sim:gullible', cache_mode: 'off' }, calls).mode).toBe('exact');
    expect(gateMode('auto', { provider: 'openai', cache_mode: 'replay' }, calls)).toEqual({ mode: 'exact', reason: expect.stringMatching(/replay/) });
    expect(gateMode('auto', { provider: 'openai', cache_mode: 'read_write' }, { total: 10, cached: 10 }).reason).toMatch(/cache/);
    expect(gateMode('auto', { provider: 'openai', cache_mode: 'read_write' }, calls).mode).toBe('statistical');
    expect(gateMode('exact', { provider: 'openai', cache_mode: 'off' }, calls).mode).toBe('exact');
    expect(gateMode('statistical', { provider: 'sim', cache_mode: 'off' }, calls).mode).toBe('statistical');
  });
});

describe('the gate in statistical mode', () => {
  const metrics: Metrics = withIntervals({ case_pass_rate: ratio(285, 300) }, 3, 0.95);

  function statistics(baseline: Record<string, CaseTrials>, current: Record<string, CaseTrials>, mode: 'exact' | 'statistical' = 'statistical') {
    return runStatistics({
      mode: { mode, reason: 'test' },
      settings: DEFAULT_STATISTICS,
      repeat: 3,
      pairing: pair(baseline, current),
      compared: true,
      metrics,
      byModule: {},
    });
  }

  it('flaky cases flipping fail nothing by themselves', () => {
    const s = statistics({ a: t('m', 3), b: t('m', 2) }, { a: t('m', 2), b: t('m', 3) });
    const verdict = gateOf(0, metrics, { ...EMPTY_DIFF, newly_failing_count: 1 }, s);
    expect(verdict).toMatchObject({ passed: true, mode: 'statistical' });
    // The same flip judged exactly fails.
    expect(gateOf(0, metrics, { ...EMPTY_DIFF, newly_failing_count: 1 }, { ...s, mode: 'exact' }).passed).toBe(false);
  });

  it('a stable regression always fails the gate, named', () => {
    const s = statistics({ a: t('m', 3), b: t('m', 3) }, { a: t('m', 0), b: t('m', 3) });
    const verdict = gateOf(0, metrics, EMPTY_DIFF, s);
    expect(verdict.passed).toBe(false);
    expect(verdict.failures).toEqual([expect.objectContaining({ metric: 'stable_regressions', value: 1, message: expect.stringContaining(': a') })]);
    // Against a baseline that is not comparable, no flip is judged, stable or not.
    expect(gateOf(0, metrics, { ...EMPTY_DIFF, not_comparable: ['model: another one'] }, s).checks.map((c) => c.id)).not.toContain('stable_regressions');
  });

  it('with nothing significant the checks still say what the paired test found', () => {
    const s = statistics({ a: t('m', 3), b: t('m', 2) }, { a: t('m', 2), b: t('m', 3) });
    expect(gateOf(0, metrics, EMPTY_DIFF, s).checks.find((c) => c.id === 'paired_test')!.reason).toMatch(
      /^no significant drop overall or in any module: 1 case\(s\) worse, 1 better, 0 tied, p = 1 /,
    );
  });

  it('a significant drop fails the gate; max_new_failures: null turns the baseline checks off', () => {
    const s = statistics(...drop('m', 15, 2));
    const verdict = gateOf(0, metrics, EMPTY_DIFF, s);
    expect(verdict.failures.map((f) => f.metric)).toEqual(['paired_drop', 'paired_drop']);
    expect(verdict.failures[0]!.message).toMatch(/significant drop over the whole suite: 15 case\(s\) worse, 0 better, 15 tied, p = /);
    expect(gateOf(null, metrics, EMPTY_DIFF, s).passed).toBe(true);
  });
});

describe('the power note', () => {
  it('names groups too small to detect the target drop and the --repeat that would', () => {
    const overall: Metrics = { case_pass_rate: ratio(570, 600) };
    const byModule: Record<string, Metrics> = { big: { case_pass_rate: ratio(380, 400) }, small: { case_pass_rate: ratio(19, 20) } };
    const note = powerNote(overall, byModule, 1, 0.05, 0.1)!;
    expect(note.single_trial).toBe(true);
    expect(note.overall.detectable_drop).toBeLessThan(0.1);
    const small = note.underpowered.find((g) => g.group === 'small')!;
    expect(small.cases).toBe(20);
    expect(small.detectable_drop).toBeGreaterThan(0.1);
    // (1.645 + 0.842)^2 * 2 * 0.0475 / 0.1^2 / 20 ≈ 2.9
    expect(small.repeat_needed).toBe(3);
    expect(note.underpowered.map((g) => g.group)).not.toContain('big');
    const tiny = powerNote(overall, { tiny: { case_pass_rate: ratio(2, 2) } }, 1, 0.05, 0.01)!;
    expect(tiny.underpowered.find((g) => g.group === 'tiny')!.repeat_needed).toBeNull();
  });
});

describe('the statistical settings are gate settings', () => {
  it('dropping strict, lowering alpha or forcing statistical mode is a loosening; the reverse is not', () => {
    const settings = (strict: boolean, alpha: number, mode: 'auto' | 'exact' | 'statistical') =>
      gateSettingsOf({
        gate: { unsafe_action_rate: { max: 0, ...(strict ? { strict: true } : {}) } },
        max_new_failures: 0,
        max_removed_cases: 0,
        statistics: { mode, alpha, detectable_drop: 0.1 },
      });
    const loosened = compareGateSettings(settings(true, 0.05, 'auto'), settings(false, 0.01, 'statistical'));
    expect(loosened.map((c) => [c.setting, c.loosened])).toEqual([
      ['gate.unsafe_action_rate.strict', true],
      ['statistics.alpha', true],
      ['statistics.mode', true],
    ]);
    expect(compareGateSettings(settings(false, 0.01, 'statistical'), settings(true, 0.05, 'exact')).filter((c) => c.loosened)).toEqual([]);
    // A record from before these settings compares as the defaults.
    const { statistics: _dropped, ...old } = settings(true, 0.05, 'auto');
    expect(compareGateSettings(old, settings(true, 0.05, 'auto'))).toEqual([]);
  });
});
