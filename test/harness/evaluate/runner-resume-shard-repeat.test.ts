import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/harness/config/config.js';
import { loadBaseline } from '../../../src/harness/report/baseline.js';
import { mergeRuns } from '../../../src/harness/report/merge-runs.js';
import { evalIn, readReport, readResults, repoCopy } from '../../support/eval-fixture.js';

describe('runner: streaming, resume, shards, repeats', () => {
  it('--resume finishes an interrupted run without re-running or losing what finished', async () => {
    const root = repoCopy();
    const out = join(root, 'out');
    const full = await evalIn(root, { out, module: ['intent_recognition', 'pipeline'] });
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
    const kept = lines.slice(0, 8);
    // Interrupted mid-write: eight complete lines, then half a line.
    writeFileSync(join(out, 'results.jsonl'), `${kept.join('\n')}\n${lines[8]!.slice(0, 40)}`);
    const resumed = await evalIn(root, { out, module: ['intent_recognition', 'pipeline'], resume: true });
    const results = readResults(out);
    expect(results).toHaveLength(full.head.summary.total);
    expect(new Set(results.map((r) => r.case_id)).size).toBe(results.length);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8').startsWith(`${kept.join('\n')}\n`)).toBe(true);
    expect(resumed.head.summary).toEqual(full.head.summary);
    expect(resumed.head.metrics.case_pass_rate).toEqual(full.head.metrics.case_pass_rate);
  });

  it('--resume runs a case again when it was edited after its result was written, so the verdict is on the case as it is now', async () => {
    const root = repoCopy();
    const out = join(root, 'out');
    await evalIn(root, { out, module: ['intent_recognition'] });
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
    writeFileSync(join(out, 'results.jsonl'), `${lines.slice(0, 4).join('\n')}\n`);
    // The first case, finished and kept above, now expects another intent: it can no longer pass.
    const file = join(root, 'cases/intent_recognition/intent.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('        intent: refund_request', '        intent: logistics_query'));
    const resumed = await evalIn(root, { out, module: ['intent_recognition'], resume: true });
    const edited = readResults(out).filter((r) => r.case_id === 'intent-seed-refund-unshipped-001');
    expect(edited).toHaveLength(1);
    expect(edited[0]!.status).toBe('failed');
    expect(resumed.head.summary.failed).toBe(1);
    expect(resumed.warnings.map((w) => w.message).join('\n')).toMatch(/1 result\(s\) of cases edited since they ran/);
  });

  it('--resume removes the temp files a run stopped in its report step left behind', async () => {
    const root = repoCopy();
    const out = join(root, 'out');
    await evalIn(root, { out, module: ['intent_recognition'] });
    const stale = ['report.json.999999.cases.part', 'junit.xml.0.999999.part', 'report.md.999999.tmp'];
    for (const name of stale) writeFileSync(join(out, name), 'half');
    writeFileSync(join(out, 'notes.txt'), 'mine');
    await evalIn(root, { out, module: ['intent_recognition'], resume: true });
    expect(readdirSync(out).sort()).toEqual(['.orderflow-run', 'junit.xml', 'notes.txt', 'report.html', 'report.json', 'report.md', 'results.jsonl']);
  });

  it('refuses to resume with other prompt versions or provider', async () => {
    const root = repoCopy();
    const out = join(root, 'out');
    await evalIn(root, { out, module: ['intent_recognition'] });
    const before = readFileSync(join(out, 'results.jsonl'), 'utf8');
    await expect(evalIn(root, { out, module: ['intent_recognition'], resume: true, provider: 'sim:gullible' })).rejects.toThrow(
      /cannot resume: provider differs/,
    );
    // Another version of the module's prompt: same behaviour on sim, other bytes, so its results may not be mixed in.
    const v2 = readFileSync(join(root, 'prompts/intent_v2.md'), 'utf8');
    const v4 = v2
      .replaceAll('intent_v2', 'intent_v4')
      .replace('version: v2.0.0', 'version: v4.0.0')
      .replace('changelog:\n', 'changelog:\n  - v4.0.0: Reworded nothing of substance.\n');
    writeFileSync(join(root, 'prompts/intent_v4.md'), v4);
    await expect(evalIn(root, { out, module: ['intent_recognition'], resume: true, prompt: ['intent_recognition=intent_v4'] })).rejects.toThrow(
      /cannot resume: prompts\.intent_recognition differs/,
    );
    // The same version with its text edited in place counts as another prompt too.
    writeFileSync(join(root, 'prompts/intent_v2.md'), v2.replace('You do not look anything up', 'You never look anything up'));
    await expect(evalIn(root, { out, module: ['intent_recognition'], resume: true, prompt: ['intent_recognition=intent_v2'] })).rejects.toThrow(
      /cannot resume: prompts\.intent_recognition differs/,
    );
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(before);
    await expect(evalIn(root, { out, module: ['intent_recognition'], prompt: ['intent_recognition=intent_v2'] })).rejects.toThrow(/already holds a run/);
  });

  it('shards partition the suite and merge back into the same verdicts', async () => {
    const root = repoCopy();
    const full = await evalIn(root, { out: join(root, 'full'), provider: 'sim:gullible' });
    const a = await evalIn(root, { out: join(root, 's1'), provider: 'sim:gullible', shard: '1/3' });
    const b = await evalIn(root, { out: join(root, 's2'), provider: 'sim:gullible', shard: '2/3' });
    const c = await evalIn(root, { out: join(root, 's3'), provider: 'sim:gullible', shard: '3/3' });
    expect(a.head.summary.total + b.head.summary.total + c.head.summary.total).toBe(full.head.summary.total);
    expect(Math.min(a.head.summary.total, b.head.summary.total, c.head.summary.total)).toBeGreaterThan(0);
    const merged = await mergeRuns({
      inputs: [join(root, 's1'), join(root, 's2'), join(root, 's3')],
      out: join(root, 'merged'),
      reportsDir: root,
      baseline: null,
      config: { gate: {}, max_new_failures: 0, max_removed_cases: 0 },
    });
    expect(merged.head.summary).toEqual(full.head.summary);
    for (const id of ['case_pass_rate', 'injection_success_rate', 'unsafe_proposal_rate', 'task_success_rate'] as const) {
      expect(merged.head.metrics[id]).toEqual(full.head.metrics[id]);
    }
    const statuses = (dir: string) => Object.fromEntries(readReport(dir).cases.map((x) => [x.id, x.status]));
    expect(statuses(join(root, 'merged'))).toEqual(statuses(join(root, 'full')));
    await expect(
      mergeRuns({
        inputs: [join(root, 's1'), join(root, 's1')],
        reportsDir: root,
        baseline: null,
        config: { gate: {}, max_new_failures: 0, max_removed_cases: 0 },
      }),
    ).rejects.toThrow(/shard 1\/3 is also/);
  });

  it('two whole runs of different modules merge into their union: the filters say so, and the baseline finds nothing removed', async () => {
    const root = repoCopy();
    const base = join(root, 'baseline.json');
    await evalIn(root, { out: join(root, 'full'), baseline: base, updateBaseline: true });
    await evalIn(root, { out: join(root, 'a'), module: ['intent_recognition'] });
    await evalIn(root, { out: join(root, 'b'), module: ['pipeline'] });
    const { config } = await loadConfig(join(root, 'orderflow.config.yaml'));
    const merged = await mergeRuns({
      inputs: [join(root, 'a'), join(root, 'b')],
      out: join(root, 'merged'),
      reportsDir: root,
      baseline: await loadBaseline(base),
      config,
    });
    expect(merged.head.run.filters.modules).toEqual(['intent_recognition', 'pipeline']);
    expect(merged.head.baseline!.removed_count).toBe(0);
    expect(merged.head.gate.passed).toBe(true);
  });

  it('--repeat k runs k trials per case and reports pass^k', async () => {
    const root = repoCopy();
    const result = await evalIn(root, { out: join(root, 'out'), repeat: 3, module: ['intent_recognition'], provider: 'sim:gullible' });
    const results = readResults(join(root, 'out'));
    const cases = new Set(results.map((r) => r.case_id)).size;
    expect(results).toHaveLength(cases * 3);
    const m = result.head.metrics.pass_hat_k!;
    expect(m).toMatchObject({ k: 3, denominator: cases });
    // sim is deterministic: every trial agrees, so pass^1 = pass^3 = the case pass rate.
    expect((m.by_k as Record<string, number>)['1']).toBe(m.value);
    expect(m.value).toBe(Math.round((result.head.metrics.case_pass_rate!.numerator / 3 / cases) * 10_000) / 10_000);
    expect(readReport(join(root, 'out')).cases.every((c) => c.trials?.n === 3)).toBe(true);
    // junit.xml: one testcase per case, and the top-level totals are the sums of its suites.
    const junit = readFileSync(join(root, 'out', 'junit.xml'), 'utf8');
    const attrs = (tag: string) =>
      [...junit.matchAll(new RegExp(`<${tag} [^>]*tests="(\\d+)" failures="(\\d+)" errors="(\\d+)"`, 'g'))].map((m) => [1, 2, 3].map((i) => Number(m[i])));
    const [top] = attrs('testsuites');
    const suites = attrs('testsuite');
    expect(top).toEqual([0, 1, 2].map((i) => suites.reduce((n, s) => n + s[i]!, 0)));
    expect(top![0]).toBe(cases);
    expect((junit.match(/<testcase /g) ?? []).length).toBe(cases);
  });
});
