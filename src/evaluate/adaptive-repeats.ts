/**
 * `--repeat auto`: the rule that decides, after each round of trials of a
 * case, whether it runs again. Every case runs once. A case is in doubt when
 * that first verdict differs from the baseline's (same case content), when
 * the baseline's trials of it were mixed (flaky), or when the arms of a run
 * with arms disagree on it; a case not in doubt never runs again, which is
 * where the calls are saved.
 *
 * A case in doubt runs again until its status is settled on every arm:
 * unanimous over SETTLED trials (a pass or a fail that the gate may then
 * call stable), or mixed (flaky now: no further trial can make it a stable
 * regression, and the paired test counts it as the pass rate it has). The
 * run loop caps the trials at --repeat-cap whatever this rule says.
 */
import type { Baseline } from '../report/baseline.js';
import { isMixed, trialsOf } from '../report/statistics/case-trials.js';
import type { RepeatRule } from '../runner/trial-rounds.js';

/** Three unanimous trials: a miss that repeats three times is no 5% slip (0.05³ ≈ 1 in 8000). */
export const SETTLED = 3;

export function adaptiveRule(baseline: Baseline | null): RepeatRule {
  return (caseId, outcomes, caseHash) => {
    // A skipped case did not run: another trial would not run it either.
    if (outcomes.some((o) => o.includes('-'))) return false;
    if (!inDoubt(baseline, caseId, caseHash, outcomes)) return false;
    return !outcomes.every(settled);
  };
}

function inDoubt(baseline: Baseline | null, caseId: string, caseHash: string | undefined, outcomes: readonly string[]): boolean {
  const first = outcomes.map((o) => o[0] === 'p');
  if (first.some((passed) => passed !== first[0])) return true;
  const before = baseline?.cases.get(caseId);
  // A case edited since the baseline is another case: its old verdict says nothing about the new one.
  if (!before || (before.hash && caseHash && before.hash !== caseHash)) return false;
  const trials = trialsOf(before);
  if (trials && isMixed(trials)) return true;
  return first.some((passed) => passed !== (before.status === 'passed'));
}

function settled(outcome: string): boolean {
  const passed = [...outcome].filter((c) => c === 'p').length;
  return isMixed({ n: outcome.length, passed }) || outcome.length >= SETTLED;
}

/** What `--dry-run` says of the re-runs of `--repeat auto`: model calls at least, expected and at most. */
export interface AutoEstimate {
  cap: number;
  /** One pass: every case once (the figures of the estimate). */
  minimum_calls: number;
  /** One pass, and SETTLED − 1 more trials of each case that was flaky in the baseline; flips cannot be foreseen. */
  expected_calls: number;
  /** Every case run `cap` times. */
  maximum_calls: number;
  /** Selected cases flaky in the baseline: the re-runs foreseen. */
  flaky_in_baseline: number;
}

export function autoEstimate(baseline: Baseline | null, ids: readonly string[], cap: number, onePassCalls: number): AutoEstimate {
  let flaky = 0;
  for (const id of ids) {
    const before = baseline?.cases.get(id);
    const trials = before ? trialsOf(before) : null;
    if (trials && isMixed(trials)) flaky += 1;
  }
  // Calls per case differ (a scenario makes several): the one-pass mean stands for each re-run.
  const perCase = ids.length ? onePassCalls / ids.length : 0;
  const extra = flaky * (Math.min(cap, SETTLED) - 1);
  return { cap, minimum_calls: onePassCalls, expected_calls: Math.round(onePassCalls + extra * perCase), maximum_calls: onePassCalls * cap, flaky_in_baseline: flaky };
}
