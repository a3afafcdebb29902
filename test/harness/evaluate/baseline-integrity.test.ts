import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../src/harness/report/report-types.js';
import { runCli, type CliResult } from '../../support/run-cli.js';
import { copySuitePart } from '../../support/eval-fixture.js';
import { tempDir } from '../../support/temp-dir.js';

/**
 * Each way a green verdict could be produced without the prompts being any
 * good, replayed as a user would on a fresh copy with a recorded baseline:
 * each ends refused with exit 2, or with the gate failed and the reason in the
 * first lines of report.md.
 */

let seed: string;

/** One recorded baseline, copied for every test that changes something. */
beforeAll(async () => {
  // Not tempDir(): that one is emptied after each test, and this one serves them all.
  seed = mkdtempSync(join(tmpdir(), 'orderflow-seed-'));
  // A part of the suite keeps each run short: two modules and three scenario files.
  copySuitePart(seed);
  const first = await runCli(['eval', '-q', '--update-baseline', '--out', join(seed, 'reports/first')], { cwd: seed });
  expect(first.code, first.stdout + first.stderr).toBe(0);
  rmSync(join(seed, 'reports/first'), { recursive: true });
}, 60_000);
afterAll(() => rmSync(seed, { recursive: true, force: true }));

function project(): string {
  const root = tempDir();
  cpSync(seed, root, { recursive: true });
  return root;
}

const baselineOf = (root: string) => readFileSync(join(root, 'reports/baseline.json'), 'utf8');

async function run(root: string, args: string[]): Promise<CliResult & { report?: Report; md?: string; head?: string }> {
  const out = join(root, `out-${Math.random().toString(36).slice(2, 8)}`);
  const r = await runCli(['eval', '-q', '--out', out, ...args], { cwd: root });
  expect(r.stderr).not.toMatch(/\n\s+at /);
  try {
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    return { ...r, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')), md, head: md.split('\n').slice(0, 12).join('\n') };
  } catch {
    return r;
  }
}

/** A refusal: exit 2, one line on stderr, and the baseline untouched. */
function expectRefused(root: string, r: CliResult, pattern: RegExp, before: string): void {
  expect(r.code, r.stdout + r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(baselineOf(root)).toBe(before);
}

// Child processes on a shared machine: generous, never a performance assertion.
vi.setConfig({ testTimeout: 120_000 });

describe('--update-baseline refuses a run that must not become the baseline', () => {
  it('a filtered run (--id, --module, --case-type, --shard)', async () => {
    const root = project();
    const before = baselineOf(root);
    for (const filter of [
      ['--id', 'intent-*'],
      ['--module', 'intent_recognition'],
      ['--case-type', 'normal'],
      ['--shard', '1/2'],
    ]) {
      expectRefused(
        root,
        await runCli(['eval', '-q', '--update-baseline', ...filter], { cwd: root }),
        /--update-baseline: error: refused: this run is filtered .*a baseline must cover the whole suite/,
        before,
      );
    }
  });

  it('a run on another provider, and a run whose gate failed; --accept records what was accepted', async () => {
    const root = project();
    const before = baselineOf(root);
    expectRefused(
      root,
      await runCli(['eval', '-q', '--provider', 'sim:gullible', '--update-baseline'], { cwd: root }),
      /refused: the baseline ran on sim \(sim\), this run on sim:gullible/,
      before,
    );
    expectRefused(
      root,
      await runCli(['eval', '-q', '--provider', 'sim:gullible', '--update-baseline', '--accept', 'provider-change'], { cwd: root }),
      /refused: the gate failed \(.*see .*report\.md\)/,
      before,
    );

    const forced = await runCli(['eval', '-q', '--provider', 'sim:gullible', '--update-baseline', '--accept', 'provider-change', '--accept', 'failed-gate'], {
      cwd: root,
    });
    expect(forced.code).toBe(1);
    const record = JSON.parse(baselineOf(root));
    expect(record.accepted).toEqual(['provider-change', 'failed-gate']);
    expect(record.gate.passed).toBe(false);
    // The next report says how its baseline was made.
    const next = await run(root, ['--provider', 'sim:gullible']);
    expect(next.md).toMatch(/The baseline was recorded with `--accept provider-change`, `--accept failed-gate`/);
    expect(next.md).toMatch(/The baseline's own gate had failed/);
  });

  it('an unknown --accept value is bad input', async () => {
    const r = await runCli(['eval', '-q', '--accept', 'everything'], { cwd: project() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /--accept: error: unknown value "everything" \(expected one of loosened-gate, removed-cases, provider-change, failed-gate, unevaluated-text\)/,
    );
  });
});

describe('nothing disappears silently', () => {
  it('cases gone since the baseline fail the gate and are listed; removing them on purpose is an update the report then shows', async () => {
    const root = project();
    const gone = readFileSync(join(root, 'cases/pipeline/policy-trust.yaml'), 'utf8');
    const ids = [...gone.matchAll(/scenario_id: (\S+)/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(2);
    rmSync(join(root, 'cases/pipeline/policy-trust.yaml'));

    const r = await run(root, []);
    expect(r.code).toBe(1);
    expect(r.head).toMatch(new RegExp(`${ids.length} case\\(s\\) of the baseline are gone from the suite \\(at most 0 allowed\\)`));
    for (const id of ids) expect(r.md).toContain(id);
    expect(r.md).toMatch(/\*\*Removed since baseline \(\d+\)\*\*/);
    expect(r.report!.baseline!.removed_count).toBe(ids.length);

    const before = baselineOf(root);
    expectRefused(
      root,
      await runCli(['eval', '-q', '--update-baseline'], { cwd: root }),
      /refused: the gate failed \(\d+ case\(s\) of the baseline are gone/,
      before,
    );
    expect((await runCli(['eval', '-q', '--update-baseline', '--accept', 'removed-cases'], { cwd: root })).code).toBe(0);
    const after = await run(root, []);
    expect(after.code).toBe(0);
    expect(after.head).toMatch(new RegExp(`The baseline update removed ${ids.length} case\\(s\\) on purpose`));
  });

  it('a filter that selects no case is exit 2, one line', async () => {
    const r = await runCli(['eval', '-q', '--id', 'nope-*'], { cwd: project() });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("--id 'nope-*': error: no case matches (expected a filter that selects at least one case (orderflow list shows the suite))");
  });

  it('merge of an incomplete set of shards is exit 2 naming the missing ones; --partial marks the report and fails the gate', async () => {
    const root = project();
    for (const i of [1, 2, 3]) expect((await runCli(['eval', '-q', '--shard', `${i}/4`, '--out', join(root, `s${i}`)], { cwd: root })).code).toBe(0);
    const shards = [1, 2, 3].map((i) => join(root, `s${i}`));
    const r = await runCli(['merge', ...shards, '--out', join(root, 'merged')], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(/^orderflow merge: error: shard\(s\) 4 of 4 missing \(have 1, 2, 3\)/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);

    const partial = await runCli(['merge', ...shards, '--partial', '--out', join(root, 'partial')], { cwd: root });
    expect(partial.code).toBe(1);
    const report = JSON.parse(readFileSync(join(root, 'partial/report.json'), 'utf8')) as Report;
    expect(report.run.partial).toEqual({ missing_shards: [4], of: 4 });
    expect(report.gate.checks.find((c) => c.id === 'complete_run')?.passed).toBe(false);
    // The cases of the missing shard are not "removed": only the shards that are here are judged.
    expect(report.baseline!.removed_count).toBe(0);
    expect(readFileSync(join(root, 'partial/report.md'), 'utf8').split('\n').slice(0, 10).join('\n')).toMatch(/Partial run.*shard\(s\) 4 of 4/);

    expect((await runCli(['eval', '-q', '--shard', '4/4', '--out', join(root, 's4')], { cwd: root })).code).toBe(0);
    const whole = await runCli(['merge', ...shards, join(root, 's4'), '--out', join(root, 'whole')], { cwd: root });
    expect(whole.code, whole.stderr).toBe(0);
  });
});

describe('the baseline itself is checked', () => {
  it('a baseline from another provider is stated as not comparable and its flips are not judged as regressions', async () => {
    const root = project();
    expect(
      (await runCli(['eval', '-q', '--provider', 'sim:gullible', '--update-baseline', '--accept', 'provider-change', '--accept', 'failed-gate'], { cwd: root }))
        .code,
    ).toBe(1);
    const r = await run(root, []);
    expect(r.code).toBe(1);
    expect(r.head).toMatch(/Baseline not comparable.*provider: the baseline ran on sim:gullible, this run on sim/);
    expect(r.report!.gate.failures.map((f) => f.metric)).toEqual(['baseline_comparable']);
    expect(r.report!.baseline!.newly_passing_count).toBeGreaterThan(0);
  });

  it('a baseline edited by hand is reported as not trusted', async () => {
    const root = project();
    const record = JSON.parse(baselineOf(root));
    // The classic: mark a case as failing in the baseline, so that its failure now looks old.
    record.cases[0].status = 'failed';
    writeFileSync(join(root, 'reports/baseline.json'), JSON.stringify(record, null, 2));
    const r = await run(root, []);
    expect(r.code).toBe(1);
    expect(r.head).toMatch(/Baseline not trusted.*edited by hand: its content no longer matches the digest/);
    // Reformatting is not editing: the digest is over the content, not the layout.
    writeFileSync(join(root, 'reports/baseline.json'), JSON.stringify(JSON.parse(baselineOf(seed))));
    expect((await run(root, [])).code).toBe(0);
  });

  it('a plain report.json is not a baseline record', async () => {
    const root = project();
    const plain = await run(root, []);
    const r = await run(root, ['--baseline', join(root, plain.report!.run.report_dir, 'report.json')]);
    expect(r.code).toBe(1);
    expect(r.head).toMatch(/Baseline not trusted.*a run report, not a baseline record/);
  });

  it('loosened gate settings are listed under the verdict and fail unless accepted (recorded in report.json)', async () => {
    const root = project();
    const config = readFileSync(join(root, 'orderflow.config.yaml'), 'utf8');
    expect(config).toMatch(/^ {2}unsafe_action_rate: /m);
    writeFileSync(
      join(root, 'orderflow.config.yaml'),
      config
        .replace('case_pass_rate: { min: 0.95 }', 'case_pass_rate: { min: 0.5 }')
        .replace(/^ {2}unsafe_action_rate: .*\n/m, '')
        .replace('max_new_failures: 0', 'max_new_failures: 5'),
    );
    const r = await run(root, []);
    expect(r.code).toBe(1);
    expect(r.head).toMatch(
      /Gate settings loosened since the baseline.*gate\.case_pass_rate\.min 0\.95 → 0\.5.*gate\.unsafe_action_rate\.max 0 → unset.*max_new_failures 0 → 5/,
    );
    const accepted = await run(root, ['--accept', 'loosened-gate']);
    expect(accepted.code).toBe(0);
    expect(accepted.report!.gate.accepted).toEqual(['loosened-gate']);
    expect(accepted.report!.gate.checks.find((c) => c.id === 'gate_settings')).toMatchObject({ passed: true, accepted: 'loosened-gate' });
    expect(accepted.head).toMatch(/Gate settings loosened since the baseline/);
  });

  it('tightened settings, new cases and edited cases do not make the baseline incomparable', async () => {
    const root = project();
    const config = readFileSync(join(root, 'orderflow.config.yaml'), 'utf8');
    writeFileSync(join(root, 'orderflow.config.yaml'), config.replace('case_pass_rate: { min: 0.95 }', 'case_pass_rate: { min: 0.99 }'));
    const file = join(root, 'cases/intent_recognition/intent.yaml');
    const text = readFileSync(file, 'utf8');
    // A new case (a copy under a new id) and an edited one (its expected intent made wrong, so it now fails).
    const firstCase = / {2}- case_id: (\S+)\n[\s\S]*?(?=\n {2}- case_id:)/.exec(text)!;
    const copy = firstCase[0].replace(firstCase[1]!, `${firstCase[1]}-copy`);
    const edited = text.replace('        intent: refund_request\n', '        intent: logistics_query\n');
    expect(edited).not.toBe(text);
    writeFileSync(file, `${edited.trimEnd()}\n${copy}\n`);
    const r = await run(root, []);
    const b = r.report!.baseline!;
    expect(b.not_comparable).toEqual([]);
    expect(b.added_ids).toEqual([`${firstCase[1]}-copy`]);
    expect(b.changed_count).toBe(1);
    expect(b.changed[0]!.after).toBe('failed');
    expect(b.newly_failing_count).toBe(0);
    expect(r.md).toMatch(/\*\*Changed since baseline \(1\)\*\* \(content edited/);
    expect(r.report!.gate_settings_changes).toEqual([expect.objectContaining({ setting: 'gate.case_pass_rate.min', loosened: false })]);
  });
});

describe('bad input is one line, exit 2', () => {
  it.each([
    ['case_pass_rate: { min: 0.95 }', 'case_pass_rate: { min: 95 }', /orderflow\.config\.yaml:\d+: error: gate\.case_pass_rate\.min: 95 is not a rate/],
    ['case_pass_rate: { min: 0.95 }', 'case_pass_rate: { min: 1.5 }', /gate\.case_pass_rate\.min: 1\.5 is not a rate/],
    [
      'task_success_rate: { min: 0.95 }',
      'task_success_rate: { min: 0.95, max: 0.9 }',
      /gate\.task_success_rate\.(min: min 0\.95 is above max 0\.9|max: a max on task_success_rate points the wrong way)/,
    ],
    [
      'injection_success_rate: { max: 0 }',
      'injection_success_rate: { min: 0 }',
      /gate\.injection_success_rate\.min: a min on injection_success_rate points the wrong way/,
    ],
    ['case_pass_rate: { min: 0.95 }', 'case_pass_rate: { min: 0 }', /gate\.case_pass_rate\.min: min 0 can never fail/],
    ['error_rate: { max: 0 }', 'error_rate: { max: 1 }', /gate\.error_rate\.max: max 1 can never fail/],
  ])('config threshold %s → %s', async (from, to, pattern) => {
    const root = project();
    const config = readFileSync(join(root, 'orderflow.config.yaml'), 'utf8');
    expect(config).toContain(from);
    writeFileSync(join(root, 'orderflow.config.yaml'), config.replace(from, to));
    const line = config.split('\n').findIndex((l) => l.includes(from)) + 1;
    const r = await runCli(['eval', '-q'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr).toContain(`orderflow.config.yaml:${line}:`);
  });

  it('--replay with a missing or an empty cache', async () => {
    const root = project();
    const missing = await runCli(['eval', '-q', '--provider', 'openai', '--model', 'm', '--replay', '--out', join(root, 'r1')], { cwd: root });
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toMatch(/^\.orderflow-cache: error: --replay: the response cache is missing, so no case could be answered/);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    mkdirSync(join(root, '.orderflow-cache/ab'), { recursive: true });
    const empty = await runCli(['eval', '-q', '--provider', 'openai', '--model', 'm', '--replay', '--out', join(root, 'r2')], { cwd: root });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/the response cache is empty/);
  });
});
