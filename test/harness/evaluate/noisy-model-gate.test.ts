/**
 * The gate against a model that is right on each case with probability 0.95,
 * drawn afresh on every call: the real CLI, the real openai client, a loopback
 * server. Fixed seeds make each verdict reproducible; bench/noisy-gate.ts
 * measures the rates over many rounds (npm run bench:noise).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/harness/report/report-types.js';
import type { NoisyModelServer } from '../../support/noisy-model-server.js';
import { type NoisyWorkspace, NOISY_ACCURACY, NOISY_MODULES, noisyWorkspace } from '../../support/noisy-model-workspace.js';
import { runCli } from '../../support/run-cli.js';

/** A part of the suite, enough for the statistics and quick to run three times over. */
const MODULES = NOISY_MODULES;
const ACCURACY = NOISY_ACCURACY;

describe('the gate on a noisy model (real CLI, --repeat 3)', () => {
  let root: string;
  let noisy: NoisyWorkspace | undefined;
  let model: NoisyModelServer;
  let env: Record<string, string>;
  let stablePassing: string[];

  async function evalRun(name: string, extra: string[] = []): Promise<{ code: number; report: Report; md: string; stdout: string }> {
    const out = join(root, name);
    const r = await runCli(['eval', '--repeat', '3', '--out', out, ...extra], { cwd: root, env });
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect([0, 1], r.stderr).toContain(r.code);
    return {
      code: r.code,
      report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')),
      md: readFileSync(join(out, 'report.md'), 'utf8'),
      stdout: r.stdout,
    };
  }

  beforeAll(async () => {
    noisy = await noisyWorkspace('orderflow-noisy-', 'sk-noisy-test');
    ({ root, model, env } = noisy);
    const base = await evalRun('base', ['--update-baseline']);
    expect(base.code, base.stdout).toBe(0);
    expect(base.report.statistics.mode).toBe('statistical');
    // The model really is noisy: some trials failed, and some cases are flaky.
    expect(base.report.summary.failed).toBeGreaterThan(5);
    expect(base.report.statistics.flaky_count).toBeGreaterThan(5);
    stablePassing = base.report.cases.filter((c) => c.status === 'passed').map((c) => c.id);
  }, 120_000);
  afterAll(() => noisy?.close());

  it('passes when nothing changed, though single verdicts flipped, and says why', async () => {
    model.setScript({ accuracy: ACCURACY, seed: 12 });
    const { code, report, md, stdout } = await evalRun('unchanged');
    expect(report.baseline!.newly_failing_count + report.baseline!.newly_passing_count).toBeGreaterThan(3);
    expect(code, stdout).toBe(0);
    expect(report.statistics.stable_regression_count).toBe(0);
    expect(report.statistics.paired).toMatchObject({ test: 'sign_test', alpha: 0.05, trials: { baseline: 3, current: 3 } });
    expect(report.statistics.paired!.overall.significant).toBe(false);
    const flaky = report.statistics.flaky[0]!;
    expect(md).toContain(`\`${flaky.id}\` ${flaky.baseline!.passed}/3 → ${flaky.current.passed}/3`);
    expect(md).toMatch(/^Gate mode: \*\*statistical\*\* \(provider openai answers afresh on every call\)/m);
    expect(md).toMatch(
      /^Paired test \(exact sign test on per-case pass rates, one-sided, Holm over 5 groups, α 0\.05\): \d+ case\(s\) worse, \d+ better, \d+ tied → p = [\d.e-]+, no significant drop overall\.$/m,
    );
    expect(md).toMatch(/^Power: with 3 trial\(s\) per case/m);
    expect(md).toMatch(/\| case_pass_rate \| [\d.]+ \| \[0\.\d+, [\d.]+\] \|/);
    expect(stdout).toMatch(/gate mode: statistical/);
    for (const m of Object.values(report.metrics)) if (m && m.value !== null && !('p50' in m) && !('cached_calls' in m)) expect(m).toHaveProperty('interval');
  }, 60_000);

  it('fails on a dozen cases broken for good and names each as a stable regression', async () => {
    const broken = stablePassing.filter((_, i) => i % 8 === 0).slice(0, 12);
    expect(broken).toHaveLength(12);
    model.setScript({ accuracy: ACCURACY, seed: 13, broken });
    const { code, report, md } = await evalRun('broken');
    expect(code).toBe(1);
    expect(report.statistics.stable_regressions).toEqual(expect.arrayContaining(broken));
    const failure = report.gate.failures.find((f) => f.metric === 'stable_regressions')!;
    for (const id of broken) {
      expect(failure.message).toContain(id);
      expect(md).toContain(`\`${id}\``);
    }
    expect(md).toMatch(/^\*\*Stable regressions \(\d+\)\*\* \(passed every baseline trial, fail every trial now\)$/m);
  }, 60_000);

  it('finds a small real drop confined to one module with the paired test', async () => {
    // Each draw hashes the request: a seed under which the 0.95 → 0.75 drop is detected (the test's power is below 1).
    model.setScript({ accuracy: ACCURACY, seed: 15, moduleAccuracy: { tool_authorization: 0.75 } });
    const { code, report, md } = await evalRun('module-drop');
    expect(code).toBe(1);
    const drops = report.gate.failures.filter((f) => f.metric === 'paired_drop').map((f) => f.message);
    expect(drops).toContainEqual(expect.stringMatching(/^significant drop in tool_authorization: \d+ case\(s\) worse/));
    const p = report.statistics.paired!;
    expect(p.by_module.tool_authorization!.significant).toBe(true);
    for (const m of MODULES.filter((x) => x !== 'tool_authorization')) expect(p.by_module[m]!.significant, m).toBe(false);
    expect(md).toMatch(/\*\*significant drop\*\* in tool_authorization \(\d+ worse, \d+ better, p = /);
  }, 60_000);
});
