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
 * regression, and the paired test counts it as the pass rate it has), or —
 * flaky in the baseline — two passes now (see settled()). The run loop caps
 * the trials at --repeat-cap whatever this rule says.
 *
 * On a deterministic provider (sim, or answers replayed from the cache) no
 * case runs again: every trial would answer as the first did.
 */
import type { CacheMode } from '../providers/response-cache.js';
import type { Baseline } from '../report/baseline.js';
import { isDeterministicProvider } from '../report/statistics/gate-mode.js';
import { isMixed, trialsOf } from '../report/statistics/case-trials.js';
import type { RepeatRule } from '../runner/trial-rounds.js';

/** Three unanimous trials: a miss that repeats three times is no 5% slip (0.05³ ≈ 1 in 8000). */
const SETTLED = 3;

/** Why a case is in doubt after its first trial: the arms disagree, the baseline's trials were mixed, or its verdict flipped. */
type Doubt = 'arms' | 'flaky_baseline' | 'flip';

export function adaptiveRule(baseline: Baseline | null, provider: { deterministic: boolean } = { deterministic: false }): RepeatRule {
  return (caseId, outcomes, caseHash) => {
    if (provider.deterministic) return false;
    // A skipped case did not run: another trial would not run it either.
    if (outcomes.some((o) => o.includes('-'))) return false;
    const doubt = doubtOf(baseline, caseId, caseHash, outcomes);
    return doubt !== null && !outcomes.every((o) => settled(o, doubt));
  };
}

/** Whether every arm's provider answers a call again as it did before: a deterministic model, or every answer replayed from the cache. */
export function answersAlike(arms: readonly { provider: { id: string } }[], cacheMode: CacheMode): boolean {
  return cacheMode === 'replay' || arms.every((a) => isDeterministicProvider(a.provider.id));
}

function doubtOf(baseline: Baseline | null, caseId: string, caseHash: string | undefined, outcomes: readonly string[]): Doubt | null {
  const first = outcomes.map((o) => o[0] === 'p');
  if (first.some((passed) => passed !== first[0])) return 'arms';
  const before = baseline?.cases.get(caseId);
  // A case edited since the baseline is another case: its old verdict says nothing about the new one.
  if (!before || (before.hash && caseHash && before.hash !== caseHash)) return null;
  const trials = trialsOf(before);
  // Before the flip test: a flaky case's verdict is "failed" (some trial failed), which a pass would read as a flip.
  if (trials && isMixed(trials)) return 'flaky_baseline';
  return first.some((passed) => passed !== (before.status === 'passed')) ? 'flip' : null;
}

function settled(outcome: string, doubt: Doubt): boolean {
  const passed = [...outcome].filter((c) => c === 'p').length;
  if (isMixed({ n: outcome.length, passed }) || outcome.length >= SETTLED) return true;
  // Flaky in the baseline and passing twice now: it cannot be a stable regression, and against a
  // baseline of three trials (at most two passed) it pairs as better or tied whatever a third trial says.
  return doubt === 'flaky_baseline' && outcome.length >= 2 && passed === outcome.length;
}

/** What `--dry-run` says of the re-runs of `--repeat auto`: model calls at least, expected and at most. */
export interface AutoEstimate {
  cap: number;
  /** One pass: every case once (the figures of the estimate). */
  minimum_calls: number;
  /**
   * One pass, and the round each case flaky in the baseline is expected to need, at its
   * baseline pass rate p: one more trial after a pass (a second pass or a mix settles it),
   * two after a failure (they settle it if they agree), so p + 2(1 − p); flips cannot be foreseen.
   */
  expected_calls: number;
  /** Every case run `cap` times. */
  maximum_calls: number;
  /** Selected cases flaky in the baseline: the re-runs foreseen. */
  flaky_in_baseline: number;
}

export function autoEstimate(baseline: Baseline | null, ids: readonly string[], cap: number, onePassCalls: number): AutoEstimate {
  let flaky = 0;
  let extra = 0;
  for (const id of ids) {
    const before = baseline?.cases.get(id);
    const trials = before ? trialsOf(before) : null;
    if (!trials || !isMixed(trials)) continue;
    flaky += 1;
    const p = trials.passed / trials.n;
    extra += p * Math.min(1, cap - 1) + (1 - p) * Math.min(2, cap - 1);
  }
  // Calls per case differ (a scenario makes several): the one-pass mean stands for each re-run.
  const perCase = ids.length ? onePassCalls / ids.length : 0;
  return {
    cap,
    minimum_calls: onePassCalls,
    expected_calls: Math.round(onePassCalls + extra * perCase),
    maximum_calls: onePassCalls * cap,
    flaky_in_baseline: flaky,
  };
}
