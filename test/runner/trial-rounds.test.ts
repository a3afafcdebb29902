/**
 * The bookkeeping and the rule of --repeat auto without a run: a round of a
 * case waits for every arm, the rule sees one outcome string per arm, and a
 * case in doubt runs until unanimous over three trials or mixed.
 */
import { describe, expect, it } from 'vitest';
import { adaptiveRule } from '../../src/evaluate/adaptive-repeats.js';
import type { Baseline } from '../../src/report/baseline.js';
import type { BaselineCase } from '../../src/report/baseline-record.js';
import type { CaseResult } from '../../src/runner/case-result.js';
import { TrialRounds } from '../../src/runner/trial-rounds.js';

const result = (status: CaseResult['status'], case_hash = 'h1') => ({ status, case_hash }) as CaseResult;

function baselineOf(cases: BaselineCase[]): Baseline {
  return {
    path: 'b.json',
    run_id: null,
    metrics: {},
    cases: new Map(cases.map((c) => [c.id, c])),
    provider: null,
    model: null,
    gates_enabled: null,
    record: null,
    untrusted: null,
  };
}

const passedThrice: BaselineCase = {
  id: 'a',
  module: 'm',
  case_type: 'regression',
  status: 'passed',
  hash: 'h1',
  trials: { n: 3, passed: 3, outcomes: 'ppp' },
};
const flaky: BaselineCase = { id: 'b', module: 'm', case_type: 'regression', status: 'failed', hash: 'h1', trials: { n: 3, passed: 2, outcomes: 'pfp' } };

describe('the --repeat auto rule', () => {
  const rule = adaptiveRule(baselineOf([passedThrice, flaky]));

  it('never runs again a case whose first verdict agrees with a steady baseline, nor one the baseline lacks or knew with other content', () => {
    expect(rule('a', ['p'], 'h1')).toBe(false);
    expect(rule('new', ['f'], 'h1')).toBe(false);
    expect(rule('a', ['f'], 'edited')).toBe(false);
  });

  it('runs a flip again until three unanimous trials, and stops at the first mixed one', () => {
    expect(rule('a', ['f'], 'h1')).toBe(true);
    expect(rule('a', ['ff'], 'h1')).toBe(true);
    expect(rule('a', ['fff'], 'h1')).toBe(false);
    expect(rule('a', ['fp'], 'h1')).toBe(false);
    // An error is no pass: a flip too.
    expect(rule('a', ['e'], 'h1')).toBe(true);
  });

  it('runs a case flaky in the baseline again whatever its first verdict; two passes settle it, a failure runs on to three or a mix', () => {
    expect(rule('b', ['p'], 'h1')).toBe(true);
    expect(rule('b', ['pp'], 'h1')).toBe(false);
    expect(rule('b', ['f'], 'h1')).toBe(true);
    expect(rule('b', ['ff'], 'h1')).toBe(true);
    expect(rule('b', ['fff'], 'h1')).toBe(false);
    expect(rule('b', ['fp'], 'h1')).toBe(false);
  });

  it('with arms: runs again a case the arms disagree on, without any baseline', () => {
    const noBaseline = adaptiveRule(null);
    expect(noBaseline('x', ['p', 'p'], undefined)).toBe(false);
    expect(noBaseline('x', ['p', 'f'], undefined)).toBe(true);
    expect(noBaseline('x', ['pp', 'ff'], undefined)).toBe(true);
    expect(noBaseline('x', ['ppp', 'fff'], undefined)).toBe(false);
    expect(noBaseline('x', ['pp', 'fp'], undefined)).toBe(true);
    expect(noBaseline('x', ['ppp', 'fp-'], undefined)).toBe(false);
  });
});

describe('TrialRounds', () => {
  it('waits for every arm of a case before asking the rule, hands it one outcome string per arm, and counts the trials of repeated cases', () => {
    const seen: string[][] = [];
    const rounds = new TrialRounds<{ case_id: string; arm: string }>((_, outcomes) => {
      seen.push([...outcomes]);
      return outcomes[0]!.length < 3;
    }, 2);
    const a = { case_id: 'c1', arm: 'A' };
    const b = { case_id: 'c1', arm: 'B' };
    rounds.join(a);
    rounds.join(b);
    expect(rounds.finished(a, result('passed'))).toBeNull();
    expect(rounds.finished(b, result('failed'))).toEqual({ items: [a, b], trial: 1 });
    expect(rounds.finished(b, result('passed'))).toBeNull();
    expect(rounds.finished(a, result('passed'))).toEqual({ items: [a, b], trial: 2 });
    rounds.finished(a, result('passed'));
    expect(rounds.finished(b, result('skipped'))).toBeNull();
    expect(seen).toEqual([
      ['p', 'f'],
      ['pp', 'fp'],
      ['ppp', 'fp-'],
    ]);
    expect(rounds.summary()).toEqual([{ id: 'c1', trials: 3 }]);
  });

  it('a case run once is not in the summary', () => {
    const rounds = new TrialRounds<{ case_id: string }>(() => false, 1);
    const item = { case_id: 'once' };
    rounds.join(item);
    expect(rounds.finished(item, result('failed'))).toBeNull();
    expect(rounds.summary()).toEqual([]);
  });
});
