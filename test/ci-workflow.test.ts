import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli, runNode } from './support/run-cli.js';
import { tempDir } from './support/temp-dir.js';

/**
 * The CI workflow users copy: valid for GitHub (checked by action-validator
 * against the workflow schema), shaped as the README says (shards, merge,
 * summary, artifact, failure on a failed gate), and its baseline step run for
 * real against a git repository: the target branch's baseline, never the pull
 * request's.
 */
const WORKFLOW = join(process.cwd(), '.github/workflows/orderflow.yml');
const VALIDATOR = join(createRequire(import.meta.url).resolve('@action-validator/cli/package.json'), '../cli.mjs');

type Step = { name?: string; run?: string; uses?: string; id?: string; if?: string; env?: Record<string, string>; with?: Record<string, unknown> };
type Job = { needs?: string; strategy?: { matrix: { shard: number[] } }; steps: Step[] };
const workflow = () => parse(readFileSync(WORKFLOW, 'utf8')) as { on: { pull_request: { paths: string[] } }; jobs: Record<string, Job> };

describe('.github/workflows/orderflow.yml', () => {
  it('passes action-validator, which does fail on a broken workflow', () => {
    const ok = runNode([VALIDATOR], [WORKFLOW]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    const broken = join(tempDir(), 'orderflow.yml');
    writeFileSync(broken, readFileSync(WORKFLOW, 'utf8').replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest'));
    expect(runNode([VALIDATOR], [broken]).code).not.toBe(0);
  });

  it('runs on pull requests touching prompts, cases or the config: eval in a matrix of shards, then merge, summary, artifact, and a failed job on exit 1', () => {
    const wf = workflow();
    expect(wf.on.pull_request.paths).toEqual(expect.arrayContaining(['prompts/**', 'cases/**', 'orderflow.config.yaml']));
    const evalJob = wf.jobs.eval!;
    expect(evalJob.strategy!.matrix.shard.length).toBeGreaterThan(1);
    const shardStep = evalJob.steps.find((s) => s.run?.includes('orderflow eval'))!;
    expect(shardStep.run).toMatch(/--shard "\$SHARD"/);
    expect(shardStep.env!.SHARD).toBe('${{ matrix.shard }}/${{ strategy.job-total }}');
    expect(evalJob.steps.some((s) => s.uses?.startsWith('actions/upload-artifact'))).toBe(true);

    const gate = wf.jobs.gate!;
    expect(gate.needs).toBe('eval');
    const run = gate.steps.map((s) => s.run ?? '').join('\n');
    expect(run).toMatch(/git show "origin\/\$\{BASE_REF\}:\$\{BASELINE\}"/);
    expect(run).toMatch(/npx orderflow merge shards\/orderflow-shard-\* --out orderflow-report \$\{\{ steps\.baseline\.outputs\.args \}\}/);
    expect(run).toMatch(/npx orderflow summary orderflow-report[\s\S]*>> "\$GITHUB_STEP_SUMMARY"/);
    expect(gate.steps.some((s) => s.uses?.startsWith('actions/upload-artifact') && s.with?.path === 'orderflow-report' && s.if === 'always()')).toBe(true);
    const fail = gate.steps.at(-1)!;
    expect(fail.if).toBe("steps.gate.outputs.code != '0'");
    expect(fail.run).toMatch(/exit 1/);
  });

  it("its baseline step reads the target branch's baseline from git and names a pull request that changes it", () => {
    const step = workflow().jobs.gate!.steps.find((s) => s.id === 'baseline')!;
    const origin = tempDir();
    const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], { cwd, env: { PATH: process.env.PATH!, HOME: cwd } }).toString();
    git(origin, 'init', '-q');
    mkdirSync(join(origin, 'reports'));
    writeFileSync(join(origin, 'reports/baseline.json'), '{"on":"main"}\n');
    writeFileSync(join(origin, 'orderflow.config.yaml'), 'provider: sim\n');
    git(origin, 'add', '.');
    git(origin, 'commit', '-qm', 'main');
    const pr = tempDir();
    git(pr, 'clone', '-q', origin, '.');
    git(pr, 'checkout', '-qb', 'pr');
    writeFileSync(join(pr, 'reports/baseline.json'), '{"on":"pr: everything passes"}\n');
    git(pr, 'commit', '-qam', 'pr rewrites the baseline');

    const out = join(pr, 'github-output');
    const runnerTemp = tempDir();
    execFileSync('bash', ['-e', '-c', step.run!], { cwd: pr, env: { PATH: process.env.PATH!, HOME: pr, BASE_REF: 'main', BASELINE: 'reports/baseline.json', RUNNER_TEMP: runnerTemp, GITHUB_OUTPUT: out } });
    expect(readFileSync(join(runnerTemp, 'target-baseline.json'), 'utf8')).toBe('{"on":"main"}\n');
    const outputs = readFileSync(out, 'utf8');
    expect(outputs).toContain(`args=--baseline ${runnerTemp}/target-baseline.json`);
    expect(outputs).toMatch(/changed=reports\/baseline\.json/);
  });
});

describe('orderflow summary', () => {
  it('stays under the cap whatever the run, and says where the rest is', async () => {
    const root = tempDir();
    for (const part of ['prompts', 'cases/intent_recognition', 'cases/pipeline/injection.yaml', 'orderflow.config.yaml']) cpSync(join(process.cwd(), part), join(root, part), { recursive: true });
    expect((await runCli(['eval', '-q', '--provider', 'sim:gullible', '--out', join(root, 'gullible')], { cwd: root })).code).toBe(1);
    const summary = await runCli(['summary', join(root, 'gullible'), '--artifact', 'orderflow-report'], { cwd: root });
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/^## orderflow: ❌ gate FAILED/);
    expect(summary.stdout).toMatch(/injection\\_success\\_rate \d/);
    expect(summary.stdout).toContain('`orderflow-report` artifact');
    expect(summary.stdout.length).toBeLessThan(65_536);

    // A report far larger than any summary may be: 5,000 failing cases with long ids and reasons.
    const report = JSON.parse(readFileSync(join(root, 'gullible/report.json'), 'utf8'));
    const long = 'x'.repeat(180);
    report.cases = Array.from({ length: 5000 }, (_, i) => ({ id: `case-${i}-${long}`, module: 'intent_recognition', case_type: 'normal', status: 'failed', failed_checks: [{ name: 'check', reason: long }] }));
    report.gate.checks = Array.from({ length: 500 }, (_, i) => ({ id: `c${i}`, passed: false, reason: `reason ${i} ${long}` }));
    writeFileSync(join(root, 'huge.json'), JSON.stringify(report));
    const huge = await runCli(['summary', join(root, 'huge.json')], { cwd: root });
    expect(huge.code).toBe(0);
    expect(huge.stdout.length).toBeLessThanOrEqual(60_001);
    expect(huge.stdout).toMatch(/summary cut at 60000 characters; the rest is in/);
    const small = await runCli(['summary', join(root, 'huge.json'), '--max-chars', '2000'], { cwd: root });
    expect(small.stdout.length).toBeLessThanOrEqual(2001);
  });
});
