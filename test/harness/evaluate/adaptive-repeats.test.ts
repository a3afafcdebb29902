/**
 * `--repeat auto` against the noisy loopback model (right with p = 0.95 per
 * call): every case runs once, and only the cases in doubt — a first verdict
 * that differs from the baseline's, or flaky in the baseline — run again,
 * until unanimous over three trials or mixed, capped. The calls are counted
 * at the model, and the gate must still tell a flaky miss from a case broken
 * for good on the uneven trials that leaves.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRun } from '../../../src/harness/evaluate/estimate-run.js';
import type { Report } from '../../../src/harness/report/report-types.js';
import type { CaseEntry } from '../../../src/harness/report/case-entries.js';
import type { NoisyModelServer } from '../../support/noisy-model-server.js';
import { type NoisyWorkspace, NOISY_ACCURACY, noisyWorkspace } from '../../support/noisy-model-workspace.js';
import { runCli } from '../../support/run-cli.js';
import { intentV3 } from '../../support/intent-v3-fixture.js';
import { readResults, repoCopy } from '../../support/eval-fixture.js';

const ACCURACY = NOISY_ACCURACY;

describe('--repeat auto on a noisy model (real CLI)', () => {
  let root: string;
  let noisy: NoisyWorkspace | undefined;
  let model: NoisyModelServer;
  let env: Record<string, string>;
  let baseline: Report;

  async function evalRun(name: string, args: string[]): Promise<{ code: number; report: Report; md: string; html: string; stdout: string; calls: number }> {
    const out = join(root, name);
    const before = model.counts().drawn;
    const r = await runCli(['eval', '--out', out, ...args], { cwd: root, env });
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect([0, 1], r.stderr).toContain(r.code);
    return {
      code: r.code,
      report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')),
      md: readFileSync(join(out, 'report.md'), 'utf8'),
      html: readFileSync(join(out, 'report.html'), 'utf8'),
      stdout: r.stdout,
      calls: model.counts().drawn - before,
    };
  }

  const baseOf = (id: string) => baseline.cases.find((c) => c.id === id)!;
  /** Three unanimous, mixed, or (flaky in the baseline) two passes. */
  const settled = (o: string, flakyBefore: boolean) => (o.includes('p') && /[^p]/.test(o)) || o.length >= 3 || (flakyBefore && /^pp+$/.test(o));
  const mixed = (c: CaseEntry) => c.trials!.passed > 0 && c.trials!.passed < c.trials!.n;
  /** What the rule says of a case from its first trial: in doubt, or not. */
  const inDoubt = (c: CaseEntry) => mixed(baseOf(c.id)) || (c.trials!.outcomes[0] === 'p') !== (baseOf(c.id).status === 'passed');

  beforeAll(async () => {
    noisy = await noisyWorkspace('orderflow-auto-', 'sk-auto-test');
    ({ root, model, env } = noisy);
    // The baseline is recorded with --repeat 3: its mixed cases are the flaky ones the auto runs check again.
    const base = await evalRun('base', ['--repeat', '3', '--update-baseline']);
    expect(base.code, base.stdout).toBe(0);
    baseline = base.report;
    expect(baseline.statistics.flaky_count).toBeGreaterThan(5);
  }, 120_000);
  afterAll(() => noisy?.close());

  it('runs again only the cases in doubt, counts every call, and says so in report.json, report.md, report.html and the terminal', async () => {
    model.setScript({ accuracy: ACCURACY, seed: 12 });
    const { code, report, md, html, stdout, calls } = await evalRun('unchanged', ['--repeat', 'auto']);
    const cases = report.cases;
    const repeatedIds = cases.filter((c) => c.trials!.n > 1).map((c) => c.id);
    expect(repeatedIds).toEqual(cases.filter(inDoubt).map((c) => c.id));
    // Some agreed and ran once; some flipped or were flaky and ran again.
    expect(repeatedIds.length).toBeGreaterThan(5);
    expect(repeatedIds.length).toBeLessThan(cases.length / 3);
    for (const c of cases.filter((x) => x.trials!.n > 1)) {
      const o = c.trials!.outcomes;
      // Ran again in one round, all at once: the trials that settle it if they agree with the first
      // (two more for three unanimous; one more for a case flaky before that passed), and settled by them.
      const flakyBefore = mixed(baseOf(c.id));
      expect(o.length, `${c.id} ${o}`).toBe(flakyBefore && o[0] === 'p' ? 2 : 3);
      expect(settled(o, flakyBefore), `${c.id} ${o}`).toBe(true);
    }
    const runs = cases.reduce((t, c) => t + c.trials!.n, 0);
    expect(calls).toBe(runs);
    // The rate pools every trial (passes over trials), not a mean of per-case means: adaptive-estimator.test.ts says why.
    expect(report.metrics.case_pass_rate).toMatchObject({ numerator: cases.reduce((t, c) => t + c.trials!.passed, 0), denominator: runs });
    expect(report.run.repeat_mode).toBe('auto');
    expect(report.repeats).toMatchObject({ mode: 'auto', cap: 5, first_pass: cases.length, case_runs: runs, calls: runs, repeated_count: repeatedIds.length });
    expect(report.repeats!.repeated).toEqual(
      cases
        .filter((c) => c.trials!.n > 1)
        .map((c) => ({ id: c.id, trials: c.trials!.n }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    const first = report.repeats!.repeated[0]!;
    expect(md).toContain(
      `repeat auto (cap 5): ${runs} case runs (${cases.length} in one pass, ${runs - cases.length} more on ${repeatedIds.length} case(s) in doubt), ${runs} model calls; run again: \`${first.id}\` ×${first.trials}`,
    );
    expect(html).toContain(`repeat auto (cap 5): ${runs} case runs (${cases.length} in one pass`);
    expect(html).toContain(`${first.id} ×${first.trials}`);
    expect(stdout).toContain(`repeat auto (cap 5): ${runs} case runs`);
    expect(stdout).toContain(`${runs} results (repeat auto)`);
    // Uneven trials: pass^k only for the k every case reached.
    expect(report.metrics.pass_hat_k).toMatchObject({ k: 1 });
    // Flips of single verdicts, but none stable: the gate passes.
    expect(report.baseline!.newly_failing_count).toBeGreaterThan(0);
    expect(report.statistics.stable_regression_count).toBe(0);
    // A flaky miss on uneven trials (a case of 2 to 5 trials, some passed) is no stable regression.
    const missedOnce = cases.filter((c) => baseOf(c.id).trials!.passed === 3 && c.trials!.outcomes.startsWith('f') && c.trials!.passed > 0);
    expect(missedOnce.length).toBeGreaterThan(0);
    expect(new Set(cases.map((c) => c.trials!.n)).size).toBeGreaterThan(1);
    expect(code, stdout).toBe(0);
  }, 60_000);

  it('names a dozen cases broken for good as stable regressions after three failed trials each, and fails the gate', async () => {
    const broken = baseline.cases
      .filter((c) => c.trials!.passed === 3)
      .filter((_, i) => i % 8 === 0)
      .slice(0, 12)
      .map((c) => c.id);
    expect(broken).toHaveLength(12);
    model.setScript({ accuracy: ACCURACY, seed: 13, broken });
    const { code, report, md } = await evalRun('broken', ['--repeat', 'auto']);
    expect(code).toBe(1);
    expect(report.statistics.stable_regressions).toEqual(expect.arrayContaining(broken));
    for (const id of broken) {
      expect(report.cases.find((c) => c.id === id)!.trials!.outcomes).toBe('fff');
      expect(md).toContain(`\`${id}\``);
    }
    expect(report.gate.failures.map((f) => f.metric)).toContain('stable_regressions');
  }, 60_000);

  it('keeps to --repeat-cap: with a cap of 2 no case runs more than twice, and a case failing both is still a stable regression', async () => {
    const broken = baseline.cases
      .filter((c) => c.trials!.passed === 3)
      .slice(0, 3)
      .map((c) => c.id);
    model.setScript({ accuracy: ACCURACY, seed: 14, broken });
    const { code, report, md } = await evalRun('capped', ['--repeat', 'auto', '--repeat-cap', '2']);
    expect(Math.max(...report.cases.map((c) => c.trials!.n))).toBe(2);
    for (const id of broken) expect(report.cases.find((c) => c.id === id)!.trials!.outcomes).toBe('ff');
    expect(report.statistics.stable_regressions).toEqual(expect.arrayContaining(broken));
    expect(report.repeats!.cap).toBe(2);
    expect(md).toContain('repeat auto (cap 2)');
    expect(code).toBe(1);
  }, 60_000);

  it('estimates with --dry-run: one pass at least, the rounds the flaky cases of the baseline need as expected, cap × cases at most', async () => {
    const estimate = await estimateRun({
      config: join(root, 'orderflow.config.yaml'),
      prompts: join(root, 'prompts'),
      cases: join(root, 'cases'),
      repeat: 'auto',
      env,
    });
    const onePass = baseline.cases.length;
    expect(estimate.repeat).toBe(1);
    expect(estimate.total.calls).toBe(onePass);
    expect(estimate.auto).toEqual({
      cap: 5,
      minimum_calls: onePass,
      // Each flaky case at its baseline pass rate p: one more trial after a pass, two after a failure.
      expected_calls: Math.round(
        onePass +
          baseline.cases
            .map((c) => c.trials)
            .filter((t) => t && t.passed > 0 && t.passed < t.n)
            .reduce((sum, t) => sum + t!.passed / t!.n + 2 * (1 - t!.passed / t!.n), 0),
      ),
      maximum_calls: 5 * onePass,
      flaky_in_baseline: baseline.statistics.flaky_count,
    });
    const cli = await runCli(['eval', '--repeat', 'auto', '--dry-run'], { cwd: root, env });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`repeat auto (cap 5): an estimate — the table is one pass (${onePass} calls, the least the run makes)`);
    expect(cli.stdout).toContain(`at most ${5 * onePass} (every case 5 times)`);
  }, 60_000);

  it('refuses bad values with exit 2 and a clear message, and takes repeat: auto from the config', async () => {
    const bad = await runCli(['eval', '--repeat', 'autoo'], { cwd: root, env });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      '--repeat: error: "autoo" is neither a number of trials nor auto (expected a whole number of at least 1 (e.g. --repeat 3), or auto (one pass, then more trials of the cases that differ))\n',
    ]);
    const cap = await runCli(['eval', '--repeat', 'auto', '--repeat-cap', '0'], { cwd: root, env });
    expect([cap.code, cap.stderr]).toEqual([
      2,
      '--repeat-cap: error: "0" is not a positive integer (expected a whole number of at least 1, e.g. --repeat-cap 8)\n',
    ]);
    const lonely = await runCli(['eval', '--repeat-cap', '3'], { cwd: root, env });
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toMatch(/^--repeat-cap: error: only goes with --repeat auto/);
    const resume = await runCli(['eval', '--repeat', 'auto', '--resume', '--out', join(root, 'base')], { cwd: root, env });
    expect(resume.code).toBe(2);
    // Resuming an auto run is allowed (test/harness/runner/auto-resume.test.ts); a run of --repeat 3 is not one.
    expect(resume.stderr).toMatch(/cannot resume: repeat\w* differs from the interrupted run/);
    const config = readFileSync(join(root, 'orderflow.config.yaml'), 'utf8');
    const fromConfig = join(root, 'auto.config.yaml');
    writeFileSync(fromConfig, `${config}repeat: auto\nrepeat_cap: 4\n`);
    const dry = await runCli(['eval', '--config', fromConfig, '--dry-run'], { cwd: root, env });
    expect(dry.stdout).toContain('repeat auto (cap 4): an estimate');
  }, 60_000);
});

describe('--repeat auto with arms (sim, two prompt versions)', () => {
  it('runs no case again, not even one the arms disagree on: sim answers every trial as the first', async () => {
    const root = repoCopy();
    writeFileSync(join(root, 'prompts/intent_v3.md'), intentV3());
    const out = join(root, 'arms-auto');
    const r = await runCli(
      [
        'eval',
        '--module',
        'intent_recognition',
        '--prompt',
        'intent_recognition=intent_v2',
        '--prompt',
        'intent_recognition=intent_v3',
        '--no-baseline',
        '--repeat',
        'auto',
        '--out',
        out,
      ],
      { cwd: root },
    );
    expect([0, 1], r.stderr).toContain(r.code);
    const results = readResults(out);
    const trialsOf = (arm: string, id: string) =>
      results
        .filter((x) => x.arm === arm && x.case_id === id)
        .map((x) => x.status[0])
        .join('');
    const ids = [...new Set(results.map((x) => x.case_id))].sort();
    const differing = ids.filter((id) => trialsOf('intent_v2', id)[0] !== trialsOf('intent_v3', id)[0]);
    expect(differing.length).toBeGreaterThan(0);
    for (const id of ids) expect([trialsOf('intent_v2', id).length, trialsOf('intent_v3', id).length], id).toEqual([1, 1]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
    expect(report.repeats!.repeated).toEqual([]);
    expect(report.repeats!.case_runs).toBe(results.length);
  }, 60_000);
});
