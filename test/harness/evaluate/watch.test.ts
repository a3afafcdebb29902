/**
 * `eval --watch` in-process on a real folder: the first run, then a run per
 * save of only what the save can affect, the verdict's changes since each
 * case last ran, a broken file reported while the watch goes on, and an end
 * on abort.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchEvaluate, type WatchEvent } from '../../../src/harness/evaluate/watch.js';
import { suitePartCopy } from '../../support/eval-fixture.js';

/** Waits for the next event of a kind, past those already taken. */
function eventsOf() {
  const seen: WatchEvent[] = [];
  let taken = 0;
  let wake: (() => void) | null = null;
  const push = (e: WatchEvent) => {
    seen.push(e);
    wake?.();
  };
  const next = async <T extends WatchEvent['type']>(...types: T[]): Promise<Extract<WatchEvent, { type: T }>> => {
    for (;;) {
      while (taken < seen.length) {
        const e = seen[taken++]!;
        if ((types as string[]).includes(e.type)) return e as Extract<WatchEvent, { type: T }>;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { push, next, seen };
}

const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
};

describe('eval --watch', () => {
  it('re-runs only what a save affects, says what changed, survives a broken file, ends on abort', async () => {
    const root = suitePartCopy();
    const controller = new AbortController();
    const events = eventsOf();
    const watching = watchEvaluate(
      { config: join(root, 'orderflow.config.yaml'), provider: 'sim', baseline: false, out: undefined, env: {} },
      { signal: controller.signal, onEvent: events.push, debounceMs: 50 },
    );

    expect(await events.next('run_started')).toMatchObject({ reason: 'first run', cases: 'all' });
    const first = await events.next('run_finished');
    const total = first.result.head.summary.total;
    expect(first.result.head.gate.passed).toBe(true);
    const intentCases = first.result.head.by_module.intent_recognition!.case_pass_rate!.denominator;

    // A prompt: that module's cases and every scenario whose trace called it, nothing else.
    writeFileSync(join(root, 'prompts/intent_v2.md'), `${readFileSync(join(root, 'prompts/intent_v2.md'), 'utf8')}\n`);
    const afterPrompt = await events.next('run_started');
    expect(afterPrompt.reason).toMatch(/intent_v2\.md changed/);
    const scenarios = first.result.head.by_module.pipeline!.case_pass_rate!.denominator;
    expect(afterPrompt.cases).toBe(intentCases + scenarios);
    expect(afterPrompt.cases).toBeLessThan(total);
    const samePrompt = await events.next('run_finished');
    expect(samePrompt.changes).toMatchObject({ newly_failing: [], newly_passing: [], new_cases: 0 });

    // A case file: its cases only; an expectation made wrong is a newly failing case, named.
    const caseFile = join(root, 'cases/intent_recognition/intent.yaml');
    const ids = [...readFileSync(caseFile, 'utf8').matchAll(/case_id: (\S+)/g)].map((m) => m[1]);
    edit(
      caseFile,
      '        intent: refund_request\n        secondary_intents: logistics_query',
      '        intent: complaint\n        secondary_intents: logistics_query',
    );
    expect((await events.next('run_started')).cases).toBe(ids.length);
    const broke = await events.next('run_finished');
    expect(broke.changes.newly_failing).toEqual(['intent-seed-refund-unshipped-001']);
    expect(broke.changes.by_module).toEqual([{ module: 'intent_recognition', before: 1, after: (intentCases - 1) / intentCases }]);
    expect(broke.result.head.summary.failed).toBe(1);

    // A broken file: reported as loading reports it, the watch goes on; fixed, it runs again and the case passes again.
    const good = readFileSync(caseFile, 'utf8');
    writeFileSync(caseFile, `${good}\n  - case_id: [unclosed\n`);
    const refused = await events.next('run_refused', 'run_finished');
    expect(refused.type).toBe('run_refused');
    expect((refused as Extract<WatchEvent, { type: 'run_refused' }>).error.problems[0]!.file).toMatch(/intent\.yaml$/);
    writeFileSync(caseFile, good.replace('        intent: complaint\n', '        intent: refund_request\n'));
    const fixed = await events.next('run_finished');
    expect(fixed.changes.newly_passing).toEqual(['intent-seed-refund-unshipped-001']);

    controller.abort();
    await watching;
  }, 240_000);
});
