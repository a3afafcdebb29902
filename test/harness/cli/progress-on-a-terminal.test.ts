import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { progressObserver } from '../../../src/harness/cli/progress.js';
import type { CaseResult } from '../../../src/harness/runner/case-result.js';
import type { RunProvenance } from '../../../src/harness/runner/case-result.js';

const result = (id: string, status: CaseResult['status']): CaseResult =>
  ({
    type: 'case_result',
    case_id: id,
    module: 'intent_recognition',
    status,
    failed_checks: status === 'failed' ? [{ name: 'intent', reason: 'expected refund_request, got other' }] : [],
    trial: 0,
    ...(status === 'error' ? { error: 'timeout' } : {}),
  }) as CaseResult;

describe('the progress bar on a terminal', () => {
  // picocolors colours whenever CI is set, so the words are checked without escapes.
  it('lists the failed and errored ids once the bar is done, capped with a pointer to the reports', () => {
    const err: string[] = [];
    const observe = progressObserver({ out: () => undefined, err: (l) => err.push(stripVTControlCharacters(l)) }, true);
    const total = 60;
    observe({ type: 'run_started', total, resumed: 0, run: { provider: 'sim' } as RunProvenance });
    for (let i = 0; i < total; i++)
      observe({ type: 'case_finished', done: i + 1, total, result: result(`c-${i}`, i % 2 ? 'failed' : i === 0 ? 'error' : 'passed') });
    expect(err).toEqual([]); // nothing interleaved with the bar
    observe({ type: 'run_finished', done: total, total, duration_ms: 1 });
    expect(err[0]).toMatch(/ERROR intent_recognition c-0: timeout/);
    expect(err[1]).toMatch(/FAIL {2}intent_recognition c-1: expected refund_request, got other/);
    expect(err).toHaveLength(26);
    expect(err.at(-1)).toBe('… and 6 more — see report.html / report.md');
  });
});
