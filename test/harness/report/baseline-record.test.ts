import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAcknowledged, unacknowledgedBreaking } from '../../../src/harness/registry/breaking-ack.js';
import { BaselineComparison, loadBaseline, type Baseline } from '../../../src/harness/report/baseline.js';
import { serialiseRecord, type BaselineCase, type BaselineRecord } from '../../../src/harness/report/baseline-record.js';
import { compareGateSettings } from '../../../src/harness/report/gate-settings.js';
import type { Metrics } from '../../../src/harness/scoring/metric-accumulator.js';
import { recordedSimRun, sealedRecord } from '../../support/recorded-run.js';
import { tempDir } from '../../support/temp-dir.js';

const metrics = {} as Metrics;

function baseline(cases: BaselineCase[], over: Partial<Baseline> = {}): Baseline {
  return {
    path: 'b.json',
    run_id: 'r',
    metrics,
    cases: new Map(cases.map((c) => [c.id, c])),
    provider: 'sim',
    model: 'sim',
    gates_enabled: true,
    record: null,
    untrusted: null,
    ...over,
  };
}
const c = (id: string, status: BaselineCase['status'] = 'passed', hash = `h-${id}`): BaselineCase => ({
  id,
  module: 'intent_recognition',
  case_type: 'normal',
  status,
  hash,
});
const sim = { provider: 'sim', model: 'sim', gates_enabled: true };

describe('comparison with the baseline', () => {
  it('tells regressions, edited cases, new cases and removed cases apart', () => {
    const cmp = new BaselineComparison(baseline([c('a'), c('b'), c('gone'), c('d', 'failed')]), sim);
    cmp.add('a', 'failed', 'h-a'); // same content, passed before: a regression
    cmp.add('b', 'failed', 'h-b-edited'); // edited: not a regression
    cmp.add('d', 'passed', 'h-d');
    cmp.add('new', 'failed', 'h-new');
    const diff = cmp.finish(metrics);
    expect(diff).toMatchObject({
      newly_failing: ['a'],
      newly_passing: ['d'],
      changed: [{ id: 'b', before: 'passed', after: 'failed' }],
      added_ids: ['new'],
      removed: ['gone'],
      not_comparable: [],
    });
  });

  it('a filtered run removes nothing outside its scope; a case gone from the suite inside it is removed', () => {
    const cmp = new BaselineComparison(baseline([c('a'), c('b'), { ...c('p'), module: 'pipeline' }]), sim);
    cmp.add('a', 'passed', 'h-a');
    const suite = new Map([
      ['a', 'h-a'],
      ['p', 'h-p'],
    ]);
    const diff = cmp.finish(metrics, { hashes: suite, inScope: (k) => k.module === 'intent_recognition' });
    expect(diff.removed).toEqual(['b']);
  });

  it('another provider, model, gates setting or suite is not comparable', () => {
    const reasons = (identity: typeof sim) => {
      const cmp = new BaselineComparison(baseline([c('a')]), identity);
      cmp.add('a', 'passed', 'h-a');
      return cmp.finish(metrics).not_comparable;
    };
    expect(reasons(sim)).toEqual([]);
    expect(reasons({ ...sim, provider: 'openai', model: 'x' })).toEqual(['provider: the baseline ran on sim, this run on openai']);
    expect(reasons({ ...sim, model: 'other' })).toEqual(['model: the baseline ran on sim, this run on other']);
    expect(reasons({ ...sim, gates_enabled: false })).toEqual(["the pipeline's guards: on in the baseline, off in this run"]);
    const other = new BaselineComparison(baseline([c('a'), c('b'), c('x')]), sim);
    other.add('a', 'passed', 'h-a');
    other.add('z', 'passed', 'h-z');
    expect(other.finish(metrics).not_comparable).toEqual(["suite: only 1 of the baseline's 3 cases are still in the suite unchanged"]);
  });

  it('a failure is put down to an acknowledged breaking change only when every failed check cites it', () => {
    const ack = [{ module: 'customer_response_generation', subjects: ['订单已取消'], message: 'x: forbidden phrase "订单已取消" removed' }];
    const cmp = new BaselineComparison(baseline([c('r1'), c('r2'), c('p1')]), sim, ack);
    cmp.add('r1', 'failed', 'h-r1', {
      module: 'customer_response_generation',
      checks: [{ name: 'forbidden_outputs[订单已取消]', reason: 'output contains "订单已取消"' }],
    });
    cmp.add('r2', 'failed', 'h-r2', {
      module: 'customer_response_generation',
      checks: [
        { name: 'forbidden_outputs[订单已取消]', reason: '…' },
        { name: 'schema', reason: 'invalid' },
      ],
    });
    cmp.add('p1', 'failed', 'h-p1', { module: 'intent_recognition', checks: [{ name: 'forbidden_outputs[订单已取消]', reason: '…' }] });
    const diff = cmp.finish(metrics);
    expect(diff.acknowledged_failing).toEqual([{ id: 'r1', change: ack[0]!.message }]);
    expect(diff.newly_failing).toEqual(['r2', 'p1']);
  });
});

describe('the baseline record', () => {
  const record = (): BaselineRecord =>
    sealedRecord({
      recorded_at: '2026-01-01T00:00:00Z',
      run: recordedSimRun('r', 's', '0'),
      accepted: [],
      gate_settings: { gate: { case_pass_rate: { min: 0.95 } }, max_new_failures: 0, max_removed_cases: 0 },
      suite: { fingerprint: 'f', cases: 1 },
      summary: { total: 1, passed: 1, failed: 0, error: 0 },
      metrics,
      cases: [c('a')],
    });

  it('is trusted as written, in any layout; any edit of its content shows', async () => {
    const dir = tempDir();
    const path = join(dir, 'baseline.json');
    writeFileSync(path, serialiseRecord(record()));
    expect((await loadBaseline(path)).untrusted).toBeNull();
    writeFileSync(path, JSON.stringify(record()));
    expect((await loadBaseline(path)).untrusted).toBeNull();
    for (const edit of [
      (r: BaselineRecord) => (r.cases[0]!.status = 'failed'),
      (r: BaselineRecord) => (r.gate_settings.max_new_failures = 9),
      (r: BaselineRecord) => (r.run.provider = 'openai'),
    ]) {
      const r = record();
      edit(r);
      writeFileSync(path, JSON.stringify(r));
      expect((await loadBaseline(path)).untrusted).toMatch(/edited by hand/);
    }
  });
});

describe('gate settings against the baseline', () => {
  const base = { gate: { case_pass_rate: { min: 0.95 }, unsafe_action_rate: { max: 0 } }, max_new_failures: 0, max_removed_cases: 0 };
  it('a lower min, a higher max, a dropped threshold and a raised or removed limit are loosenings', () => {
    const changes = compareGateSettings(base, { gate: { case_pass_rate: { min: 0.9 } }, max_new_failures: null, max_removed_cases: 3 });
    expect(changes.map((x) => [x.setting, x.loosened])).toEqual([
      ['gate.case_pass_rate.min', true],
      ['gate.unsafe_action_rate.max', true],
      ['max_new_failures', true],
      ['max_removed_cases', true],
    ]);
  });
  it('tightening and adding thresholds are changes, not loosenings', () => {
    const changes = compareGateSettings(base, {
      gate: { case_pass_rate: { min: 0.99 }, unsafe_action_rate: { max: 0 }, error_rate: { max: 0 } },
      max_new_failures: 0,
      max_removed_cases: 0,
    });
    expect(changes.map((x) => [x.setting, x.loosened])).toEqual([
      ['gate.case_pass_rate.min', false],
      ['gate.error_rate.max', false],
    ]);
    expect(compareGateSettings(base, base)).toEqual([]);
  });
});

describe('acknowledging a breaking prompt change', () => {
  const removed = { severity: 'breaking' as const, path: 'forbidden phrase', message: 'forbidden phrase "订单已取消" removed' };
  const renamed = { severity: 'breaking' as const, path: 'output.time_condition', message: 'field renamed to "time_window"' };
  it('needs an entry for the new version that says breaking and names the change', () => {
    expect(isAcknowledged(removed, 'v3.0.0', [{ version: 'v3.0.0', text: 'BREAKING: dropped 订单已取消' }])).toBe(true);
    expect(isAcknowledged(removed, 'v3.0.0', [{ version: 'v3.0.0', text: 'dropped 订单已取消' }])).toBe(false);
    expect(isAcknowledged(removed, 'v3.0.0', [{ version: 'v3.0.0', text: 'BREAKING: shorter list' }])).toBe(false);
    expect(isAcknowledged(removed, 'v3.0.0', [{ version: 'v2.1.0', text: 'BREAKING: dropped 订单已取消' }])).toBe(false);
    expect(isAcknowledged(renamed, 'v3.0.0', [{ version: 'v3.0.0', text: 'Breaking: time_condition is now time_window' }])).toBe(true);
    expect(
      unacknowledgedBreaking([removed, renamed, { ...renamed, severity: 'compatible' }], 'v3.0.0', [{ version: 'v3.0.0', text: 'BREAKING: time_window' }]),
    ).toEqual([removed]);
  });
});
