/**
 * One case's trials as the paired comparison sees them, from a report.json
 * case entry of this run or of the baseline: how many trials ran, how many
 * passed, and (when recorded) the outcome of each trial index.
 */
export interface CaseTrials {
  module: string;
  n: number;
  passed: number;
  /** One letter per trial index: p passed, f failed, e error, - missing. */
  outcomes?: string;
}

interface EntryLike {
  module?: unknown;
  status?: unknown;
  trials?: { n?: unknown; passed?: unknown; outcomes?: unknown };
}

/** A run with one trial per case writes no `trials`: its status is the one trial. */
export function trialsOf(entry: EntryLike): CaseTrials | null {
  const module = typeof entry.module === 'string' ? entry.module : 'unknown';
  const t = entry.trials;
  if (t && typeof t.n === 'number' && typeof t.passed === 'number' && t.n >= 1) {
    return { module, n: t.n, passed: t.passed, ...(typeof t.outcomes === 'string' ? { outcomes: t.outcomes } : {}) };
  }
  if (entry.status === 'passed' || entry.status === 'failed' || entry.status === 'error') {
    return { module, n: 1, passed: entry.status === 'passed' ? 1 : 0, outcomes: entry.status[0]! };
  }
  return null;
}

/** Passes and trials over the first `m` trial indexes (so runs with different --repeat compare like with like). */
export function firstTrials(t: CaseTrials, m: number): { n: number; passed: number } {
  if (m >= t.n || !t.outcomes) return { n: t.n, passed: t.passed };
  const head = t.outcomes.slice(0, m).replace(/-/g, '');
  return { n: head.length, passed: [...head].filter((c) => c === 'p').length };
}

export const isMixed = (t: { n: number; passed: number }) => t.passed > 0 && t.passed < t.n;
