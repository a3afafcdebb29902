/** The run a baseline record or report head names, for tests that build one by hand: a single sim trial outside git. */
import type { BaselineRecord } from '../../src/report/baseline-record.js';

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
