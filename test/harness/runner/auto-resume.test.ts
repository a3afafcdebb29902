/**
 * `--repeat auto` interrupted and resumed: the trials on disk are counted in
 * their rounds again, so the rule asks for exactly the trials the run would
 * have made uninterrupted — none lost, none run twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResult, type CaseResult, type RunProvenance } from '../../../src/harness/runner/case-result.js';
import { runEval, type EvalPlan, type WorkItem } from '../../../src/harness/runner/run-eval.js';
import type { RepeatRule } from '../../../src/harness/runner/trial-rounds.js';
import { tempDir } from '../../support/temp-dir.js';
import { RunInterrupted } from '../../../src/harness/base/errors.js';

const run = {
  id: 'r',
  provider: 'sim',
  model: 'sim',
  repeat: 4,
  repeat_mode: 'auto',
  guards_enabled: true,
  gates_enabled: true,
  prompts: {},
} as unknown as RunProvenance;

/**
 * Case ci fails its first i % 4 trials, then passes; the rule asks again while every arm's last trial failed
 * (up to the cap of 4), so a case that failed its first trial gets one round of three more, run at once.
 */
const rule: RepeatRule = (_id, outcomes) => outcomes.every((o) => o.endsWith('f'));
const CASES = 12;
const ARMS = ['A', 'B'];

function plan(arms: string[], ran: string[]): EvalPlan {
  const item = (i: number, arm: string | undefined): WorkItem => ({
    case_id: `c${i}`,
    module: 'intent_recognition',
    case_type: 'normal',
    ...(arm ? { arm } : {}),
    async run(trial) {
      ran.push(`${arm ?? ''}/c${i}#${trial}`);
      await new Promise<void>((resolve) => setImmediate(resolve));
      return {
        ...errorResult({ case_id: `c${i}`, kind: 'module', module: 'intent_recognition', case_type: 'normal', trial, ...(arm ? { arm } : {}) }, ''),
        status: trial < i % 4 ? 'failed' : 'passed',
        failed_checks: trial < i % 4 ? [{ name: 'intent', reason: 'wrong intent' }] : [],
        error: undefined,
        checks_total: 1,
      } as CaseResult;
    },
  });
  return {
    total: CASES * Math.max(1, arms.length),
    async *items() {
      for (let i = 0; i < CASES; i++) for (const arm of arms.length ? arms : [undefined]) yield item(i, arm);
    },
  };
}

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.type === 'case_result')
    .map((l: CaseResult) => `${l.arm ?? ''}/${l.case_id}#${l.trial}`)
    .sort();

describe('--repeat auto, interrupted and resumed', () => {
  it.each([
    { name: 'one arm', arms: [] as string[] },
    { name: 'two arms', arms: ARMS },
  ])('$name: the resumed run ends with the trials of a run never interrupted, each once', async ({ arms }) => {
    const adaptive = { rule, arms: Math.max(1, arms.length) };
    const whole = join(tempDir(), 'results.jsonl');
    await runEval({ plan: plan(arms, []), repeat: 4, concurrency: 3, resultsPath: whole, resume: false, run, adaptive });
    const expected = lines(whole);
    // Every case i got one trial per arm, or the cap of four when its first one failed.
    expect(expected.length).toBe(Array.from({ length: CASES }, (_, i): number => (i % 4 === 0 ? 1 : 4)).reduce((a, b) => a + b) * Math.max(1, arms.length));

    for (const stopAfter of [3, 9, 17]) {
      const path = join(tempDir(), 'results.jsonl');
      const controller = new AbortController();
      const first: string[] = [];
      await expect(
        runEval({
          plan: plan(arms, first),
          repeat: 4,
          concurrency: 3,
          resultsPath: path,
          resume: false,
          run,
          adaptive,
          signal: controller.signal,
          observer: (e) => {
            if (e.type === 'case_finished' && e.done >= stopAfter) controller.abort();
          },
        }),
      ).rejects.toBeInstanceOf(RunInterrupted);
      const before = lines(path);
      const second: string[] = [];
      const outcome = await runEval({ plan: plan(arms, second), repeat: 4, concurrency: 3, resultsPath: path, resume: true, run, adaptive });
      expect(lines(path), `stopped after ${stopAfter}`).toEqual(expected);
      // Nothing finished before the interrupt ran again.
      expect(
        second.filter((t) => before.includes(t)),
        JSON.stringify({ before, second }),
      ).toEqual([]);
      expect(outcome.aggregates.counts.total).toBe(expected.length);
      expect(outcome.repeated?.length).toBe(9);
    }
  });
});
