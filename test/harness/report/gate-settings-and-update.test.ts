/**
 * Tamper evidence on the gate's own settings, and the rules for recording a
 * new baseline: each loosening and each refusal with its tightened or allowed twin.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Baseline } from '../../../src/harness/report/baseline.js';
import { isRecord, recordDigest } from '../../../src/harness/report/baseline-record.js';
import { checkUpdateBeforeRun, recordBaseline, type RecordRequest, type UpdateRequest } from '../../../src/harness/report/baseline-update.js';
import { compareGateSettings, gateSettingsOf, type GateSettings } from '../../../src/harness/report/gate-settings.js';
import type { ReportHead } from '../../../src/harness/report/report-types.js';
import { recordedSimRun } from '../../support/recorded-run.js';
import { tempDir } from '../../support/temp-dir.js';

const settings = (gate: GateSettings['gate'], max_new_failures: number | null = 0, max_removed_cases: number | null = 0) =>
  gateSettingsOf({ gate, max_new_failures, max_removed_cases });

describe('gate settings: what counts as loosened', () => {
  it.each([
    [
      'a min lowered',
      { case_pass_rate: { min: 0.95 } },
      { case_pass_rate: { min: 0.9 } },
      { case_pass_rate: { min: 0.99 } },
      'gate.case_pass_rate.min 0.95 → 0.9 (loosened)',
    ],
    [
      'a min dropped',
      { case_pass_rate: { min: 0.95 } },
      { case_pass_rate: {} },
      { case_pass_rate: { min: 0.96 } },
      'gate.case_pass_rate.min 0.95 → unset (loosened)',
    ],
    [
      'a max raised',
      { unsafe_action_rate: { max: 0 } },
      { unsafe_action_rate: { max: 0.1 } },
      { unsafe_action_rate: { max: 0 }, error_rate: { max: 0.1 } },
      'gate.unsafe_action_rate.max 0 → 0.1 (loosened)',
    ],
    [
      'a threshold removed',
      { unsafe_action_rate: { max: 0.1 } },
      {},
      { unsafe_action_rate: { max: 0.05 } },
      'gate.unsafe_action_rate.max 0.1 → unset (loosened)',
    ],
  ] as const)('%s is loosened; its tightened twin is not', (_what, before, looser, tighter, message) => {
    const loose = compareGateSettings(settings(before), settings(looser));
    expect(loose.filter((c) => c.loosened).map((c) => c.message)).toEqual([message]);
    const tight = compareGateSettings(settings(before), settings(tighter));
    expect(tight.length).toBeGreaterThan(0);
    expect(tight.filter((c) => c.loosened)).toEqual([]);
  });

  it.each(['max_new_failures', 'max_removed_cases'] as const)('%s raised or turned off is loosened; lowered or turned on is not', (knob) => {
    const at = (n: number | null) => (knob === 'max_new_failures' ? settings({}, n, 0) : settings({}, 0, n));
    expect(compareGateSettings(at(0), at(2))).toEqual([{ setting: knob, before: 0, after: 2, loosened: true, message: `${knob} 0 → 2 (loosened)` }]);
    expect(compareGateSettings(at(0), at(null))).toEqual([{ setting: knob, before: 0, after: null, loosened: true, message: `${knob} 0 → unset (loosened)` }]);
    expect(compareGateSettings(at(2), at(0))).toEqual([{ setting: knob, before: 2, after: 0, loosened: false, message: `${knob} 2 → 0` }]);
    expect(compareGateSettings(at(null), at(5))[0]!.loosened).toBe(false);
    expect(compareGateSettings(at(3), at(3))).toEqual([]);
  });

  it('a new threshold is a tightening, and unchanged settings are no change', () => {
    expect(compareGateSettings(settings({}), settings({ error_rate: { max: 0.05 } }))).toEqual([
      { setting: 'gate.error_rate.max', before: null, after: 0.05, loosened: false, message: 'gate.error_rate.max unset → 0.05' },
    ]);
    expect(compareGateSettings(settings({ a: { min: 0.5, max: 0.9 } }), settings({ a: { min: 0.5, max: 0.9 } }))).toEqual([]);
  });

  it('settings are copied, not shared with the config', () => {
    const gate = { case_pass_rate: { min: 0.9 } };
    const s = settings(gate);
    gate.case_pass_rate.min = 0.1;
    expect(s.gate.case_pass_rate!.min).toBe(0.9);
    expect(settings({ x: undefined as never }).gate).toEqual({});
  });
});

describe('--update-baseline: refused before the run', () => {
  const old = { provider: 'sim', model: 'sim' } as Baseline;
  const ok: UpdateRequest = { filter: {}, guards: true, provider: 'sim', model: 'sim', old, accepted: [] };

  it('the whole suite, guards on, same provider and model: allowed', () => {
    expect(() => checkUpdateBeforeRun(ok)).not.toThrow();
    expect(() => checkUpdateBeforeRun({ ...ok, old: null })).not.toThrow();
    expect(() => checkUpdateBeforeRun({ ...ok, old: { provider: null, model: null } as Baseline, provider: 'openai' })).not.toThrow();
  });

  it.each([
    ['--id', { filter: { ids: ['intent-*'] } }, /refused: this run is filtered \(id intent-\*\); a baseline must cover the whole suite/],
    ['--module', { filter: { modules: ['pipeline'] } }, /filtered \(module pipeline\)/],
    ['--case-type', { filter: { caseTypes: ['normal'] } }, /filtered \(caseType normal\)/],
    ['--shard', { filter: { shard: { index: 1, count: 3 } } }, /filtered \(shard 1\/3\)/],
    ['--no-guards', { guards: false }, /refused: the pipeline's guards are off: a measurement run is not a baseline/],
    ['another provider', { provider: 'sim:gullible' }, /refused: the baseline ran on sim \(sim\), this run on sim:gullible \(sim\)/],
    ['another model', { provider: 'sim', model: 'other' }, /this run on sim \(other\)/],
  ] as const)('%s is refused', (_what, patch, message) => {
    expect(() => checkUpdateBeforeRun({ ...ok, ...(patch as Partial<UpdateRequest>) })).toThrow(message);
  });

  it('--accept provider-change switches provider on purpose, and excuses nothing else', () => {
    expect(() => checkUpdateBeforeRun({ ...ok, provider: 'openai', model: 'gpt', accepted: ['provider-change'] })).not.toThrow();
    expect(() => checkUpdateBeforeRun({ ...ok, provider: 'openai', accepted: ['failed-gate', 'loosened-gate'] })).toThrow(/refused/);
    expect(() => checkUpdateBeforeRun({ ...ok, filter: { ids: ['x'] }, accepted: ['provider-change'] })).toThrow(/filtered/);
  });
});

describe('--update-baseline: recording the run', () => {
  function request(checks: ReportHead['gate']['checks'], accepted: RecordRequest['accepted'] = []): RecordRequest {
    const dir = tempDir();
    const resultsPath = join(dir, 'results.jsonl');
    const line = (id: string, status: string) =>
      JSON.stringify({
        type: 'case_result',
        case_id: id,
        kind: 'module',
        module: 'm',
        case_type: 'normal',
        trial: 0,
        status,
        failed_checks: [],
        case_hash: `h-${id}`,
      });
    writeFileSync(resultsPath, `${line('b', 'failed')}\n${line('a', 'passed')}\n`);
    const head = {
      run: { ...recordedSimRun('run-1'), report_dir: 'reports/run-1' },
      gate: { passed: checks.every((c) => c.passed), checks },
      baseline: null,
      summary: { total: 2, passed: 1, failed: 1, error: 0 },
      metrics: {},
      by_module: {},
      by_case_type: {},
    } as unknown as ReportHead;
    return {
      path: join(dir, 'nested', 'baseline.json'),
      head,
      resultsPath,
      repeat: 1,
      prompts: {},
      suite: { fingerprint: 'f', cases: 2 },
      config: { gate: { case_pass_rate: { min: 0.4 } }, max_new_failures: 0, max_removed_cases: 0 },
      accepted,
    };
  }
  const failing = (id: string) => ({ id, passed: false, reason: `${id} failed` });

  it('a passing run is written as a sealed record, cases sorted, with the gate settings', async () => {
    const r = request([{ id: 'case_pass_rate', passed: true, reason: 'ok' }]);
    await recordBaseline(r);
    const record = JSON.parse(readFileSync(r.path, 'utf8'));
    expect(isRecord(record)).toBe(true);
    expect(record.digest).toBe(recordDigest(record));
    expect(record.cases.map((c: { id: string; hash: string }) => [c.id, c.hash])).toEqual([
      ['a', 'h-a'],
      ['b', 'h-b'],
    ]);
    expect(record.gate).toEqual({ passed: true, failing: [] });
    expect(record.gate_settings.gate).toEqual({ case_pass_rate: { min: 0.4 } });
    expect(record.run).toMatchObject({ id: 'run-1', provider: 'sim' });
    expect(record.run).not.toHaveProperty('report_dir');
  });

  it('a failed gate is refused, naming the first failures; --accept failed-gate records it as failing', async () => {
    const r = request([failing('new_failures'), failing('removed_cases'), failing('case_pass_rate')]);
    await expect(recordBaseline(r)).rejects.toThrow(
      /refused: the gate failed \(new_failures failed; removed_cases failed; 1 more; see reports\/run-1\/report\.md\)/,
    );
    const accepted = request([failing('new_failures')], ['failed-gate']);
    await recordBaseline(accepted);
    const record = JSON.parse(readFileSync(accepted.path, 'utf8'));
    expect(record.gate).toEqual({ passed: false, failing: ['new_failures failed'] });
    expect(record.accepted).toEqual(['failed-gate']);
  });

  it('an incomplete run (--max-cost reached) or a partial merge is refused even with --accept failed-gate: not every case has a verdict', async () => {
    const incomplete = request([failing('complete_run')], ['failed-gate']);
    incomplete.head.run.incomplete = {
      reason: 'the spent cost reached --max-cost 0.01 USD',
      done: 1,
      total: 2,
      resume: 'orderflow eval --max-cost <a new budget> --resume --out reports/run-1',
    };
    await expect(recordBaseline(incomplete)).rejects.toThrow(/refused: the run is incomplete \(1 of 2 results: the spent cost reached --max-cost 0\.01 USD\)/);
    expect(existsSync(incomplete.path)).toBe(false);
    const partial = request([failing('complete_run')], ['failed-gate']);
    partial.head.run.partial = { missing_shards: [2], of: 2 };
    await expect(recordBaseline(partial)).rejects.toThrow(/refused: the run is a partial merge/);
    expect(existsSync(partial.path)).toBe(false);
  });

  it('an untrusted old baseline is no reason to keep it', async () => {
    const r = request([failing('baseline_trusted')]);
    await recordBaseline(r);
    expect(JSON.parse(readFileSync(r.path, 'utf8')).gate).toEqual({ passed: true, failing: [] });
  });
});
