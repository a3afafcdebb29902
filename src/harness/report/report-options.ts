/** What the reports of a run are written from: known before the run (ReportStart), and at its end (ReportEnd). */
import type { Config } from '../config/config.js';
import type { AggregateSnapshot } from '../runner/aggregates.js';
import type { RunIncomplete, RunProvenance } from '../runner/case-result.js';
import type { Baseline, SuiteScope } from './baseline.js';
import type { Acceptance } from './gate.js';
import type { CurrentPrompts, KnownPrompt } from './prompt-review.js';
import type { ReportHead } from './report-types.js';
import type { ArmsReport } from './arms/arms-report.js';
import type { RepeatsReport } from './repeats-report.js';

export interface WriteReportsOptions {
  outDir: string;
  resultsPath: string;
  run: RunProvenance;
  duration_ms: number;
  snapshot: AggregateSnapshot;
  repeat: number;
  baseline: Baseline | null;
  /** The suite the run came from; without it the run's own cases are taken as the whole suite. */
  scope?: SuiteScope;
  /** The active prompts, for the review of prompt changes since the baseline. */
  prompts: CurrentPrompts;
  knownPrompt?: KnownPrompt;
  /** `statistics` defaults to the config defaults. */
  config: Pick<Config, 'gate' | 'max_new_failures' | 'max_removed_cases'> & Partial<Pick<Config, 'statistics'>>;
  accepted: readonly Acceptance[];
  /** The run stopped early (a spent budget): the report says so, and the gate fails. */
  incomplete?: RunIncomplete | null;
  /** A run with arms: the comparison block for report.json, report.md and report.html. */
  arms?: ArmsReport;
  /** A run with --repeat auto: what its repeats spent, for report.json, report.md and the terminal. */
  repeats?: RepeatsReport;
  /** What to run to write the reports once a write failed (disk full): `--resume` for a run, the merge again for a merge. */
  finish: string;
}

export interface WrittenReports {
  head: ReportHead;
  files: { json: string; markdown: string; junit: string; html: string; results: string };
}

/** What only the end of the run knows. */
export type ReportEnd = Pick<WriteReportsOptions, 'duration_ms' | 'snapshot' | 'incomplete' | 'arms' | 'repeats'>;
/** What is known before the run starts. */
export type ReportStart = Omit<WriteReportsOptions, keyof ReportEnd>;
