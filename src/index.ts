/**
 * The programmatic API: what `orderflow eval` does, as a function that returns
 * the verdict and the report paths instead of printing and exiting.
 *
 *   import { evaluate } from 'orderflow';
 *   const result = await evaluate({ provider: 'sim', module: 'intent_recognition' });
 *   if (!result.head.gate.passed) console.log(result.head.gate.failures);
 *   const diff = await diffReports('reports/baseline.json', result.outDir);
 *
 * Bad input throws InputError: each problem names the option key (`module`)
 * or the file, line and field it is about. docs/api.md has the whole page.
 */
export { evaluate, type EvaluateOptions, type EvaluateResult } from './harness/evaluate/evaluate.js';
export { InputError, type Problem } from './harness/base/errors.js';
export { loadReport, diffReports, type RunSource } from './harness/report/diff-reports.js';
export type { Report, ReportHead } from './harness/report/report-types.js';
export type { CaseEntry } from './harness/report/case-entries.js';
export type { BaselineDiff } from './harness/report/baseline.js';
export type { GateVerdict, GateFailure } from './harness/report/gate.js';
export type { CaseResult, CaseStatus, FailedCheck, RunProvenance } from './harness/runner/case-result.js';
export type { RunEvent, RunObserver } from './harness/runner/run-events.js';
export type { StageAttribution } from './harness/scoring/failure-attribution.js';
export type { MetricValue } from './harness/scoring/metric-value.js';
export type { MetricId } from './harness/config/metric-ids.js';
