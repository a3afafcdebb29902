/**
 * Two arms are compared case by case: a case of arm B is paired with the same
 * case id of arm A, whatever order each arm's results came in, and a case that
 * ran on one arm only is paired with nothing, and counted on its own side so
 * that a comparison of fewer cases says so. Hand-built entries, so that each
 * figure below is counted here independently of the code under test.
 */
import { describe, expect, it } from 'vitest';
import { compareArms, type ArmData } from '../../../src/harness/report/arms/arm-comparison.js';
import { armsLines } from '../../../src/harness/report/arms/render-arms-md.js';
import type { CaseEntry } from '../../../src/harness/report/case-entries.js';

const entry = (id: string, status: 'passed' | 'failed', output: string, trials?: string): CaseEntry => ({
  id,
  module: 'intent_recognition',
  case_type: 'normal',
  status,
  failed_checks: [],
  raw_output: output,
  ...(trials ? { trials: { n: trials.length, passed: [...trials].filter((t) => t === 'p').length, outcomes: trials } } : {}),
});

const arm = (name: string, entries: CaseEntry[]): ArmData => ({ name, entries: new Map(entries.map((e) => [e.id, e])), metrics: {} });

describe('pairing two arms by case id', () => {
  // A in one order, B in another; w ran on A only, v on B only.
  const a = arm('A', [entry('x', 'passed', 'A:x'), entry('y', 'failed', 'A:y'), entry('z', 'passed', 'A:z'), entry('w', 'passed', 'A:w')]);
  const b = arm('B', [entry('v', 'failed', 'B:v'), entry('z', 'failed', 'B:z'), entry('y', 'passed', 'B:y'), entry('x', 'passed', 'B:x')]);

  it('pairs each case with its own id in the other arm, not with its position', () => {
    const c = compareArms(a, b, 0.05);
    // x tied (passed both), y better (failed on A, passed on B), z worse; v and w have no pair.
    expect(c.paired).toMatchObject({ worse: 1, better: 1, tied: 1 });
    expect(c.differing_count).toBe(2);
    expect(c.differing.map((d) => [d.id, d.a, d.b])).toEqual([
      ['y', { status: 'failed', output: 'A:y' }, { status: 'passed', output: 'B:y' }],
      ['z', { status: 'passed', output: 'A:z' }, { status: 'failed', output: 'B:z' }],
    ]);
  });

  it('the same arms in the other order swap better and worse, and each side keeps its own output', () => {
    const c = compareArms(b, a, 0.05);
    expect(c.paired).toMatchObject({ worse: 1, better: 1, tied: 1 });
    expect(c.differing.find((d) => d.id === 'y')).toEqual({
      id: 'y',
      module: 'intent_recognition',
      a: { status: 'passed', output: 'B:y' },
      b: { status: 'failed', output: 'A:y' },
    });
  });

  it('with trials: a case is worse or better by its pass rate over trials, paired by id', () => {
    const ta = arm('A', [entry('x', 'failed', 'A:x', 'pf'), entry('y', 'passed', 'A:y', 'pp'), entry('z', 'failed', 'A:z', 'ff')]);
    const tb = arm('B', [entry('z', 'failed', 'B:z', 'pf'), entry('x', 'failed', 'B:x', 'fp'), entry('y', 'failed', 'B:y', 'fp')]);
    const c = compareArms(ta, tb, 0.05);
    // x: 1/2 both (tied, but trial by trial they differ); y: 2/2 → 1/2 worse; z: 0/2 → 1/2 better.
    expect(c.paired).toMatchObject({ worse: 1, better: 1, tied: 1 });
    expect(c.differing.map((d) => d.id)).toEqual(['x', 'y', 'z']);
  });

  it('ten cases all worse on B, listed in reverse: a significant drop, not a mix', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const c = compareArms(
      arm(
        'A',
        ids.map((id) => entry(id, 'passed', `A:${id}`)),
      ),
      arm(
        'B',
        [...ids].reverse().map((id) => entry(id, 'failed', `B:${id}`)),
      ),
      0.05,
    );
    expect(c.paired).toMatchObject({ worse: 10, better: 0, tied: 0 });
    expect(c.paired.p_value).toBeLessThan(0.01);
  });

  it('counts the cases that ran on one arm only, each on its own side, and report.md says they are left out', () => {
    const a3 = arm('A', [entry('x', 'passed', 'A:x'), entry('u', 'passed', 'A:u'), entry('w', 'failed', 'A:w')]);
    const b2 = arm('B', [entry('v', 'failed', 'B:v'), entry('x', 'passed', 'B:x')]);
    const c = compareArms(a3, b2, 0.05);
    expect(c.unpaired).toEqual({ a_only: 2, b_only: 1 });
    expect(c.paired).toMatchObject({ worse: 0, better: 0, tied: 1 });
    expect(compareArms(b2, a3, 0.05).unpaired).toEqual({ a_only: 1, b_only: 2 });
    const md = (comparison: typeof c) => armsLines({ varied: 'model', designated: 'A', reference: 'A', arms: [], comparisons: [comparison] }).join('\n');
    expect(md(c)).toContain('Not paired: 3 case(s) ran on one arm only (2 on A, 1 on B)');
    const whole = compareArms(arm('A', [entry('x', 'passed', 'A:x')]), arm('B', [entry('x', 'failed', 'B:x')]), 0.05);
    expect(whole.unpaired).toEqual({ a_only: 0, b_only: 0 });
    expect(md(whole)).not.toContain('Not paired');
  });
});
