/**
 * The comparison with the baseline, case by case: newly failing, newly
 * passing, new, changed, acknowledged, removed — and when the two runs are not
 * comparable at all. Each rule with a case it must count and one it must not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, type Problem } from '../../../src/harness/base/errors.js';
import { BaselineComparison, loadBaseline, resolveBaseline, type Baseline, type SuiteScope } from '../../../src/harness/report/baseline.js';
import {
  BASELINE_FORMAT,
  BASELINE_FORMAT_VERSION,
  sealRecord,
  serialiseRecord,
  type BaselineCase,
  type BaselineRecord,
} from '../../../src/harness/report/baseline-record.js';
import type { CaseStatus } from '../../../src/harness/runner/case-result.js';
import type { Metrics } from '../../../src/harness/scoring/metric-accumulator.js';
import { ratio } from '../../../src/harness/scoring/metric-value.js';
import { recordedSimRun, sealedRecord } from '../../support/recorded-run.js';
import { tempDir } from '../../support/temp-dir.js';

const c = (id: string, status: CaseStatus, hash?: string, module = 'intent_recognition'): BaselineCase => ({
  id,
  module,
  case_type: 'normal',
  status,
  ...(hash ? { hash } : {}),
});

function baseline(cases: BaselineCase[], patch: Partial<Baseline> = {}): Baseline {
  return {
    path: 'reports/baseline.json',
    run_id: 'base-run',
    metrics: { case_pass_rate: ratio(3, 4) },
    cases: new Map(cases.map((x) => [x.id, x])),
    provider: 'sim',
    model: 'sim',
    gates_enabled: true,
    record: null,
    untrusted: null,
    ...patch,
  };
}

const SAME = { provider: 'sim', model: 'sim', gates_enabled: true };
const BASE = [c('a', 'passed', 'ha'), c('b', 'passed', 'hb'), c('c', 'failed', 'hc'), c('d', 'error', 'hd')];

function compare(now: [string, CaseStatus, string?][], b = baseline(BASE), identity = SAME, metrics: Metrics = { case_pass_rate: ratio(3, 4) }) {
  const comparison = new BaselineComparison(b, identity);
  const pairing = now.map(([id, status, hash]) => comparison.add(id, status, hash));
  return { diff: comparison.finish(metrics), pairing };
}

const unchanged: [string, CaseStatus, string][] = [
  ['a', 'passed', 'ha'],
  ['b', 'passed', 'hb'],
  ['c', 'failed', 'hc'],
  ['d', 'error', 'hd'],
];
const with_ = (id: string, status: CaseStatus, hash = `h${id}`): [string, CaseStatus, string][] => unchanged.map((x) => (x[0] === id ? [id, status, hash] : x));

describe('BaselineComparison: flips', () => {
  it('the same verdicts: nothing flipped, nothing new, nothing removed, comparable', () => {
    const { diff, pairing } = compare(unchanged);
    expect(diff).toMatchObject({
      newly_failing_count: 0,
      newly_passing_count: 0,
      added: 0,
      removed_count: 0,
      changed_count: 0,
      not_comparable: [],
      untrusted: null,
    });
    expect(pairing).toEqual(['compared', 'compared', 'compared', 'compared']);
  });

  it.each([
    ['failed', 'a'],
    ['error', 'b'],
  ] as const)('passed before, %s now: newly failing', (status, id) => {
    const { diff } = compare(with_(id, status));
    expect(diff.newly_failing).toEqual([id]);
    expect(diff.newly_failing_count).toBe(1);
    expect(diff.newly_passing_count).toBe(0);
  });

  it.each([
    ['failed', 'c'],
    ['error', 'd'],
  ] as const)('%s before, passed now: newly passing', (_before, id) => {
    const { diff } = compare(with_(id, 'passed'));
    expect(diff.newly_passing).toEqual([id]);
    expect(diff.newly_passing_count).toBe(1);
    expect(diff.newly_failing_count).toBe(0);
  });

  it('failed before, error now (and back) is neither', () => {
    const { diff } = compare(with_('c', 'error'));
    expect([diff.newly_failing_count, diff.newly_passing_count]).toEqual([0, 0]);
    expect([compare(with_('d', 'failed')).diff.newly_failing_count, compare(with_('d', 'failed')).diff.newly_passing_count]).toEqual([0, 0]);
  });

  it('a case new since the baseline is added, not a flip', () => {
    const { diff, pairing } = compare([...unchanged, ['e', 'failed', 'he']]);
    expect(diff).toMatchObject({ added: 1, added_ids: ['e'], newly_failing_count: 0 });
    expect(pairing[4]).toBe('new');
  });

  it('a case whose content changed is listed as changed, and its flip is not a regression', () => {
    const { diff, pairing } = compare(with_('a', 'failed', 'edited'));
    expect(diff.changed).toEqual([{ id: 'a', before: 'passed', after: 'failed' }]);
    expect(diff.changed_count).toBe(1);
    expect(diff.newly_failing_count).toBe(0);
    expect(pairing[0]).toBe('changed');
    // No hash on either side: the content cannot be compared, so the flip counts.
    expect(compare([['a', 'failed'], ...unchanged.slice(1)]).diff.newly_failing_count).toBe(1);
    expect(compare(with_('a', 'failed'), baseline([c('a', 'passed'), ...BASE.slice(1)])).diff.newly_failing_count).toBe(1);
  });

  it('a failure every check of which cites an acknowledged breaking change is acknowledged, not newly failing', () => {
    const acknowledged = [{ module: 'intent_recognition', subjects: ['order_status_query'], message: 'intent order_status_query removed' }];
    const comparison = new BaselineComparison(baseline(BASE), SAME, acknowledged);
    const cites = {
      module: 'intent_recognition',
      checks: [{ name: 'expected_enum_values[intent]', reason: 'expected "order_status_query", got "logistics_query"' }],
    };
    expect(comparison.add('a', 'failed', 'ha', cites)).toBe('acknowledged');
    // One check that cites something else: a real regression.
    const mixed = { ...cites, checks: [...cites.checks, { name: 'schema', reason: 'slots missing' }] };
    expect(comparison.add('b', 'failed', 'hb', mixed)).toBe('compared');
    const diff = comparison.finish({});
    expect(diff.acknowledged_failing).toEqual([{ id: 'a', change: 'intent order_status_query removed' }]);
    expect(diff.acknowledged_failing_count).toBe(1);
    expect(diff.newly_failing).toEqual(['b']);
    // Another module's change explains nothing; an error is never explained; pipeline scenarios run every module.
    const other = new BaselineComparison(baseline(BASE), SAME, acknowledged);
    expect(other.add('a', 'failed', 'ha', { ...cites, module: 'slot_clarification' })).toBe('compared');
    expect(other.add('b', 'error', 'hb', cites)).toBe('compared');
    const pipe = new BaselineComparison(baseline(BASE), SAME, acknowledged);
    expect(pipe.add('a', 'failed', 'ha', { ...cites, module: 'pipeline' })).toBe('acknowledged');
    expect(pipe.add('b', 'failed', 'hb', { module: 'intent_recognition', checks: [] })).toBe('compared');
  });

  it('lists are capped at 1000 ids, counts stay exact', () => {
    const many = Array.from({ length: 1005 }, (_, i) => c(`p${i}`, 'passed'));
    const comparison = new BaselineComparison(baseline(many), SAME);
    for (const x of many) comparison.add(x.id, 'failed');
    for (let i = 0; i < 1003; i++) comparison.add(`new${i}`, 'passed');
    const diff = comparison.finish({});
    expect([diff.newly_failing.length, diff.newly_failing_count, diff.added_ids.length, diff.added]).toEqual([1000, 1005, 1000, 1003]);
  });
});

describe('BaselineComparison: removed cases', () => {
  it('a baseline case not in the run is removed', () => {
    const { diff } = compare(unchanged.slice(0, 3));
    expect(diff.removed).toEqual(['d']);
    expect(diff.removed_count).toBe(1);
  });

  it('with a scope: a case outside the filter is not removed, a case missing from the suite is', () => {
    const hashes = new Map([
      ['a', 'ha'],
      ['b', 'hb'],
      ['c', 'hc'],
    ]);
    const onlyAB: SuiteScope = { hashes, inScope: (k) => k.case_id === 'a' || k.case_id === 'b' || k.case_id === 'd' };
    const comparison = new BaselineComparison(baseline(BASE), SAME);
    comparison.add('a', 'passed', 'ha');
    comparison.add('b', 'passed', 'hb');
    const diff = comparison.finish({}, onlyAB);
    expect(diff.removed).toEqual(['d']);
    // c is in the suite (just not run): neither removed nor counted against comparability.
    expect(diff.not_comparable).toEqual([]);
  });
});

describe('BaselineComparison: not comparable', () => {
  it.each([
    ['provider', { ...SAME, provider: 'openai' }, /^provider: the baseline ran on sim, this run on openai$/],
    ['model', { ...SAME, model: 'sim-2' }, /^model: the baseline ran on sim, this run on sim-2$/],
    ['guards setting', { ...SAME, gates_enabled: false }, /^the pipeline's guards: on in the baseline, off in this run$/],
  ] as const)('another %s', (_what, identity, reason) => {
    expect(compare(unchanged, baseline(BASE), SAME).diff.not_comparable).toEqual([]);
    const reasons = compare(unchanged, baseline(BASE), identity).diff.not_comparable;
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(reason);
  });

  it('another provider is named once, not also as another model', () => {
    expect(compare(unchanged, baseline(BASE), { ...SAME, provider: 'openai', model: 'gpt' }).diff.not_comparable).toEqual([
      'provider: the baseline ran on sim, this run on openai',
    ]);
  });

  it('a baseline that does not say what it ran on is taken as comparable', () => {
    expect(
      compare(unchanged, baseline(BASE, { provider: null, model: null, gates_enabled: null }), { provider: 'openai', model: 'x', gates_enabled: false }).diff
        .not_comparable,
    ).toEqual([]);
  });

  it('another suite: fewer than half of the baseline cases still there unchanged', () => {
    // 2 of 4 unchanged: still the same suite (the boundary).
    expect(
      compare([
        ['a', 'passed', 'ha'],
        ['b', 'passed', 'hb'],
        ['c', 'failed', 'x'],
        ['d', 'error', 'y'],
      ]).diff.not_comparable,
    ).toEqual([]);
    const reasons = compare([
      ['a', 'passed', 'ha'],
      ['b', 'passed', 'x'],
      ['c', 'failed', 'y'],
      ['d', 'error', 'z'],
    ]).diff.not_comparable;
    expect(reasons).toEqual(["suite: only 1 of the baseline's 4 cases are still in the suite unchanged"]);
    expect(compare([['x', 'passed', 'hx']]).diff.not_comparable).toEqual(["suite: only 0 of the baseline's 4 cases are still in the suite unchanged"]);
  });
});

describe('BaselineComparison: metric deltas', () => {
  it('after minus before, rounded to four places; null when either side has none', () => {
    const b = baseline(BASE, { metrics: { case_pass_rate: ratio(3, 4), error_rate: ratio(0, 0), decision_accuracy: ratio(1, 3) } });
    const { diff } = compare(unchanged, b, SAME, {
      case_pass_rate: ratio(1, 2),
      error_rate: ratio(1, 4),
      unsafe_action_rate: ratio(0, 5),
      decision_accuracy: ratio(2, 3),
    });
    expect(diff.metrics.case_pass_rate).toEqual({ before: 0.75, after: 0.5, delta: -0.25 });
    expect(diff.metrics.error_rate).toEqual({ before: null, after: 0.25, delta: null });
    expect(diff.metrics.unsafe_action_rate).toEqual({ before: null, after: 0, delta: null });
    expect(diff.metrics.decision_accuracy).toEqual({ before: 0.3333, after: 0.6667, delta: 0.3334 });
  });
});

describe('loading a baseline', () => {
  function record(cases: BaselineCase[] = BASE): BaselineRecord {
    return sealedRecord({
      recorded_at: '2026-11-30T00:00:00.000Z',
      run: recordedSimRun('rec'),
      accepted: ['removed-cases'],
      gate_settings: { gate: {}, max_new_failures: 0, max_removed_cases: 0 },
      suite: { fingerprint: 'f', cases: cases.length },
      summary: { total: 4, passed: 2, failed: 1, error: 1 } as BaselineRecord['summary'],
      metrics: { case_pass_rate: ratio(2, 4) },
      cases,
    });
  }

  const write = (content: unknown) => {
    const path = join(tempDir(), 'baseline.json');
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  it('a sealed record is trusted and read whole', async () => {
    const b = await loadBaseline(write(serialiseRecord(record())));
    expect(b.untrusted).toBeNull();
    expect([b.run_id, b.provider, b.model, b.gates_enabled]).toEqual(['rec', 'sim', 'sim', true]);
    expect(b.cases.get('c')).toEqual(c('c', 'failed', 'hc'));
    const diff = new BaselineComparison(b, SAME).finish({});
    expect(diff.recorded_with).toEqual({ accepted: ['removed-cases'], gate: { passed: true, failing: [] }, replaced: null });
  });

  it('a record edited by hand is not trusted', async () => {
    const edited = record();
    edited.cases[2] = { ...edited.cases[2]!, status: 'passed' };
    const b = await loadBaseline(write(edited));
    expect(b.untrusted).toMatch(/edited by hand/);
    expect(new BaselineComparison(b, SAME).finish({}).untrusted).toMatch(/edited by hand/);
  });

  it('a plain report.json is read but not trusted', async () => {
    const b = await loadBaseline(
      write({ metrics: { case_pass_rate: ratio(1, 1) }, cases: [{ id: 'a', status: 'passed' }], run: { id: 'r', provider: 'sim' } }),
    );
    expect(b.untrusted).toMatch(/a run report, not a baseline record/);
    expect(b.cases.get('a')).toEqual({ id: 'a', module: '', case_type: '', status: 'passed' });
    expect([b.provider, b.model, b.gates_enabled, b.record]).toEqual(['sim', null, null, null]);
  });

  it.each([
    ['missing', null, /baseline not found/],
    ['not JSON', '{ nope', /baseline is not valid JSON/],
    ['with a JSON error on line 3', '{\n  "a": 1,\n  "b": 2,,\n}\n', /baseline is not valid JSON/],
    ['without cases', { metrics: {} }, /baseline has no metrics or cases/],
    ['from a newer orderflow', { format: BASELINE_FORMAT, format_version: BASELINE_FORMAT_VERSION + 1 }, /newer than this orderflow reads/],
  ] as const)('a baseline file %s is bad input', async (_what, content, message) => {
    const path = content === null ? join(tempDir(), 'absent.json') : write(content);
    await expect(loadBaseline(path)).rejects.toThrow(message);
    if (_what.includes('line 3')) await expect(loadBaseline(path)).rejects.toMatchObject({ problems: [expect.objectContaining({ line: 3 })] });
  });

  it.each([
    ['a gate that is null', (r: Record<string, unknown>) => ({ ...r, gate: null }), 'gate'],
    ['a case that is null', (r: Record<string, unknown>) => ({ ...r, cases: [null, ...(r.cases as unknown[])] }), 'cases.0'],
    ['a case id that is not text', (r: Record<string, unknown>) => ({ ...r, cases: [{ ...(r.cases as object[])[0], id: { x: 1 } }] }), 'cases.0.id'],
    ['a status no run writes', (r: Record<string, unknown>) => ({ ...r, cases: [{ ...(r.cases as object[])[0], status: 'pased' }] }), 'cases.0.status'],
  ] as const)('a baseline record with %s is bad input naming the field, sealed or not', async (_what, edit, field) => {
    const broken = edit(record() as unknown as Record<string, unknown>);
    for (const content of [broken, sealRecord(broken as never)]) {
      const error = await loadBaseline(write(content)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).problems[0]).toMatchObject({ field, message: expect.stringMatching(/^malformed baseline: /) });
    }
  });

  it('a baseline written with a byte-order mark reads like one without', async () => {
    const path = write(serialiseRecord(record()));
    writeFileSync(path, `\uFEFF${readFileSync(path, 'utf8')}`);
    expect((await loadBaseline(path)).untrusted).toBeNull();
  });

  it('an explicit --baseline must exist; the configured one may not exist yet', async () => {
    const warnings: Problem[] = [];
    const absent = join(tempDir(), 'baseline.json');
    expect(await resolveBaseline(undefined, absent, warnings)).toBeNull();
    expect(warnings).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/no baseline yet/) })]);
    await expect(resolveBaseline(absent, null, [])).rejects.toThrow(/baseline not found/);
    expect(await resolveBaseline(undefined, null, [])).toBeNull();
    expect((await resolveBaseline(undefined, write(serialiseRecord(record())), []))!.run_id).toBe('rec');
    // ... unless the run is about to write the first baseline there.
    expect(await resolveBaseline(absent, null, [], { updating: true })).toBeNull();
    await expect(resolveBaseline(absent, null, [], { updating: false })).rejects.toThrow(/baseline not found/);
  });
});
