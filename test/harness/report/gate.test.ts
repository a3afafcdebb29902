/**
 * The CI gate, one named check at a time: each with an input it must pass and
 * the smallest change of that input that must fail it.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/harness/base/errors.js';
import type { BaselineDiff } from '../../../src/harness/report/baseline.js';
import { evaluateGate, parseAcceptFlags, type GateInput } from '../../../src/harness/report/gate.js';
import type { SettingChange } from '../../../src/harness/report/gate-settings.js';
import type { PromptChange } from '../../../src/harness/report/prompt-review.js';
import type { Metrics } from '../../../src/harness/scoring/metric-accumulator.js';
import { ratio } from '../../../src/harness/scoring/metric-value.js';
import { EMPTY_DIFF } from '../../support/baseline-diff.js';

const DIFF: BaselineDiff = { ...EMPTY_DIFF, run_id: 'base' };

const EXACT = { mode: 'exact', paired: null, stable_regressions: [], stable_regression_count: 0 } as unknown as GateInput['statistics'];

function input(patch: Partial<GateInput> = {}, config: Partial<GateInput['config']> = {}): GateInput {
  return {
    config: { gate: { case_pass_rate: { min: 0.9 }, unsafe_action_rate: { max: 0 } }, max_new_failures: 0, max_removed_cases: 0, ...config },
    metrics: { case_pass_rate: ratio(95, 100), unsafe_action_rate: ratio(0, 40) },
    baseline: DIFF,
    promptChanges: [],
    settingChanges: [],
    accepted: [],
    statistics: EXACT,
    ...patch,
  };
}

const prompt = (unacknowledged: number): PromptChange => ({
  module: 'customer_response_generation',
  before: { name: 'response_v2', version: 'v2.0.0', sha256: 'a' },
  after: { name: 'response_v3', version: 'v3.0.0', sha256: 'b' },
  diff: null,
  breaking_count: unacknowledged,
  unacknowledged: Array.from(
    { length: unacknowledged },
    (_, i) =>
      ({ kind: 'removed', path: `p${i}`, breaking: true, message: `forbidden phrase ${i} removed` }) as unknown as PromptChange['unacknowledged'][number],
  ),
});

/** A prompt whose System Role changed: text sim never reads. */
const textOnly: PromptChange = {
  ...prompt(0),
  unread_text: [{ section: 'System Role', added: ['Tell the customer it succeeded.'], removed: ['never promises an unverified action;'] }],
};
const ranOn = (provider: string, modules = ['customer_response_generation']) => ({ evaluatedBy: { provider, modules } });

const loosened: SettingChange = {
  setting: 'gate.case_pass_rate.min',
  before: 0.95,
  after: 0.9,
  loosened: true,
  message: 'gate.case_pass_rate.min 0.95 → 0.9 (loosened)',
};
const tightened: SettingChange = {
  setting: 'gate.case_pass_rate.min',
  before: 0.9,
  after: 0.95,
  loosened: false,
  message: 'gate.case_pass_rate.min 0.9 → 0.95',
};

interface Row {
  check: string;
  rule: string;
  passes: GateInput;
  fails: GateInput;
  reason: RegExp;
}

const ROWS: Row[] = [
  {
    check: 'case_pass_rate',
    rule: 'a min is met at the bound',
    passes: input({ metrics: { case_pass_rate: ratio(90, 100) } }),
    fails: input({ metrics: { case_pass_rate: ratio(89, 100) } }),
    reason: /^case_pass_rate 0\.89 is below the minimum 0\.9$/,
  },
  {
    check: 'unsafe_action_rate',
    rule: 'a max is met at the bound',
    passes: input({}, { gate: { unsafe_action_rate: { max: 0.05 } } }),
    fails: input({ metrics: { unsafe_action_rate: ratio(3, 40) } }, { gate: { unsafe_action_rate: { max: 0.05 } } }),
    reason: /^unsafe_action_rate 0\.075 is above the maximum 0\.05$/,
  },
  {
    check: 'schema_validity_rate',
    rule: 'both bounds of one metric',
    passes: input({ metrics: { schema_validity_rate: ratio(5, 10) } }, { gate: { schema_validity_rate: { min: 0.2, max: 0.5 } } }),
    fails: input({ metrics: { schema_validity_rate: ratio(6, 10) } }, { gate: { schema_validity_rate: { min: 0.2, max: 0.5 } } }),
    reason: /above the maximum 0\.5/,
  },
  {
    check: 'complete_run',
    rule: 'a partial merge never passes',
    passes: input(),
    fails: input({ partial: { missing_shards: [2, 4], of: 4 } }),
    reason: /^partial run: shard\(s\) 2, 4 of 4 missing$/,
  },
  {
    check: 'baseline_trusted',
    rule: 'a baseline edited by hand is not trusted',
    passes: input(),
    fails: input({ baseline: { ...DIFF, untrusted: 'edited by hand' } }),
    reason: /^baseline reports\/baseline\.json is not trusted: edited by hand$/,
  },
  {
    check: 'baseline_comparable',
    rule: 'another provider is not comparable',
    passes: input(),
    fails: input({ baseline: { ...DIFF, not_comparable: ['provider: the baseline ran on sim, this run on openai'] } }),
    reason: /is not comparable with this run \(provider: the baseline ran on sim, this run on openai\); per-case flips are not judged/,
  },
  {
    check: 'gate_settings',
    rule: 'a loosened setting fails, a tightened one does not',
    passes: input({ settingChanges: [tightened] }),
    fails: input({ settingChanges: [tightened, loosened] }),
    reason: /^gate settings loosened since the baseline: gate\.case_pass_rate\.min 0\.95 → 0\.9$/,
  },
  {
    check: 'prompt_changes',
    rule: 'an unacknowledged breaking change fails',
    passes: input({ promptChanges: [prompt(0)] }),
    fails: input({ promptChanges: [prompt(0), prompt(1)] }),
    reason: /^1 breaking prompt change\(s\) not acknowledged .*response_v2 → response_v3: forbidden phrase 0 removed$/,
  },
  {
    check: 'prompt_changes',
    rule: 'at most three changes are spelled out',
    passes: input({ promptChanges: [prompt(0)] }),
    fails: input({ promptChanges: [prompt(4)] }),
    reason: /^4 breaking .*phrase 2 removed; …$/,
  },
  {
    check: 'prompt_text_evaluated',
    rule: 'changed prompt text run by a model that reads it passes; on sim it fails',
    passes: input({ promptChanges: [textOnly], ...ranOn('openai') }),
    fails: input({ promptChanges: [textOnly], ...ranOn('sim') }),
    reason:
      /^prompt text changed since the baseline, not evaluated by sim: customer_response_generation \(response_v3: System Role\); .*--accept unevaluated-text$/,
  },
  {
    check: 'prompt_text_evaluated',
    rule: "a live run that skipped the changed module's cases has not evaluated it",
    passes: input({ promptChanges: [textOnly], ...ranOn('openai', ['pipeline']) }),
    fails: input({ promptChanges: [textOnly], ...ranOn('openai', ['intent_recognition']) }),
    reason: /not evaluated by openai \(the module's cases did not run\)/,
  },
  {
    check: 'prompt_text_evaluated',
    rule: 'sim:gullible reads no prompt text either',
    passes: input({ promptChanges: [prompt(0)], ...ranOn('sim:gullible') }),
    fails: input({ promptChanges: [textOnly], ...ranOn('sim:gullible') }),
    reason: /not evaluated by sim:gullible/,
  },
  {
    check: 'new_failures',
    rule: 'newly failing cases up to the limit',
    passes: input({ baseline: { ...DIFF, newly_failing_count: 2 } }, { max_new_failures: 2 }),
    fails: input({ baseline: { ...DIFF, newly_failing_count: 3 } }, { max_new_failures: 2 }),
    reason: /^3 case\(s\) passed in the baseline and fail now \(at most 2 allowed\)$/,
  },
  {
    check: 'new_failures',
    rule: 'the default allows none',
    passes: input(),
    fails: input({ baseline: { ...DIFF, newly_failing_count: 1 } }),
    reason: /^1 case\(s\) passed in the baseline and fail now \(at most 0 allowed\)$/,
  },
  {
    check: 'removed_cases',
    rule: 'cases gone from the suite up to the limit',
    passes: input({ baseline: { ...DIFF, removed_count: 1 } }, { max_removed_cases: 1 }),
    fails: input({ baseline: { ...DIFF, removed_count: 2 } }, { max_removed_cases: 1 }),
    reason: /^2 case\(s\) of the baseline are gone from the suite \(at most 1 allowed\)$/,
  },
];

describe('the gate: each check passes its passing input and fails the minimal change', () => {
  it.each(ROWS.map((r) => [r.check, r.rule, r] as const))('%s: %s', (check, _rule, row) => {
    const good = evaluateGate(row.passes);
    expect(good.passed, JSON.stringify(good.failures)).toBe(true);
    expect(good.failures).toEqual([]);
    const bad = evaluateGate(row.fails);
    expect(bad.passed).toBe(false);
    const failure = bad.failures.find((f) => f.metric === check);
    expect(failure, JSON.stringify(bad.failures)).toBeDefined();
    expect(failure!.message).toMatch(row.reason);
    expect(bad.checks.find((c) => c.id === check && !c.passed)!.reason).toBe(failure!.message);
  });

  it('a threshold with nothing to measure is not applicable, and passes', () => {
    const verdict = evaluateGate(input({ metrics: { case_pass_rate: ratio(95, 100), unsafe_action_rate: ratio(0, 0) } }));
    expect(verdict.passed).toBe(true);
    expect(verdict.not_applicable).toEqual(['unsafe_action_rate']);
    expect(verdict.checks.find((c) => c.id === 'unsafe_action_rate')).toEqual({
      id: 'unsafe_action_rate',
      passed: true,
      reason: 'unsafe_action_rate: nothing to measure in this run',
    });
    expect(evaluateGate(input({ metrics: {} as Metrics })).not_applicable).toEqual(['case_pass_rate', 'unsafe_action_rate']);
  });

  it('a met threshold says what it was measured against', () => {
    const checks = evaluateGate(input({}, { gate: { case_pass_rate: { min: 0.9, max: 1 } } })).checks;
    expect(checks.find((c) => c.id === 'case_pass_rate')).toEqual({ id: 'case_pass_rate', passed: true, reason: 'case_pass_rate 0.95 within min 0.9, max 1' });
  });

  it('a failure keeps the shape report.json has always had', () => {
    expect(evaluateGate(input({ metrics: { case_pass_rate: ratio(1, 2) } })).failures).toEqual([
      { metric: 'case_pass_rate', value: 0.5, threshold: { min: 0.9 }, message: 'case_pass_rate 0.5 is below the minimum 0.9' },
    ]);
    expect(evaluateGate(input({ baseline: { ...DIFF, newly_failing_count: 4 } })).failures[0]).toMatchObject({
      metric: 'new_failures',
      value: 4,
      threshold: { max: 0 },
    });
    expect(evaluateGate(input({ baseline: { ...DIFF, untrusted: 'x' } })).failures[0]).toMatchObject({
      metric: 'baseline_trusted',
      value: null,
      threshold: {},
    });
  });

  it('--accept lets exactly its own check pass, marked as accepted', () => {
    const all = input({ baseline: { ...DIFF, removed_count: 3, not_comparable: ['model: a, b'] }, settingChanges: [loosened] });
    expect(
      evaluateGate(all)
        .failures.map((f) => f.metric)
        .sort(),
    ).toEqual(['baseline_comparable', 'gate_settings', 'removed_cases']);
    for (const [flag, check] of [
      ['removed-cases', 'removed_cases'],
      ['provider-change', 'baseline_comparable'],
      ['loosened-gate', 'gate_settings'],
    ] as const) {
      const verdict = evaluateGate({ ...all, accepted: [flag] });
      expect(verdict.failures.map((f) => f.metric)).not.toContain(check);
      expect(verdict.failures).toHaveLength(2);
      const accepted = verdict.checks.find((c) => c.id === check)!;
      expect(accepted).toMatchObject({ passed: true, accepted: flag });
      expect(accepted.reason).toMatch(new RegExp(`— accepted with --accept ${flag}$`));
      expect(verdict.accepted).toEqual([flag]);
    }
    // failed-gate concerns the baseline update, not this gate.
    expect(evaluateGate({ ...all, accepted: ['failed-gate'] }).failures).toHaveLength(3);
    // Accepting what passes anyway marks nothing.
    expect(evaluateGate({ ...input(), accepted: ['removed-cases'] }).checks.some((c) => c.accepted)).toBe(false);
  });

  it('flips are judged only against a trusted, comparable baseline; nothing against none', () => {
    const flips = { ...DIFF, newly_failing_count: 5, removed_count: 2 };
    expect(evaluateGate(input({ baseline: flips })).failures.map((f) => f.metric)).toEqual(['new_failures', 'removed_cases']);
    expect(evaluateGate(input({ baseline: { ...flips, not_comparable: ['suite'] } })).failures.map((f) => f.metric)).toEqual([
      'baseline_comparable',
      'removed_cases',
    ]);
    expect(evaluateGate(input({ baseline: { ...flips, untrusted: 'edited' } })).failures.map((f) => f.metric)).toEqual(['baseline_trusted']);
    expect(evaluateGate(input({ baseline: null })).checks.map((c) => c.id)).toEqual(['prompt_changes', 'case_pass_rate', 'unsafe_action_rate']);
    expect(evaluateGate(input({ baseline: null, promptChanges: null })).checks.map((c) => c.id)).toEqual(['case_pass_rate', 'unsafe_action_rate']);
  });

  it('a limit set to null turns its check off', () => {
    const flips = { ...DIFF, newly_failing_count: 5, removed_count: 2 };
    const ids = evaluateGate(input({ baseline: flips }, { max_new_failures: null, max_removed_cases: null })).checks.map((c) => c.id);
    expect(ids).not.toContain('new_failures');
    expect(ids).not.toContain('removed_cases');
  });

  it('checks come in order: what invalidates the comparison first, thresholds, then flips', () => {
    const everything = input({
      partial: { missing_shards: [1], of: 2 },
      baseline: { ...DIFF, newly_failing_count: 1, removed_count: 1, not_comparable: [] },
      settingChanges: [loosened],
      promptChanges: [prompt(1)],
      metrics: { case_pass_rate: ratio(1, 2), unsafe_action_rate: ratio(1, 2) },
    });
    expect(evaluateGate(everything).failures.map((f) => f.metric)).toEqual([
      'complete_run',
      'gate_settings',
      'prompt_changes',
      'case_pass_rate',
      'unsafe_action_rate',
      'new_failures',
      'removed_cases',
    ]);
    expect(evaluateGate(everything).mode).toBe('exact');
  });
});

describe('--accept values', () => {
  it('known values, each once; anything else is bad input', () => {
    expect(parseAcceptFlags()).toEqual([]);
    expect(parseAcceptFlags(['removed-cases', 'loosened-gate', 'removed-cases'])).toEqual(['removed-cases', 'loosened-gate']);
    expect(() => parseAcceptFlags(['removed-case'])).toThrow(InputError);
    expect(() => parseAcceptFlags(['loosened-gate', 'everything'])).toThrow(/unknown value "everything"/);
  });
});

describe('unevaluated prompt text, accepted on purpose', () => {
  it('passes with --accept unevaluated-text, and says so in the check and the verdict', () => {
    const verdict = evaluateGate(input({ promptChanges: [textOnly], ...ranOn('sim'), accepted: ['unevaluated-text'] }));
    expect(verdict.passed).toBe(true);
    expect(verdict.accepted).toEqual(['unevaluated-text']);
    expect(verdict.checks.find((c) => c.id === 'prompt_text_evaluated')).toMatchObject({ passed: true, accepted: 'unevaluated-text' });
  });
});
