/**
 * The bookkeeping and the rule of --repeat auto without a run: a round of a
 * case waits for every arm, the rule sees one outcome string per arm, and a
 * case in doubt runs until unanimous over three trials or mixed.
 */
import { describe, expect, it } from 'vitest';
import { adaptiveRule, answersAlike } from '../../../src/harness/evaluate/adaptive-repeats.js';
import type { Baseline } from '../../../src/harness/report/baseline.js';
import type { BaselineCase } from '../../../src/harness/report/baseline-record.js';
import type { CaseResult } from '../../../src/harness/runner/case-result.js';
import { TrialRounds } from '../../../src/harness/runner/trial-rounds.js';

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
  it('waits for every arm and every trial of a round before asking the rule, hands it one outcome string per arm in trial order, and counts the trials of repeated cases', () => {
    const seen: string[][] = [];
    const rounds = new TrialRounds<{ case_id: string; arm: string }>(
      (_, outcomes) => {
        seen.push([...outcomes]);
        return !outcomes[1]!.endsWith('p') && outcomes[0]!.length < 3;
      },
      2,
      5,
    );
    const a = { case_id: 'c1', arm: 'A' };
    const b = { case_id: 'c1', arm: 'B' };
    rounds.join(a);
    rounds.join(b);
    expect(rounds.finished(a, 0, result('passed'))).toBeNull();
    // B failed: were its next trials to fail too, the rule would ask until three, so the round holds two.
    expect(rounds.finished(b, 0, result('failed'))).toEqual({ items: [a, b], trials: [1, 2] });
    // The round's trials finish in any order; the rule waits for all four and reads them by trial.
    for (const [item, trial, status] of [
      [b, 2, 'passed'],
      [a, 2, 'passed'],
      [a, 1, 'passed'],
    ] as const)
      expect(rounds.finished(item, trial, result(status))).toBeNull();
    expect(rounds.finished(b, 1, result('skipped'))).toBeNull();
    expect(seen.at(-1)).toEqual(['ppp', 'f-p']);
    expect(rounds.summary()).toEqual([{ id: 'c1', trials: 3 }]);
  });

  it('a round holds the trials that settle a case if they agree, not more: two for a flip, one for a case flaky in the baseline that passed', () => {
    const roundOf = (id: string, first: CaseResult['status'], cap = 5) => {
      const rounds = new TrialRounds<{ case_id: string }>(adaptiveRule(baselineOf([passedThrice, flaky])), 1, cap);
      const item = { case_id: id };
      rounds.join(item);
      return rounds.finished(item, 0, result(first))?.trials ?? [];
    };
    expect(roundOf('a', 'failed')).toEqual([1, 2]);
    expect(roundOf('a', 'failed', 2)).toEqual([1]);
    expect(roundOf('a', 'passed')).toEqual([]);
    expect(roundOf('b', 'passed')).toEqual([1]);
    expect(roundOf('b', 'failed')).toEqual([1, 2]);
  });

  it('a case run once is not in the summary', () => {
    const rounds = new TrialRounds<{ case_id: string }>(() => false, 1, 3);
    const item = { case_id: 'once' };
    rounds.join(item);
    expect(rounds.finished(item, 0, result('failed'))).toBeNull();
    expect(rounds.summary()).toEqual([]);
  });
});

describe('--repeat auto on a deterministic provider', () => {
  it('runs no case again: every trial would answer as the first', () => {
    const rule = adaptiveRule(baselineOf([passedThrice, flaky]), { deterministic: true });
    expect(rule('a', ['f'], 'h1')).toBe(false);
    expect(rule('b', ['p'], 'h1')).toBe(false);
    expect(adaptiveRule(null, { deterministic: true })('x', ['p', 'f'], undefined)).toBe(false);
  });

  it.each([
    [['sim'], 'read_write', true],
    [['sim', 'sim:gullible'], 'off', true],
    [['openai'], 'replay', true],
    [['openai'], 'read_write', false],
    [['sim', 'openai'], 'off', false],
  ] as const)('arms on %j with cache %s answer alike: %s', (ids, cache, alike) => {
    expect(
      answersAlike(
        ids.map((id) => ({ provider: { id } })),
        cache,
      ),
    ).toBe(alike);
  });
});
