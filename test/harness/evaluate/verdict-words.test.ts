/**
 * The verdict agrees with itself: against a baseline the run cannot be
 * compared with, no report headlines per-case figures (flips, the paired
 * test, stable regressions); a repeated run is said as cases × trials; the
 * cost as a total and per case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { suitePartCopy } from '../../support/eval-fixture.js';

const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

describe('verdict text that agrees with itself', () => {
  it('headlines no per-case figure against a non-comparable baseline, and says cases × trials', async () => {
    // Part of the suite: four whole runs (the baseline, then three trials) of every case would take minutes.
    const root = suitePartCopy();
    const recorded = await runCli(['eval', '-q', '-p', 'sim:gullible', '--update-baseline', '--accept', 'failed-gate', '--out', join(root, 'base')], {
      cwd: root,
    });
    expect(recorded.stdout + recorded.stderr).toContain('baseline updated:');
    const run = await runCli(['eval', '--repeat', '3', '--out', join(root, 'run')], { cwd: root });
    const report = JSON.parse(readFileSync(join(root, 'run/report.json'), 'utf8'));
    expect(report.baseline.not_comparable.length).toBeGreaterThan(0);
    // The per-case figures exist (the runs differ) — they are just not headlined.
    expect(report.baseline.newly_failing_count + report.baseline.newly_passing_count).toBeGreaterThan(0);

    const cases = report.summary.total / 3;
    const terminal = plain(run.stdout + run.stderr);
    expect(terminal).toContain(`running ${cases} cases × 3 trials (${report.summary.total} results)`);
    expect(terminal).toContain(`${cases} cases × 3 trials (${report.summary.total} results): `);
    expect(terminal).toContain('per-case flips not judged: the baseline is not comparable');
    expect(terminal).not.toMatch(/\d+ newly failing/);
    expect(terminal).not.toMatch(/stable regressions|p = /);

    const md = readFileSync(join(root, 'run/report.md'), 'utf8');
    const summary = (await runCli(['summary', join(root, 'run')], { cwd: root })).stdout;
    const page = readFileSync(join(root, 'run/report.html'), 'utf8');
    for (const [where, text] of [
      ['report.md', md],
      ['summary', summary],
    ] as const) {
      expect(text, where).toMatch(/Baseline `[^`]+`[^:]*: per-case flips not judged/);
      expect(text, where).not.toMatch(/: \d+ newly failing, \d+ newly passing/);
      expect(text, where).toContain(`${cases} cases × 3 trials`);
    }
    expect(page).toContain('per-case flips not judged against this baseline');
    expect(page).not.toMatch(/\d+ newly failing, \d+ newly passing since the baseline/);
  }, 240_000);

  it('says the cost as a total and per case', async () => {
    const { costWords } = await import('../../../src/harness/report/run-words.js');
    expect(costWords({ numerator: 0.71, denominator: 355, value: 0.002 })).toBe('$0.7100 total · $0.002000 per case (355)');
    expect(costWords({ numerator: 2.13, denominator: 1065, value: 0.002 }, 3)).toBe('$2.1300 total · $0.002000 per case trial (1065)');
    expect(costWords({ numerator: 0, denominator: 355, value: null, unknown_cost_results: 3 })).toBeNull();
  });
});
