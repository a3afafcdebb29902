/** The run loop on its own: bounded work in flight, a write failure that ends the run at once, an interrupt that stops taking cases. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResult, RESULTS_SCHEMA_VERSION, type CaseResult, type RunProvenance } from '../../../src/harness/runner/case-result.js';
import { runEval, type EvalPlan, type WorkItem } from '../../../src/harness/runner/run-eval.js';
import { tempDir } from '../../support/temp-dir.js';
import { RunInterrupted } from '../../../src/harness/base/errors.js';

const run = { id: 'r', provider: 'sim', model: 'sim', repeat: 1, guards_enabled: true, gates_enabled: true, prompts: {} } as unknown as RunProvenance;

function plan(
  total: number,
  onRun: (i: number) => Promise<void> = async () => {},
  extra: Partial<CaseResult> = {},
): EvalPlan & { started: number; maxInFlight: number } {
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
      return {
        ...errorResult({ case_id: `c${i}`, kind: 'module', module: 'intent_recognition', case_type: 'normal', trial }, ''),
        status: 'passed',
        error: undefined,
        checks_total: 1,
        ...extra,
      } as CaseResult;
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
    const lines = readFileSync(resultsPath, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(501);
    expect(lines[0]).toEqual({ type: 'run_header', schema_version: RESULTS_SCHEMA_VERSION, run });
    expect(new Set(lines.slice(1).map((l) => l.case_id)).size).toBe(500);
  });

  it('with --repeat k every case runs k trials, and the run counts k results per case', async () => {
    const p = plan(50, tick);
    const events: { type: string; total?: number }[] = [];
    const resultsPath = join(tempDir(), 'results.jsonl');
    const outcome = await runEval({ plan: p, repeat: 3, concurrency: 4, resultsPath, resume: false, run, observer: (e) => events.push(e) });
    expect(p.started).toBe(150);
    expect(outcome.aggregates.counts.total).toBe(150);
    expect(events.find((e) => e.type === 'run_started')).toMatchObject({ total: 150 });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', done: 150, total: 150 });
    const trials = readFileSync(resultsPath, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as CaseResult)
      .filter((r) => r.case_id === 'c7')
      .map((r) => r.trial)
      .sort();
    expect(trials).toEqual([0, 1, 2]);
  });

  it('a resumed run runs only what the interrupted one did not finish, after the header that is already there', async () => {
    const resultsPath = join(tempDir(), 'results.jsonl');
    const controller = new AbortController();
    const first = plan(200, async (i) => {
      if (i === 60) controller.abort();
      await tick();
    });
    const stopped = (await runEval({ plan: first, repeat: 1, concurrency: 4, resultsPath, resume: false, run, signal: controller.signal }).catch(
      (e: unknown) => e,
    )) as RunInterrupted;
    expect(stopped).toBeInstanceOf(RunInterrupted);
    const second = plan(200);
    const outcome = await runEval({ plan: second, repeat: 1, concurrency: 4, resultsPath, resume: true, run });
    expect(outcome.resumed).toBe(stopped.done);
    expect(second.started).toBe(200 - stopped.done);
    const lines = readFileSync(resultsPath, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === 'run_header')).toHaveLength(1);
    expect(new Set(lines.slice(1).map((l) => l.case_id)).size).toBe(200);
    expect(lines).toHaveLength(201);
  });

  it.runIf(process.platform === 'linux')('a results file that cannot be written ends the run at once, not after every remaining case', async () => {
    const p = plan(5_000, tick);
    await expect(runEval({ plan: p, repeat: 1, concurrency: 4, resultsPath: '/dev/full', resume: false, run })).rejects.toThrow(
      // The API names the option by its key; the CLI shows it as --resume (test/harness/cli/error-boundary.test.ts).
      /^cannot write \/dev\/full: ENOSPC.*run again with resume\)$/,
    );
    // the failure surfaces within a few writes; the bound only has to be far below the whole plan
    expect(p.started).toBeLessThan(2_500);
  });

  it('an interrupt stops taking cases and reports what finished', async () => {
    const controller = new AbortController();
    const p = plan(1_000, async (i) => {
      if (i === 20) controller.abort();
      await tick();
    });
    const error = await runEval({
      plan: p,
      repeat: 1,
      concurrency: 4,
      resultsPath: join(tempDir(), 'results.jsonl'),
      resume: false,
      run,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunInterrupted);
    expect(p.started).toBeLessThan(40);
    const { done, total, message, name } = error as RunInterrupted;
    expect(done).toBeLessThanOrEqual(p.started);
    expect(total).toBe(1_000);
    expect({ message, name }).toEqual({ message: `interrupted after ${done} of 1000 results`, name: 'RunInterrupted' });
  });

  it('after an interrupt it reports exactly the results the file holds, lines still waiting in the write buffer included', async () => {
    const controller = new AbortController();
    // 60 KB lines: the write buffer is full long before the interrupt, so finished lines wait for it to drain.
    const p = plan(
      400,
      async (i) => {
        if (i === 120) controller.abort();
        await tick();
      },
      { raw_output: 'x'.repeat(60_000) },
    );
    const resultsPath = join(tempDir(), 'results.jsonl');
    const error = await runEval({ plan: p, repeat: 1, concurrency: 16, resultsPath, resume: false, run, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunInterrupted);
    const onDisk = readFileSync(resultsPath, 'utf8').trim().split('\n').length - 1;
    expect(onDisk).toBeGreaterThan(16);
    expect((error as RunInterrupted).done).toBe(onDisk);
  });
});
