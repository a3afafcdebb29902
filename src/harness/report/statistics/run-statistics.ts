/**
 * report.json's `statistics`: which mode the gate used and why, how the
 * intervals were computed, the paired test against the baseline, flaky cases,
 * stable regressions and the power note.
 */
import type { StatisticsConfig } from '../../config/statistics-config.js';
import type { Metrics } from '../../scoring/metric-accumulator.js';
import type { GateMode, GateModeName } from './gate-mode.js';
import { intervalMethod, type ClusterCount } from './metric-intervals.js';
import type { FlakyCase, PairedOutcome, PairedTest } from './paired-comparison.js';
import { powerNote, type PowerNote } from './power-note.js';

export interface RunStatistics {
  mode: GateModeName;
  mode_reason: string;
  alpha: number;
  interval_method: string;
  /** Clusters behind case_pass_rate and the results in them (null from reports written before clustering). */
  clusters?: ClusterCount | null;
  /** null without a baseline. */
  paired: PairedTest | null;
  flaky: FlakyCase[];
  flaky_count: number;
  stable_regressions: string[];
  stable_regression_count: number;
  /** Statistical mode only. */
  power: PowerNote | null;
}

export function runStatistics(options: {
  mode: GateMode;
  settings: StatisticsConfig;
  repeat: number;
  /** Flaky cases and, against a baseline, the paired test and stable regressions. */
  pairing: PairedOutcome;
  compared: boolean;
  metrics: Metrics;
  byModule: Record<string, Metrics>;
  clusters?: ClusterCount | null;
}): RunStatistics {
  const { mode, settings, pairing, compared } = options;
  return {
    mode: mode.mode,
    mode_reason: mode.reason,
    alpha: settings.alpha,
    interval_method: intervalMethod(intervalLevel(settings), options.repeat, options.clusters ?? null),
    clusters: options.clusters ?? null,
    paired: compared ? pairing.paired : null,
    flaky: pairing.flaky,
    flaky_count: pairing.flaky_count,
    stable_regressions: pairing.stable_regressions,
    stable_regression_count: pairing.stable_regression_count,
    power: mode.mode === 'statistical' ? powerNote(options.metrics, options.byModule, options.repeat, settings.alpha, settings.detectable_drop) : null,
  };
}

/** Intervals are two-sided at 1 − alpha: "wholly below a minimum" is then a one-sided test at alpha / 2. */
export function intervalLevel(settings: StatisticsConfig): number {
  return 1 - settings.alpha;
}
