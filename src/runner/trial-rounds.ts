/**
 * Adaptive repeats as the run loop sees them: the trials of one case (on
 * every arm) go in rounds, and once a round is complete a rule decides
 * whether the case gets another. The rule lives above the runner (it reads
 * the baseline); here only the bookkeeping: which items belong to a case,
 * the outcome letters of each, and how many trials each case got.
 */
import type { CaseResult } from './case-result.js';

/** Whether a case gets another trial, from one outcome string per arm (p passed, f failed, e error, - skipped), all of equal length. */
export type RepeatRule = (caseId: string, outcomes: readonly string[], caseHash: string | undefined) => boolean;

/** A case that got more than one trial. */
export interface RepeatedCase {
  id: string;
  trials: number;
}

interface Round<T> {
  items: T[];
  outcomes: string[];
  finished: number;
  hash: string | undefined;
}

export class TrialRounds<T extends { case_id: string }> {
  private readonly rounds = new Map<string, Round<T>>();
  private readonly repeated = new Map<string, number>();

  /** `arms`: items per case (one per arm), so that a round waits for all of them. */
  constructor(
    private readonly rule: RepeatRule,
    private readonly arms: number,
  ) {}

  join(item: T): void {
    const round = this.rounds.get(item.case_id) ?? { items: [], outcomes: [], finished: 0, hash: undefined };
    round.items.push(item);
    round.outcomes.push('');
    this.rounds.set(item.case_id, round);
  }

  /**
   * One trial of one item finished: the items to run again, with the next
   * trial index, once the round is complete and the rule asks for more; else none.
   */
  finished(item: T, result: CaseResult): { items: T[]; trial: number } | null {
    const round = this.rounds.get(item.case_id);
    if (!round) return null;
    const at = round.items.indexOf(item);
    round.outcomes[at] = round.outcomes[at]! + letter(result);
    round.hash ??= result.case_hash;
    round.finished += 1;
    if (round.finished < this.arms || round.items.length < this.arms) return null;
    round.finished = 0;
    const trials = round.outcomes[0]!.length;
    if (!this.rule(item.case_id, round.outcomes, round.hash)) {
      // Finished for good: only the repeated cases are remembered.
      this.rounds.delete(item.case_id);
      return null;
    }
    this.repeated.set(item.case_id, trials + 1);
    return { items: round.items, trial: trials };
  }

  /** The cases that got more than one trial, by id. */
  summary(): RepeatedCase[] {
    return [...this.repeated].map(([id, trials]) => ({ id, trials })).sort((a, b) => a.id.localeCompare(b.id));
  }
}

function letter(r: CaseResult): string {
  return r.status === 'passed' ? 'p' : r.status === 'failed' ? 'f' : r.status === 'error' ? 'e' : '-';
}
