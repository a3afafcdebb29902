/** A run and a baseline record built by hand, for the baseline tests: a single sim trial outside git. */
import { BASELINE_FORMAT, BASELINE_FORMAT_VERSION, sealRecord, type BaselineRecord } from '../../src/harness/report/baseline-record.js';

export function recordedSimRun(id: string, started_at = 't', orderflow_version = '0.1.0'): BaselineRecord['run'] {
  return {
    id,
    started_at,
    orderflow_version,
    git: { commit: null, dirty: null },
    provider: 'sim',
    model: 'sim',
    repeat: 1,
    gates_enabled: true,
    cache_mode: 'off',
    config_file: null,
  };
}

type RecordFields = Pick<BaselineRecord, 'recorded_at' | 'run' | 'accepted' | 'gate_settings' | 'suite' | 'summary' | 'metrics' | 'cases'>;

/** A sealed record of a passing gate with no prompts, breakdowns or replaced record; the fields a test cares about are given. */
export function sealedRecord(f: RecordFields): BaselineRecord {
  // Keys in the order recordBaseline writes them, so a serialised record reads like a real one.
  return sealRecord({
    format: BASELINE_FORMAT,
    format_version: BASELINE_FORMAT_VERSION,
    recorded_at: f.recorded_at,
    run: f.run,
    accepted: f.accepted,
    gate: { passed: true, failing: [] },
    gate_settings: f.gate_settings,
    prompts: {},
    suite: f.suite,
    replaced: null,
    summary: f.summary,
    metrics: f.metrics,
    by_module: {},
    by_case_type: {},
    cases: f.cases,
  });
}
