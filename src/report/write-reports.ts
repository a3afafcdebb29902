/**
 * After a run: read results.jsonl back, compare with the baseline, apply the
 * gate, and write report.json, report.md and junit.xml (each atomically).
 */
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import type { AggregateSnapshot } from '../runner/aggregates.js';
import type { RunProvenance } from '../runner/case-result.js';
import { displayPath } from '../registry/registry.js';
import { writeFileAtomic } from './atomic-file.js';
import { BaselineComparison, type Baseline, type SuiteScope } from './baseline.js';
import { caseEntries, type CaseEntry } from './case-entries.js';
import { evaluateGate, type Acceptance } from './gate.js';
import { compareGateSettings, gateSettingsOf } from './gate-settings.js';
import { acknowledgedChanges, reviewPromptChanges, type CurrentPrompts } from './prompt-review.js';
import { writeJunit } from './junit.js';
import { writeReportJson } from './report-json.js';
import { renderMarkdown } from './report-md.js';
import { REPORT_SCHEMA_VERSION, type ReportHead } from './report-types.js';

/** report.md details this many failures; report.json has them all. */
const MARKDOWN_FAILURE_CAP = 200;

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
  config: Pick<Config, 'gate' | 'max_new_failures' | 'max_removed_cases'>;
  accepted: readonly Acceptance[];
}

export interface WrittenReports {
  head: ReportHead;
  files: { json: string; markdown: string; junit: string; results: string };
}

export async function writeReports(options: WriteReportsOptions): Promise<WrittenReports> {
  const entries = () => caseEntries(options.resultsPath, options.repeat);
  const { run } = options;
  const record = options.baseline?.record ?? null;
  const promptChanges = record ? reviewPromptChanges(record.prompts ?? {}, options.prompts) : null;
  const identity = { provider: run.provider, model: run.model, gates_enabled: run.gates_enabled };
  const comparison = options.baseline ? new BaselineComparison(options.baseline, identity, acknowledgedChanges(promptChanges)) : null;
  const failures: CaseEntry[] = [];
  let failuresTotal = 0;
  for await (const entry of entries()) {
    comparison?.add(entry.id, entry.status, entry.hash, { module: entry.module, checks: entry.failed_checks });
    if (entry.status === 'passed') continue;
    failuresTotal += 1;
    if (failures.length < MARKDOWN_FAILURE_CAP) failures.push(entry);
  }
  failures.sort((a, b) => a.module.localeCompare(b.module) || a.id.localeCompare(b.id));

  const { snapshot } = options;
  const baseline = comparison?.finish(snapshot.metrics, options.scope) ?? null;
  const settingChanges = record?.gate_settings ? compareGateSettings(record.gate_settings, gateSettingsOf(options.config)) : [];
  const head: ReportHead = {
    schema_version: REPORT_SCHEMA_VERSION,
    run: { ...options.run, finished_at: new Date().toISOString(), duration_ms: Math.round(options.duration_ms), report_dir: displayPath(options.outDir) },
    summary: snapshot.counts,
    metrics: snapshot.metrics,
    by_module: snapshot.by_module,
    by_case_type: snapshot.by_case_type,
    stage_failures: snapshot.stage_failures,
    gate_blocks: snapshot.gate_blocks,
    gate: evaluateGate({ config: options.config, metrics: snapshot.metrics, baseline, promptChanges, settingChanges, partial: run.partial, accepted: options.accepted }),
    baseline,
    prompt_changes: promptChanges,
    gate_settings_changes: settingChanges,
  };
  const files = {
    json: join(options.outDir, 'report.json'),
    markdown: join(options.outDir, 'report.md'),
    junit: join(options.outDir, 'junit.xml'),
    results: options.resultsPath,
  };
  await writeReportJson(files.json, head, entries());
  await writeJunit(files.junit, head, entries());
  await writeFileAtomic(files.markdown, renderMarkdown({ head, failures, failuresTotal }));
  return { head, files };
}
