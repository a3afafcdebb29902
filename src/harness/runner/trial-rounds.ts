/**
 * Adaptive repeats as the run loop sees them: the trials of one case (on
 * every arm) go in rounds, and once a round is complete a rule decides
 * whether the case gets more. The rule lives above the runner (it reads
 * the baseline); here only the bookkeeping: which items belong to a case,
 * the outcome letters of each, and how many trials each case got.
 *
 * A round is not one trial: when the rule asks for more, the next round holds
 * every trial the rule would still ask for if they all came out as the last
 * one did (a flip in doubt needs two more unanimous ones to settle), so that
 * they run at the same time instead of one after another. Only a surprise — a
 * trial that disagrees — ends a case sooner than its round; the trials of the
 * round then still count, as trials of a run with a fixed --repeat would.
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
  /** Per item (arm), its outcome letter of each trial, by trial index: trials of one round finish in any order. */
  letters: string[][];
  /** Trials of items finished in the current round, and how many it holds (items × trials). */
  finished: number;
  size: number;
  hash: string | undefined;
}

export class TrialRounds<T extends { case_id: string }> {
  private readonly rounds = new Map<string, Round<T>>();
  private readonly repeated = new Map<string, number>();

  /** `arms`: items per case (one per arm), so that a round waits for all of them; `cap`: no case gets more trials, whatever the rule says. */
  constructor(
    private readonly rule: RepeatRule,
    private readonly arms: number,
    private readonly cap: number,
  ) {}

  join(item: T): void {
    const round = this.rounds.get(item.case_id) ?? { items: [], letters: [], finished: 0, size: this.arms, hash: undefined };
    round.items.push(item);
    round.letters.push([]);
    this.rounds.set(item.case_id, round);
  }

  /**
   * Trial `trial` of one item finished: the items to run again and the trial
   * indices of the next round, once this round is complete and the rule asks
   * for more; else null.
   */
  finished(item: T, trial: number, result: Pick<CaseResult, 'status' | 'case_hash'>): { items: T[]; trials: number[] } | null {
    const round = this.rounds.get(item.case_id);
    if (!round) return null;
    round.letters[round.items.indexOf(item)]![trial] = letter(result);
    round.hash ??= result.case_hash;
    round.finished += 1;
    if (round.finished < round.size || round.items.length < this.arms) return null;
    const outcomes = round.letters.map((l) => l.join(''));
    const trials = outcomes[0]!.length;
    const more = this.moreTrials(item.case_id, outcomes, round.hash);
    if (more === 0) {
      // Finished for good: only the repeated cases are remembered.
      this.rounds.delete(item.case_id);
      return null;
    }
    round.finished = 0;
    round.size = round.items.length * more;
    this.repeated.set(item.case_id, trials + more);
    return { items: round.items, trials: Array.from({ length: more }, (_, i) => trials + i) };
  }

  /** The cases that got more than one trial, by id. */
  summary(): RepeatedCase[] {
    return [...this.repeated].map(([id, trials]) => ({ id, trials })).sort((a, b) => a.id.localeCompare(b.id));
  }

  /** How many trials the rule asks for if each arm's next ones repeat its last outcome: 0 when it asks for none, at most up to the cap. */
  private moreTrials(caseId: string, outcomes: string[], hash: string | undefined): number {
    let more = 0;
    let assumed = outcomes;
    while (outcomes[0]!.length + more < this.cap && this.rule(caseId, assumed, hash)) {
      more += 1;
      assumed = assumed.map((o) => o + o.at(-1));
    }
    return more;
  }
}

function letter(r: Pick<CaseResult, 'status'>): string {
  return r.status === 'passed' ? 'p' : r.status === 'failed' ? 'f' : r.status === 'error' ? 'e' : '-';
}
