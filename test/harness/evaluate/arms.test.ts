/**
 * Arms in one run: the same cases on each arm, interleaved, one report with
 * per-arm metrics and intervals, the paired comparison B vs A, a verdict per
 * metric, and the differing cases with both outputs — in report.json,
 * report.md, report.html and on the terminal. The gate judges the designated
 * arm; the cache keeps arms apart; bad arm flags are one clear line, exit 2.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intentV3 } from '../../support/intent-v3-fixture.js';
import { readResults, repoCopy } from '../../support/eval-fixture.js';
import { runCli } from '../../support/run-cli.js';

const INTENT = 'intent_recognition';

function withV3(): string {
  const root = repoCopy();
  writeFileSync(join(root, 'prompts/intent_v3.md'), intentV3());
  return root;
}

describe('two prompt versions as arms on sim', () => {
  it('one report with both arms, the paired verdicts and the differing cases side by side', async () => {
    const root = withV3();
    const out = join(root, 'arms');
    const r = await runCli(['eval', '--module', INTENT, '--prompt', `${INTENT}=intent_v2`, '--prompt', `${INTENT}=intent_v3`, '--no-baseline', '--out', out], {
      cwd: root,
    });
    expect([0, 1]).toContain(r.code);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const arms = report.arms;
    expect(arms.arms.map((a: { name: string }) => a.name)).toEqual(['intent_v2', 'intent_v3']);
    expect(arms.varied).toBe(`prompt of ${INTENT}`);
    expect(arms.designated).toBe('intent_v2');
    expect(arms.arms.map((a: { prompts: Record<string, string> }) => a.prompts[INTENT])).toEqual(['intent_v2', 'intent_v3']);

    // Every case ran once on each arm, interleaved: case by case, never one arm after the other.
    const results = readResults(out);
    const byArm = (name: string) => results.filter((x) => x.arm === name);
    expect(byArm('intent_v2').length).toBe(byArm('intent_v3').length);
    expect(new Set(byArm('intent_v2').map((x) => x.case_id))).toEqual(new Set(byArm('intent_v3').map((x) => x.case_id)));
    const firstHalf = results.slice(0, Math.ceil(results.length / 2));
    expect(new Set(firstHalf.map((x) => x.arm)).size).toBe(2);

    // The arms' own counts and the comparison agree with the results, counted here independently.
    const status = (name: string) => new Map(byArm(name).map((x) => [x.case_id, x.status]));
    const [v2, v3] = [status('intent_v2'), status('intent_v3')];
    for (const [i, name] of ['intent_v2', 'intent_v3'].entries()) {
      expect(arms.arms[i].summary.passed).toBe([...status(name).values()].filter((s) => s === 'passed').length);
      expect(arms.arms[i].metrics.case_pass_rate.interval).toBeDefined();
    }
    const better = [...v3].filter(([id, s]) => s === 'passed' && v2.get(id) !== 'passed').length;
    const worse = [...v3].filter(([id, s]) => s !== 'passed' && v2.get(id) === 'passed').length;
    const differing = [...v3]
      .filter(([id, s]) => s !== v2.get(id))
      .map(([id]) => id)
      .sort();
    const c = arms.comparisons[0];
    expect(c).toMatchObject({ a: 'intent_v2', b: 'intent_v3' });
    expect(c.paired).toMatchObject({ better, worse });
    expect(worse).toBeGreaterThan(0);
    expect(c.differing.map((d: { id: string }) => d.id).sort()).toEqual(differing);
    // Both outputs, the passing one too.
    for (const d of c.differing) {
      expect(d.a.output, d.id).toEqual(expect.any(String));
      expect(d.b.output, d.id).toEqual(expect.any(String));
    }
    const passRate = c.verdicts.find((v: { metric: string }) => v.metric === 'case_pass_rate');
    expect(passRate.verdict).toMatch(/^(better|worse|no detectable difference)$/);
    expect(passRate.detectable).toBeGreaterThan(0);

    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('## Arms');
    expect(md).toContain('### intent\\_v3 vs intent\\_v2');
    expect(md).toMatch(/case_pass_rate: intent_v3 vs intent_v2 .*: (\*\*worse\*\*|\*\*better\*\*|no detectable difference)/);
    expect(md).toContain(`**Differing cases (${differing.length})**`);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<section id="arms">');
    expect(html).toContain(`data-case="${differing[0]}"`);
    expect(r.stdout).toContain(`intent_v3 vs intent_v2: ${better} better, ${worse} worse`);
    expect(r.stdout).toContain(`${differing.length} case(s) differ`);
    // Each arm's own reports.
    for (const name of ['intent_v2', 'intent_v3']) expect(existsSync(join(out, 'arms', name, 'report.json'))).toBe(true);
  }, 120_000);

  it("the gate judges the designated arm against the baseline: --gate-arm picks it, and its reports are the run folder's", async () => {
    const root = withV3();
    const recorded = await runCli(['eval', '-q', '--update-baseline', '--prompt', `${INTENT}=intent_v2`, '--out', join(root, 'recorded')], { cwd: root });
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    const both = ['eval', '-q', '--module', INTENT, '--prompt', `${INTENT}=intent_v2`, '--prompt', `${INTENT}=intent_v3`];
    // The first arm is the one the baseline was recorded with: judged, it passes.
    const first = await runCli([...both, '--out', join(root, 'first')], { cwd: root });
    expect(first.code, first.stdout).toBe(0);
    const out = join(root, 'gated');
    const r = await runCli([...both, '--gate-arm', 'intent_v3', '--out', out], { cwd: root });
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const own = JSON.parse(readFileSync(join(out, 'arms/intent_v3/report.json'), 'utf8'));
    expect(report.arms.designated).toBe('intent_v3');
    expect(report.run.prompts[INTENT].name).toBe('intent_v3');
    expect(report.summary).toEqual(own.summary);
    expect(report.gate.passed).toBe(own.gate.passed);
    // v3 fails cases v2 passed: judged against the baseline, the gate fails on them.
    expect(report.baseline.newly_failing_count).toBeGreaterThan(0);
    expect(report.gate.passed).toBe(false);
    expect(r.code).toBe(1);
    // The other arm was not judged against the baseline.
    expect(JSON.parse(readFileSync(join(out, 'arms/intent_v2/report.json'), 'utf8')).baseline).toBeNull();
  }, 120_000);

  it.each([
    [
      ['--prompt', `${INTENT}=intent_v2`, '--prompt', `${INTENT}=intent_v2`],
      /--prompt: error: --prompt intent_recognition=intent_v2 is given twice: the two arms would be the same/,
    ],
    [['--provider', 'sim', '--provider', 'sim'], /--provider: error: --provider sim is given twice/],
    [['--prompt', `${INTENT}=intent_v2`, '--prompt', `${INTENT}=intent_v9`], /intent_v9/],
    [['--prompt', `${INTENT}=intent_v2`, '--prompt', `${INTENT}=intent_v3`, '--provider', 'sim', '--provider', 'sim:gullible'], /more than one cause/],
    [['--provider', 'sim', '--provider', 'sim:gullible', '--gate-arm', 'nope'], /--gate-arm: error: "nope" is not an arm of this run/],
  ])('refuses %j: one clear line, exit 2, nothing written', async (flags, message) => {
    const root = withV3();
    const r = await runCli(['eval', '--module', INTENT, ...flags, '--out', join(root, 'bad')], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(existsSync(join(root, 'bad'))).toBe(false);
  });
});

describe('arms with --update-baseline and --resume', () => {
  const key = (r: { arm?: string; case_id: string; trial: number; status: string }) => `${r.arm}/${r.case_id}#${r.trial} ${r.status}`;

  it("records the gated arm's results as the baseline, and a resumed run ends with each arm's trials once", async () => {
    const root = repoCopy();
    // A suite of the intent cases alone: a baseline records a whole suite, unfiltered.
    mkdirSync(join(root, 'intent-suite'));
    cpSync(join(root, 'cases', INTENT), join(root, 'intent-suite', INTENT), { recursive: true });
    const out = join(root, 'arms-run');
    const baseline = join(root, 'arms-baseline.json');
    // The gated arm second: a baseline taken from the first arm (or from both) would differ.
    const flags = ['eval', '--cases', join(root, 'intent-suite'), '--provider', 'sim:gullible', '--provider', 'sim', '--gate-arm', 'sim', '--out', out];
    const r = await runCli([...flags, '--baseline', baseline, '--update-baseline'], { cwd: root });
    expect(r.stderr).not.toMatch(/error/);
    const results = readResults(out);
    const gated = results.filter((x) => x.arm === 'sim');
    expect(gated.length).toBeGreaterThan(0);
    // The baseline holds the gated arm's cases with its verdicts, not the other arm's.
    const recorded = JSON.parse(readFileSync(baseline, 'utf8'));
    expect(recorded.run.provider).toBe('sim');
    const cases = recorded.cases as { id: string; status: string }[];
    expect(cases.map((c) => `${c.id} ${c.status}`).sort()).toEqual(gated.map((x) => `${x.case_id} ${x.status}`).sort());

    // Interrupted: the last lines (of both arms) lost; --resume runs exactly those again.
    const all = results.map(key).sort();
    const path = join(out, 'results.jsonl');
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    writeFileSync(path, `${lines.slice(0, -7).join('\n')}\n`);
    const resumed = await runCli([...flags, '--no-baseline', '--resume'], { cwd: root });
    expect([0, 1]).toContain(resumed.code);
    expect(readResults(out).map(key).sort()).toEqual(all);
  }, 120_000);
});

describe('arms in the config', () => {
  it('`arms:` runs each entry as an arm, like the flags; one entry alone is refused with the line', async () => {
    const root = withV3();
    const config = join(root, 'orderflow.config.yaml');
    const original = readFileSync(config, 'utf8');
    writeFileSync(config, `${original}\narms:\n  - prompt: { ${INTENT}: intent_v2 }\n  - prompt: { ${INTENT}: intent_v3 }\n`);
    const r = await runCli(['eval', '-q', '--module', INTENT, '--no-baseline', '--out', join(root, 'configured')], { cwd: root });
    expect([0, 1], r.stderr).toContain(r.code);
    const report = JSON.parse(readFileSync(join(root, 'configured/report.json'), 'utf8'));
    expect(report.arms.arms.map((a: { name: string }) => a.name)).toEqual(['intent_v2', 'intent_v3']);

    writeFileSync(config, `${original}\narms:\n  - prompt: { ${INTENT}: intent_v2 }\n`);
    const one = await runCli(['eval', '-q', '--module', INTENT, '--no-baseline', '--out', join(root, 'one')], { cwd: root });
    expect(one.code).toBe(2);
    expect(one.stderr).toMatch(/orderflow.config.yaml:\d+: .*arms.*at least two entries/);
  }, 120_000);
});

describe('diff, summary and merge of a run with arms', () => {
  it("summary gives the verdict lines, diff names the gated arm, merge takes each arm's folder and refuses the mixed one", async () => {
    const root = withV3();
    const out = join(root, 'arms');
    await runCli(['eval', '-q', '--module', INTENT, '--prompt', `${INTENT}=intent_v2`, '--prompt', `${INTENT}=intent_v3`, '--no-baseline', '--out', out], {
      cwd: root,
    });
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const c = report.arms.comparisons[0];

    const summary = await runCli(['summary', out], { cwd: root });
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toContain('### Arms (prompt of intent_recognition)');
    expect(summary.stdout).toContain(`${c.differing_count} case(s) with different verdicts`);
    expect(summary.stdout).toMatch(/- case_pass_rate: intent_v3 vs intent_v2/);

    const diff = await runCli(['diff', join(out, 'arms/intent_v2'), out], { cwd: root });
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toMatch(/a run with arms \(intent_v2, intent_v3\): compared as its gated arm intent_v2/);

    const mixed = await runCli(['merge', out, '--no-baseline', '--out', join(root, 'merged')], { cwd: root });
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/holds the results of 2 arms \(intent_v2, intent_v3\)/);
    expect(existsSync(join(root, 'merged'))).toBe(false);
    // Shards of an arm run merge arm by arm into that arm's whole run.
    const both = ['eval', '-q', '--module', INTENT, '--prompt', `${INTENT}=intent_v2`, '--prompt', `${INTENT}=intent_v3`, '--no-baseline'];
    for (const shard of ['1/2', '2/2']) await runCli([...both, '--shard', shard, '--out', join(root, `shard${shard[0]}`)], { cwd: root });
    const one = await runCli(
      ['merge', join(root, 'shard1/arms/intent_v3'), join(root, 'shard2/arms/intent_v3'), '--no-baseline', '--out', join(root, 'merged-v3')],
      { cwd: root },
    );
    expect([0, 1], one.stderr).toContain(one.code);
    const merged = JSON.parse(readFileSync(join(root, 'merged-v3/report.json'), 'utf8'));
    expect(merged.summary).toEqual(report.arms.arms[1].summary);
  }, 120_000);
});

describe('two providers as arms', () => {
  it('sim and sim:gullible on the pipeline: scenarios run per arm like module cases', async () => {
    const root = repoCopy();
    const out = join(root, 'providers');
    await runCli(
      [
        'eval',
        '-q',
        '--module',
        'pipeline',
        '--id',
        'pipe-inj*',
        '--provider',
        'sim',
        '--provider',
        'sim:gullible',
        '--no-guards',
        '--no-baseline',
        '--out',
        out,
      ],
      { cwd: root },
    );
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.arms.arms.map((a: { provider: string }) => a.provider)).toEqual(['sim', 'sim:gullible']);
    const inj = report.arms.comparisons[0].verdicts.find((v: { metric: string }) => v.metric === 'injection_success_rate');
    expect(inj.b).toBeGreaterThan(inj.a);
    expect(readdirSync(join(out, 'arms')).sort()).toEqual(['sim', 'sim_gullible']);
  }, 120_000);
});

describe('two models as arms on the noisy loopback model', () => {
  it('B much worse is called worse, equal models are not told apart, and the cache keeps the arms apart', async () => {
    const { cpSync, mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { loadWorkspace } = await import('../../../src/harness/workspace.js');
    const { moduleCaseCalls, startNoisyModelServer } = await import('../../support/noisy-model-server.js');
    const root = mkdtempSync(join(tmpdir(), 'orderflow-arms-'));
    cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
    cpSync(join(process.cwd(), 'cases', INTENT), join(root, 'cases', INTENT), { recursive: true });
    const config = join(root, 'orderflow.config.yaml');
    // The cache on, to show that it keeps the arms apart.
    writeFileSync(
      config,
      readFileSync(join(process.cwd(), 'test/support/noisy-model.config.yaml'), 'utf8').replace(/mode: off\b/, 'mode: read_write\n  dir: .orderflow-cache'),
    );
    const ws = await loadWorkspace({ config, prompts: join(root, 'prompts') });
    const model = await startNoisyModelServer({
      prompts: ws.active,
      caseCalls: await moduleCaseCalls(root),
      script: { accuracy: 0.95, seed: 3, modelAccuracy: { 'model-a': 0.97, 'model-b': 0.3 } },
    });
    const env = { OPENAI_API_KEY: 'sk-arms-test', OPENAI_BASE_URL: model.server.baseURL };
    const run = async (name: string, models: string[], extra: string[] = []) => {
      const out = join(root, name);
      const r = await runCli(['eval', '-q', '--provider', 'openai', ...models.flatMap((m) => ['--model', m]), '--no-baseline', '--out', out, ...extra], {
        cwd: root,
        env,
      });
      expect([0, 1], r.stderr).toContain(r.code);
      return { report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')), results: readResults(out) };
    };
    try {
      const apart = await run('apart', ['model-a', 'model-b']);
      const c = apart.report.arms.comparisons[0];
      expect(c.verdicts.find((v: { metric: string }) => v.metric === 'case_pass_rate').verdict).toBe('worse');
      expect(c.differing_count).toBeGreaterThan(5);

      // The same answers again, from the cache: each arm gets its own (mixed arms would give B A's answers).
      const calls = model.counts().drawn;
      const again = await run('again', ['model-a', 'model-b']);
      expect(model.counts().drawn).toBe(calls);
      const verdicts = (results: { arm?: string; case_id: string; status: string }[]) => results.map((x) => `${x.arm}/${x.case_id}:${x.status}`).sort();
      expect(verdicts(again.results)).toEqual(verdicts(apart.results));
      const cacheEntries = readdirSync(join(root, '.orderflow-cache'), { recursive: true }).filter((f) => String(f).endsWith('.json'));
      expect(cacheEntries.length).toBe(apart.results.length);

      model.setScript({ accuracy: 0.95, seed: 4 });
      const alike = await run('alike', ['model-c', 'model-d'], ['--no-cache']);
      expect(alike.report.arms.comparisons[0].verdicts.find((v: { metric: string }) => v.metric === 'case_pass_rate').verdict).toBe('no detectable difference');
    } finally {
      await model.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
