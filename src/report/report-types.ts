/**
 * report.json is a published interface (DESIGN §8): CI scripts read it. Fields
 * are added, never renamed or removed, and schema_version says which shape.
 */
import type { RunProvenance } from '../runner/case-result.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import type { BaselineDiff } from './baseline.js';
import type { CaseEntry } from './case-entries.js';
import type { GateVerdict } from './gate.js';

export const REPORT_SCHEMA_VERSION = 1;

export interface ReportHead {
  schema_version: number;
  run: RunProvenance & { finished_at: string; duration_ms: number; report_dir: string };
  summary: { total: number; passed: number; failed: number; error: number };
  metrics: Metrics;
  by_module: Record<string, Metrics>;
  by_case_type: Record<string, Metrics>;
  /** Failed pipeline scenarios per first failing stage: which prompt to fix. */
  stage_failures: Record<string, number>;
  /** Tool calls blocked by each program-enforced gate. */
  gate_blocks: Record<string, number>;
  gate: GateVerdict;
  baseline: BaselineDiff | null;
}

export interface Report extends ReportHead {
  cases: CaseEntry[];
}
