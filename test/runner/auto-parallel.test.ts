/**
 * `--repeat auto`: the extra trials the rule asks for go through the same
 * bounded pool as the first pass, so extra trials of different cases run at
 * the same time (up to -j), not one case after another.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResult, type CaseResult, type RunProvenance } from '../../src/runner/case-result.js';
import { runEval, type EvalPlan, type WorkItem } from '../../src/runner/run-eval.js';
import { tempDir } from '../support/temp-dir.js';

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
      // Another trial after a failure: every case gets exactly one extra.
      adaptive: { rule: (_id, outcomes) => outcomes[0]!.endsWith('f'), arms: 1 },
    });
    expect(outcome.aggregates.counts.total).toBe(24);
    expect(extraInFlight).toHaveLength(12);
    expect(Math.max(...extraInFlight)).toBe(concurrency);
  });
});
