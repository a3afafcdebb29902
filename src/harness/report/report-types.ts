/**
 * report.json is a published interface (docs/spec/metrics.md#reportjson-a-published-interface): CI scripts read it. Fields
 * are added, never renamed or removed, and schema_version says which shape.
 */
import type { AggregateSnapshot } from '../runner/aggregates.js';
import type { ArmsReport } from './arms/arms-report.js';
import type { RunProvenance } from '../runner/case-result.js';
import type { BaselineDiff } from './baseline.js';
import type { CaseEntry } from './case-entries.js';
import type { GateVerdict } from './gate.js';
import type { SettingChange } from './gate-settings.js';
import type { PromptChange } from './prompt-review.js';
import type { RepeatsReport } from './repeats-report.js';
import type { RunStatistics } from './statistics/run-statistics.js';

export const REPORT_SCHEMA_VERSION = 1;

/** The aggregates of the run (metrics, breakdowns, stage failures, guard blocks) with provenance, the CI gate's verdict and the baseline. */
export interface ReportHead extends Omit<AggregateSnapshot, 'counts' | 'clusters'> {
  schema_version: number;
  run: RunProvenance & { finished_at: string; duration_ms: number; report_dir: string };
  summary: AggregateSnapshot['counts'];
  gate: GateVerdict;
  baseline: BaselineDiff | null;
  /** Modules whose active prompt differs from the baseline's, with the structured diff; null without a baseline record. */
  prompt_changes: PromptChange[] | null;
  /** Gate settings that differ from the baseline's (loosened ones fail the gate unless accepted). */
  gate_settings_changes: SettingChange[];
  /** How the gate treated chance: mode, intervals, the paired test, flaky cases, stable regressions, power. */
  statistics: RunStatistics;
  /** A run with arms: each arm's metrics and the paired comparison between them (absent otherwise). */
  arms?: ArmsReport;
  /** A run with --repeat auto: the case runs and calls it spent, and the cases that ran again (absent otherwise). */
  repeats?: RepeatsReport;
  /** Deprecated alias of guard_blocks (the pipeline's guards were called gates); removed in the next schema version. */
  gate_blocks: Record<string, number>;
}

export interface Report extends ReportHead {
  cases: CaseEntry[];
}
