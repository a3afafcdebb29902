/**
 * The trends page's case history over made-up runs: each row pairs a history
 * with the nearest one that must be read otherwise — failing since the run
 * that broke it (and that run's prompt), fixed by a prompt change, flaky
 * (flipped with the prompts unchanged).
 */
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/harness/view/run-folders.js';
import { trendsPage } from '../../../src/harness/view/trends-page.js';

function run(i: number, prompt: string, status: string): RunSummary {
  return {
    name: `run-${i}`,
    dir: `/r/run-${i}`,
    state: 'finished',
    problem: null,
    runId: `id-${i}`,
    startedAt: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
    finishedAt: null,
    time: Date.UTC(2026, 0, 1, i),
    provider: 'sim',
    model: 'sim',
    prompts: { intent_recognition: prompt, other: 'other_v1' },
    modules: ['intent_recognition'],
    counts: null,
    verdict: status === 'passed' ? 'passed' : 'failed',
    gateFailures: [],
    metrics: { case_pass_rate: { value: status === 'passed' ? 1 : 0.5, low: 0.4, high: 1 } },
    baseline: null,
    arms: [],
    cases: new Map([['the-case', { module: 'intent_recognition', status }]]),
  };
}

/** Runs oldest first, from "v1:passed v2:failed …"; the page wants them newest first. */
const history = (spec: string) => {
  const runs = spec.split(' ').map((s, i) => run(i, `intent_${s.split(':')[0]}`, s.split(':')[1]!));
  const page = trendsPage([...runs].reverse(), 'reports', null).html;
  const at = page.indexOf('<tbody><tr data-kind=');
  return at === -1 ? null : page.slice(at, page.indexOf('</tr>', at));
};

describe("a case's history", () => {
  it.each([
    ['v1:passed v2:failed v2:failed', 'failing', 'run-1', 'prompts changed in that run: intent_v1 → intent_v2'],
    ['v1:passed v1:passed v1:failed', 'failing', 'run-2', 'no prompt changed in that run'],
    ['v1:failed v1:failed', 'failing', 'run-0', 'its first run here'],
    ['v1:passed v2:failed v1:passed', 'fixed', null, 'passes now'],
    ['v1:passed v1:failed v1:passed', 'flaky', null, 'flaky: passes now'],
    ['v1:passed v2:failed v2:passed', 'flaky', null, 'flaky: passes now'],
  ])('%s → %s', (spec, kind, since, words) => {
    const row = history(spec)!;
    expect(row).toContain(`data-kind="${kind}"`);
    expect(row).toContain(words);
    if (since) {
      expect(row).toContain(`href="/runs/${since}/"`);
      expect(row).toContain(`class="cell f since" title="${since}: failed"`);
      expect(row).toContain(`prompt <b>intent_v${spec.split(' ')[Number(since.slice(4))]!.slice(1, 2)}</b>`);
    } else expect(row).not.toContain(' since"');
  });

  it('a case that never failed is not listed', () => {
    expect(history('v1:passed v2:passed')).toBeNull();
  });

  it('marks the baseline run and draws the baseline line the newest run was compared with', () => {
    const runs = [run(0, 'intent_v1', 'passed'), run(1, 'intent_v1', 'failed')];
    runs[1]!.baseline = { runId: 'id-0', metrics: { case_pass_rate: 1 } };
    const page = trendsPage([...runs].reverse(), 'reports', null).html;
    expect(page).toContain('<circle class="pt pt-baseline"');
    expect(page).toContain('class="baseline-line"');
    expect(page).toContain('baseline 100.0%');
    // A newer run with --no-baseline says nothing of the baseline: the line stays.
    const newer = [...runs, run(2, 'intent_v1', 'passed')];
    expect(trendsPage([...newer].reverse(), 'reports', null).html).toContain('class="baseline-line"');
    runs[1]!.baseline = null;
    const without = trendsPage([...runs].reverse(), 'reports', null).html;
    expect(without).not.toContain('<circle class="pt pt-baseline"');
    expect(without).not.toContain('class="baseline-line"');
  });
});
