/** The run loop on its own: bounded work in flight, a write failure that ends the run at once, an interrupt that stops taking cases. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResult, type CaseResult, type RunProvenance } from '../../src/runner/case-result.js';
import { runEval, RunInterrupted, type EvalPlan, type WorkItem } from '../../src/runner/run-eval.js';
import { tempDir } from '../support/temp-dir.js';

const run = { id: 'r', provider: 'sim', model: 'sim' } as RunProvenance;

function plan(total: number, onRun: (i: number) => Promise<void> = async () => {}): EvalPlan & { started: number; maxInFlight: number } {
  const state = { started: 0, inFlight: 0, maxInFlight: 0 };
  const item = (i: number): WorkItem => ({
    case_id: `c${i}`,
    module: 'intent_recognition',
    case_type: 'normal',
    async run(trial) {
      state.started += 1;
      state.maxInFlight = Math.max(state.maxInFlight, ++state.inFlight);
      try {
        await onRun(i);
      } finally {
        state.inFlight -= 1;
      }
      return { ...errorResult({ case_id: `c${i}`, kind: 'module', module: 'intent_recognition', case_type: 'normal', trial }, ''), status: 'passed', error: undefined, checks_total: 1 } as CaseResult;
    },
  });
  return {
    total,
    async *items() {
      for (let i = 0; i < total; i++) yield item(i);
    },
    get started() {
      return state.started;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
  };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the run loop', () => {
  it('runs every case once, never more than the concurrency at a time, and writes a line for each', async () => {
    const p = plan(500, tick);
    const resultsPath = join(tempDir(), 'results.jsonl');
    const outcome = await runEval({ plan: p, repeat: 1, concurrency: 4, resultsPath, resume: false, run });
    expect(p.started).toBe(500);
    expect(p.maxInFlight).toBe(4);
    expect(outcome.aggregates.counts.total).toBe(500);
    expect(readFileSync(resultsPath, 'utf8').trim().split('\n')).toHaveLength(501);
  });

  it.runIf(process.platform === 'linux')('a results file that cannot be written ends the run at once, not after every remaining case', async () => {
    const p = plan(5_000, tick);
    await expect(runEval({ plan: p, repeat: 1, concurrency: 4, resultsPath: '/dev/full', resume: false, run })).rejects.toThrow(/^cannot write \/dev\/full: ENOSPC.*--resume/);
    // the failure surfaces within a few writes; the bound only has to be far below the whole plan
    expect(p.started).toBeLessThan(2_500);
  });

  it('an interrupt stops taking cases and reports what finished', async () => {
    const controller = new AbortController();
    const p = plan(1_000, async (i) => {
      if (i === 20) controller.abort();
      await tick();
    });
    const error = await runEval({ plan: p, repeat: 1, concurrency: 4, resultsPath: join(tempDir(), 'results.jsonl'), resume: false, run, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunInterrupted);
    expect(p.started).toBeLessThan(40);
    expect((error as RunInterrupted).done).toBeLessThanOrEqual(p.started);
  });
});
