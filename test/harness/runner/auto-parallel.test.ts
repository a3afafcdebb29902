/**
 * `--repeat auto`: the extra trials the rule asks for go through the same
 * bounded pool as the first pass, so extra trials of different cases run at
 * the same time (up to -j), not one case after another; and the extra
 * trials one case needs run at the same time too, within the same -j.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResult, type CaseResult, type RunProvenance } from '../../../src/harness/runner/case-result.js';
import { runEval, type EvalPlan, type WorkItem } from '../../../src/harness/runner/run-eval.js';
import { tempDir } from '../../support/temp-dir.js';

const run = {
  id: 'r',
  provider: 'sim',
  model: 'sim',
  repeat: 3,
  repeat_mode: 'auto',
  guards_enabled: true,
  gates_enabled: true,
  prompts: {},
} as unknown as RunProvenance;

describe('--repeat auto, extra trials', () => {
  it.each([1, 4, 8])('at -j %i, the extra trials of different cases run up to -j at once', async (concurrency) => {
    let inFlight = 0;
    const extraInFlight: number[] = [];
    const item = (i: number): WorkItem => ({
      case_id: `c${i}`,
      module: 'intent_recognition',
      case_type: 'normal',
      async run(trial) {
        inFlight += 1;
        if (trial > 0) extraInFlight.push(inFlight);
        // Long enough that every case's first trial has finished before any extra one ends.
        await new Promise<void>((resolve) => setTimeout(resolve, trial === 0 ? 1 : 20));
        inFlight -= 1;
        const failed = trial === 0;
        return {
          ...errorResult({ case_id: `c${i}`, kind: 'module', module: 'intent_recognition', case_type: 'normal', trial }, ''),
          status: failed ? 'failed' : 'passed',
          failed_checks: failed ? [{ name: 'intent', reason: 'wrong' }] : [],
          error: undefined,
        } as CaseResult;
      },
    });
    const plan: EvalPlan = {
      total: 12,
      async *items() {
        for (let i = 0; i < 12; i++) yield item(i);
      },
    };
    const outcome = await runEval({
      plan,
      repeat: 3,
      concurrency,
      resultsPath: join(tempDir(), 'results.jsonl'),
      resume: false,
      run,
      // One more trial after a first failure: every case gets exactly one extra.
      adaptive: { rule: (_id, outcomes) => outcomes[0] === 'f', arms: 1 },
    });
    expect(outcome.aggregates.counts.total).toBe(24);
    expect(extraInFlight).toHaveLength(12);
    expect(Math.max(...extraInFlight)).toBe(concurrency);
  });

  it.each([1, 2, 8])('at -j %i, the extra trials of one case run at once, within -j', async (concurrency) => {
    const inFlight = new Map<string, number>();
    const most = new Map<string, number>();
    let allInFlight = 0;
    let mostOfAll = 0;
    const item = (id: string): WorkItem => ({
      case_id: id,
      module: 'intent_recognition',
      case_type: 'normal',
      async run(trial) {
        inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
        most.set(id, Math.max(most.get(id) ?? 0, inFlight.get(id)!));
        allInFlight += 1;
        mostOfAll = Math.max(mostOfAll, allInFlight);
        await new Promise<void>((resolve) => setTimeout(resolve, 10));
        inFlight.set(id, inFlight.get(id)! - 1);
        allInFlight -= 1;
        return {
          ...errorResult({ case_id: id, kind: 'module', module: 'intent_recognition', case_type: 'normal', trial }, ''),
          status: 'failed',
          failed_checks: [{ name: 'intent', reason: 'wrong' }],
          error: undefined,
        } as CaseResult;
      },
    });
    const ids = ['a', 'b'];
    const outcome = await runEval({
      plan: {
        total: ids.length,
        async *items() {
          for (const id of ids) yield item(id);
        },
      },
      repeat: 5,
      concurrency,
      resultsPath: join(tempDir(), 'results.jsonl'),
      resume: false,
      run,
      // Settled by three unanimous trials, as the real rule's flip is: each case needs two more after its first.
      adaptive: { rule: (_id, outcomes) => outcomes[0]!.length < 3, arms: 1 },
    });
    expect(outcome.aggregates.counts.total).toBe(6);
    expect(outcome.repeated).toEqual([
      { id: 'a', trials: 3 },
      { id: 'b', trials: 3 },
    ]);
    // Both extra trials of a case overlap when -j leaves room; -j bounds them all the same.
    for (const id of ids) expect(most.get(id)).toBe(Math.min(2, concurrency));
    expect(mostOfAll).toBe(Math.min(concurrency, 4));
  });
});
