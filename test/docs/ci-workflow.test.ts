import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli, runNode } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { git, runJob, type Workflow } from '../support/workflow-driver.js';

/**
 * The CI workflow users copy, and what `orderflow init` writes. Checked
 * statically (action-validator against GitHub's schema; the trigger,
 * permissions, pinned actions, where the secret goes) and run for real, step
 * by step, by test/support/workflow-driver.ts against a git origin and pull
 * requests: the verdict must come from the target branch's orderflow, gate
 * settings and baseline, with the pull request's prompts and cases as data.
 *
 * What this cannot show, GitHub Actions not running here: that GitHub runs the
 * target branch's copy of the file under pull_request_target (documented
 * GitHub behaviour; checked here only as the trigger), the real actions and
 * token permissions, and a registry install (an offline npm stand-in links the
 * tests' node_modules and builds the checked-out sources).
 */
const WORKFLOW = join(process.cwd(), '.github/workflows/orderflow.yml');
const VALIDATOR = join(createRequire(import.meta.url).resolve('@action-validator/cli/package.json'), '../cli.mjs');
const workflow = () => parse(readFileSync(WORKFLOW, 'utf8')) as Workflow;
const allSteps = (wf: Workflow) => Object.values(wf.jobs).flatMap((j) => j.steps);

describe('.github/workflows/orderflow.yml', () => {
  it('passes action-validator, which does fail on a broken workflow', () => {
    const ok = runNode([VALIDATOR], [WORKFLOW]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    const broken = join(tempDir(), 'orderflow.yml');
    writeFileSync(broken, readFileSync(WORKFLOW, 'utf8').replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest'));
    expect(runNode([VALIDATOR], [broken]).code).not.toBe(0);
  });

  it('is the workflow orderflow init writes (the package ships this very file: there is no second copy)', async () => {
    const dir = tempDir();
    expect((await runCli(['init', dir])).code).toBe(0);
    expect(readFileSync(join(dir, '.github/workflows/orderflow.yml'), 'utf8')).toBe(readFileSync(WORKFLOW, 'utf8'));
  });

  it("runs the target branch's copy with read-only permissions, actions pinned by commit, no credentials kept, the secret only where the target branch's orderflow runs", () => {
    const wf = workflow();
    expect(Object.keys(wf.on)).toEqual(['pull_request_target']);
    expect((wf.on.pull_request_target as { paths: string[] }).paths).toEqual(expect.arrayContaining(['prompts/**', 'cases/**', 'orderflow.config.yaml']));
    expect(wf.permissions).toEqual({ contents: 'read' });
    for (const job of Object.values(wf.jobs)) expect(job.permissions).toEqual({ contents: 'read' });
    for (const step of allSteps(wf).filter((s) => s.uses)) {
      expect(step.uses, step.uses).toMatch(/^actions\/[\w-]+@[0-9a-f]{40}$/);
      if (step.uses!.startsWith('actions/checkout')) expect(step.with!['persist-credentials']).toBe(false);
    }
    const text = readFileSync(WORKFLOW, 'utf8');
    expect(text.match(/secrets\./g)).toHaveLength(1);
    for (const step of allSteps(wf)) {
      const run = step.run ?? '';
      // Nothing of the pull request's checkout is executed: no install, build or script there.
      expect(step['working-directory'] ?? 'base', step.name).toBe('base');
      expect(run, step.name).not.toMatch(/\bcd\s+pr\b|pr\/(?:node_modules|bin|dist|src)|npx\b/);
      if (JSON.stringify(step.env ?? {}).includes('secrets.')) expect(run).toMatch(/^\s*node "\$ORDERFLOW" eval .*--prompts pr\/prompts --cases pr\/cases/m);
    }
  });
});

/** The tests' own tree, as the target branch of a project (orderflow's own repository, with a small suite). */
const PROJECT_PARTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'src',
  'scripts',
  'bin',
  'schemas',
  'templates',
  'prompts',
  'cases/intent_recognition',
  '.github',
  '.gitignore',
];
const BASE_CONFIG = 'provider: sim\nbaseline: reports/baseline.json\ncache: { mode: off }\ngate: { case_pass_rate: { min: 0.95 } }\n';

/** Offline stand-in for npm: see the header of this file. Every call is logged with its folder. */
const NPM_STAND_IN = `#!/usr/bin/env bash
set -e
echo "$PWD $*" >> "$OFW_NPM_LOG"
if [ "$1" != ci ]; then exec "$OFW_REAL_NPM" "$@"; fi
ln -sfn "$OFW_NODE_MODULES" node_modules
if node -e 'process.exit(require("./package.json").scripts?.prepare ? 0 : 1)'; then
  key=$(find src scripts package.json tsconfig.json tsconfig.build.json -type f 2>/dev/null | sort | xargs cat | sha256sum | cut -c1-16)
  if [ -d "$OFW_BUILD_CACHE/$key" ]; then cp -r "$OFW_BUILD_CACHE/$key" dist
  else "$OFW_REAL_NPM" run prepare > /dev/null; cp -r dist "$OFW_BUILD_CACHE/$key"; fi
fi
`;

describe('the workflow against a git origin and pull requests', () => {
  let origin: string;
  let baseSha: string;
  let markers: string;
  let npmLog: string;
  let env: Record<string, string>;
  const prOwnVerdict: Record<string, number> = {};

  let root: string;
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeAll(async () => {
    // Kept for every test of this block (tempDir's folders go after each test).
    root = mkdtempSync(join(tmpdir(), 'orderflow-ci-'));
    origin = join(root, 'origin');
    markers = join(root, 'markers');
    mkdirSync(markers);
    for (const part of PROJECT_PARTS) cpSync(join(process.cwd(), part), join(origin, part), { recursive: true });
    writeFileSync(join(origin, 'orderflow.config.yaml'), BASE_CONFIG);
    const recorded = await runCli(['eval', '-q', '--update-baseline', '--out', join(root, 'recording')], { cwd: origin });
    expect(recorded.code, recorded.stderr).toBe(0);
    git(origin, 'init', '-q');
    git(origin, 'add', '-A');
    git(origin, 'commit', '-qm', 'main');
    baseSha = git(origin, 'rev-parse', 'HEAD').trim();

    // The pull request that tries everything: failing new cases, and every file that could judge them in its favour.
    git(origin, 'checkout', '-qb', 'pr-forged');
    const failing = [1, 2, 3].map(
      (i) =>
        `  - case_id: pr-new-${i}\n    case_type: normal\n    input: { user_query: "订单 O77${i} 我要退款" }\n    expected_behavior: { expected_enum_values: { intent: complaint } }\n`,
    );
    writeFileSync(join(origin, 'cases/intent_recognition/pr-new.yaml'), `test_cases:\n${failing.join('')}`);
    writeFileSync(join(origin, 'orderflow.config.yaml'), `${BASE_CONFIG.replace('min: 0.95', 'min: 0.5')}max_new_failures: 1000\n`);
    const rerecorded = await runCli(['eval', '-q', '--update-baseline', '--accept', 'loosened-gate', '--out', join(root, 'pr-recording')], { cwd: origin });
    expect(rerecorded.code, rerecorded.stderr).toBe(0);
    // Judged by its own config and baseline, this pull request passes: what the workflow must not let it do.
    prOwnVerdict.forged = (await runCli(['eval', '-q', '--out', join(root, 'pr-own')], { cwd: origin })).code;
    const mark = (name: string) => `import { writeFileSync as __mark } from 'node:fs'; __mark(${JSON.stringify(join(markers, name))}, '');\n`;
    writeFileSync(join(origin, 'src/harness/report/gate.ts'), mark('pr-src-ran') + readFileSync(join(origin, 'src/harness/report/gate.ts'), 'utf8'));
    writeFileSync(join(origin, 'bin/orderflow.js'), `#!/usr/bin/env node\n${mark('pr-bin-ran')}console.log('## orderflow: ✅ gate passed');\n`);
    const pkg = JSON.parse(readFileSync(join(origin, 'package.json'), 'utf8'));
    const touch = `node -e "require('fs').writeFileSync(${JSON.stringify(join(markers, 'pr-npm-ran')).replace(/"/g, "'")}, '')"`;
    pkg.scripts = { ...pkg.scripts, preinstall: touch, prepare: touch };
    writeFileSync(join(origin, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    mkdirSync(join(origin, 'orderflow-report'));
    // Its own passing report, as the old workflow would have published it.
    cpSync(join(root, 'pr-own/report.json'), join(origin, 'orderflow-report/report.json'));
    writeFileSync(join(origin, '.github/workflows/orderflow.yml'), 'name: orderflow\non: pull_request\njobs: {}\n');
    git(origin, 'add', '-A', '-f');
    git(origin, 'commit', '-qm', 'pr: forged');

    // A pull request that only edits a case's description: the gate passes.
    git(origin, 'checkout', '-q', 'main');
    git(origin, 'checkout', '-qb', 'pr-clean');
    const cases = join(origin, 'cases/intent_recognition/intent.yaml');
    writeFileSync(cases, readFileSync(cases, 'utf8').replace(/description: .*/, 'description: Reworded by the pull request.'));
    git(origin, 'commit', '-qam', 'pr: clean');

    // A pull request that plants a link under prompts/.
    git(origin, 'checkout', '-q', 'main');
    git(origin, 'checkout', '-qb', 'pr-link');
    symlinkSync('/etc/hostname', join(origin, 'prompts/leak.md'));
    git(origin, 'add', '-A');
    git(origin, 'commit', '-qm', 'pr: link');
    git(origin, 'checkout', '-q', 'main');

    const shims = join(root, 'shims');
    mkdirSync(shims);
    writeFileSync(join(shims, 'npm'), NPM_STAND_IN, { mode: 0o755 });
    npmLog = join(root, 'npm.log');
    const buildCache = join(root, 'build-cache');
    mkdirSync(buildCache);
    const realNpm = execFileSync('bash', ['-c', 'command -v npm']).toString().trim();
    env = {
      PATH: `${shims}:${process.env.PATH}`,
      HOME: root,
      NO_COLOR: '1',
      CI: '1',
      OFW_NPM_LOG: npmLog,
      OFW_REAL_NPM: realNpm,
      OFW_NODE_MODULES: join(process.cwd(), 'node_modules'),
      OFW_BUILD_CACHE: buildCache,
    };
  }, 240_000);

  function runWorkflow(branch: string, jobs: 'all' | 'first shard' = 'all') {
    const wf = workflow();
    const artifacts = mkdtempSync(join(root, 'artifacts-'));
    const context = {
      event: { number: 7, baseSha, headSha: git(origin, 'rev-parse', branch).trim(), headRepo: 'acme/shop', labels: [] },
      repositories: { 'acme/shop': origin },
      repository: 'acme/shop',
      secrets: { OPENAI_API_KEY: 'sk-test-not-used-by-sim' },
      artifacts,
      env,
      scratch: root,
    };
    const shards = jobs === 'all' ? wf.jobs.eval!.strategy!.matrix.shard : [1];
    const evals = shards.map((shard) => runJob(wf, 'eval', context, { shard }));
    return { evals, gate: jobs === 'all' ? runJob(wf, 'gate', context) : undefined };
  }

  it("gives a pull request that changes src/, package.json, the baseline, the gate settings and commits a report folder the target branch's verdict", async () => {
    expect(prOwnVerdict.forged).toBe(0);
    const { evals, gate } = runWorkflow('pr-forged');
    for (const e of evals) expect(e.failedStep, e.log).toBeNull();
    expect(gate!.failedStep, gate!.log).toBe('Fail on a failed gate');
    expect(gate!.summary).toMatch(/^## orderflow: ❌ gate FAILED/);
    for (const file of ['reports/baseline.json', 'orderflow.config.yaml', 'package.json'])
      expect(gate!.summary).toContain(`This pull request changes \`${file}\`.`);

    // The same verdict as the target branch's orderflow, config and baseline give the pull request's prompts and cases directly.
    const merged = JSON.parse(readFileSync(join(gate!.runnerTemp, 'orderflow-report/report.json'), 'utf8'));
    const ws = gate!.workspace;
    const directOut = join(tempDir(), 'direct');
    const direct = await runCli(
      [
        'eval',
        '-q',
        '-c',
        'base/orderflow.config.yaml',
        '--prompts',
        'pr/prompts',
        '--cases',
        'pr/cases',
        '--baseline',
        'base/reports/baseline.json',
        '--out',
        directOut,
      ],
      { cwd: ws },
    );
    expect(direct.code, direct.stderr).toBe(1);
    const directReport = JSON.parse(readFileSync(join(directOut, 'report.json'), 'utf8'));
    const failing = (r: { gate: { checks: { id: string; passed: boolean }[] } }) =>
      r.gate.checks
        .filter((c) => !c.passed)
        .map((c) => c.id)
        .sort();
    expect(failing(merged)).toEqual(failing(directReport));
    expect(failing(merged)).toContain('case_pass_rate');
    expect(merged.summary).toEqual(directReport.summary);
    expect(merged.baseline.path).toMatch(/base\/reports\/baseline\.json$/);

    // Nothing of the pull request ran: not its sources, its launcher, its package scripts; npm only in the target branch's checkout.
    expect(readdirSync(markers)).toEqual([]);
    expect(existsSync(join(ws, 'pr/dist'))).toBe(false);
    const npmDirs = readFileSync(npmLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' ')[0]!);
    expect(npmDirs.length).toBeGreaterThan(0);
    for (const dir of npmDirs) expect(dir).toMatch(/\/workspace\/base$/);
    // The report folder it committed was not what the summary was made from.
    const committed = JSON.parse(readFileSync(join(ws, 'pr/orderflow-report/report.json'), 'utf8'));
    expect(committed.gate.passed).toBe(true);
    expect(gate!.summary).not.toContain(committed.run.id);
  }, 300_000);

  it('passes a pull request whose prompts and cases pass on the target branch (the workflow can pass)', () => {
    const { evals, gate } = runWorkflow('pr-clean');
    for (const e of evals) expect(e.failedStep, e.log).toBeNull();
    expect(gate!.failedStep, gate!.log).toBeNull();
    expect(gate!.summary).toMatch(/^## orderflow: ✅ gate passed/);
    expect(gate!.summary).not.toContain('This pull request changes');
  }, 300_000);

  it('stops a pull request that adds a link under prompts/ before orderflow reads anything', () => {
    const { evals } = runWorkflow('pr-link', 'first shard');
    expect(evals[0]!.failedStep).toBe("The pull request's data holds no links");
    expect(evals[0]!.log).toContain('prompts/leak.md');
    expect(existsSync(join(evals[0]!.runnerTemp, 'orderflow-shard-1'))).toBe(false);
  }, 120_000);
});

describe('orderflow summary', () => {
  it('stays under the cap whatever the run, and says where the rest is', async () => {
    const root = tempDir();
    for (const part of ['prompts', 'cases/intent_recognition', 'cases/pipeline/injection.yaml', 'orderflow.config.yaml'])
      cpSync(join(process.cwd(), part), join(root, part), { recursive: true });
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
    report.cases = Array.from({ length: 5000 }, (_, i) => ({
      id: `case-${i}-${long}`,
      module: 'intent_recognition',
      case_type: 'normal',
      status: 'failed',
      failed_checks: [{ name: 'check', reason: long }],
    }));
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
