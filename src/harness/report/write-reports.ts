/**
 * After a run: read results.jsonl back once, compare with the baseline, apply
 * the gate, and write report.json, report.md, report.html and junit.xml (each atomically).
 */
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { DEFAULT_STATISTICS } from '../config/statistics-config.js';
import type { AggregateSnapshot } from '../runner/aggregates.js';
import type { RunIncomplete, RunProvenance } from '../runner/case-result.js';
import { displayPath } from '../base/display-path.js';
import { writeFileAtomic } from './atomic-file.js';
import { writingReport } from './report-write-error.js';
import { BaselineComparison, type Baseline, type SuiteScope } from './baseline.js';
import { caseEntries } from './case-entries.js';
import { failureOrder } from './failure-order.js';
import { evaluateGate, type Acceptance } from './gate.js';
import { compareGateSettings, gateSettingsOf } from './gate-settings.js';
import { HtmlDataCollector } from './html/collect-html-data.js';
import { renderHtmlReport } from './html/render-html-report.js';
import { acknowledgedChanges, reviewPromptChanges, type CurrentPrompts, type KnownPrompt } from './prompt-review.js';
import { JunitWriter } from './junit.js';
import { ReportJsonWriter } from './report-json.js';
import { renderMarkdown, type MarkdownFailure } from './report-md.js';
import { REPORT_SCHEMA_VERSION, type ReportHead } from './report-types.js';
import type { ArmsReport } from './arms/arms-report.js';
import type { RepeatsReport } from './repeats-report.js';
import { trialsOf, type CaseTrials } from './statistics/case-trials.js';
import { gateMode } from './statistics/gate-mode.js';
import { clusterCount, groupsWithIntervals, withIntervals } from './statistics/metric-intervals.js';
import { PairedComparison } from './statistics/paired-comparison.js';
import { intervalLevel, runStatistics } from './statistics/run-statistics.js';

/** Failures kept for report.md to choose from (newly failing and the rest, each up to this many); report.json has them all. */
const MARKDOWN_FAILURE_POOL = 200;

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

export async function writeReports(options: WriteReportsOptions): Promise<WrittenReports> {
  const files = {
    json: join(options.outDir, 'report.json'),
    markdown: join(options.outDir, 'report.md'),
    junit: join(options.outDir, 'junit.xml'),
    html: join(options.outDir, 'report.html'),
    results: options.resultsPath,
  };
  const json = new ReportJsonWriter(files.json);
  const junit = new JunitWriter(files.junit);
  try {
    return await writeAll(options, files, json, junit);
  } finally {
    await Promise.all([json.discard(), junit.discard()]);
  }
}

async function writeAll(options: WriteReportsOptions, files: WrittenReports['files'], json: ReportJsonWriter, junit: JunitWriter): Promise<WrittenReports> {
  const { run } = options;
  const record = options.baseline?.record ?? null;
  const promptChanges = record ? reviewPromptChanges(record.prompts ?? {}, options.prompts, options.knownPrompt) : null;
  const identity = { provider: run.provider, model: run.model, gates_enabled: run.gates_enabled };
  const comparison = options.baseline ? new BaselineComparison(options.baseline, identity, acknowledgedChanges(promptChanges)) : null;
  const settings = options.config.statistics ?? DEFAULT_STATISTICS;
  const pairing = new PairedComparison(baselineTrials(options.baseline), settings.alpha);
  const newlyFailing: MarkdownFailure[] = [];
  const otherFailures: MarkdownFailure[] = [];
  let failuresTotal = 0;
  // The one read of results.jsonl: every report takes what it needs from each entry as it passes.
  const html = new HtmlDataCollector();
  for (const withTrace of caseEntries(options.resultsPath, options.repeat, { passedTraces: true })) {
    // report.html draws every scenario's timeline; the other reports keep traces of failures only.
    html.add(withTrace);
    const { trace: _passedTrace, ...withoutTrace } = withTrace;
    const entry = withTrace.status === 'passed' ? withoutTrace : withTrace;
    await writingReport(files.json, options.finish, () => json.add(entry));
    await writingReport(files.junit, options.finish, () => junit.add(entry));
    const paired = comparison?.add(entry.id, entry.status, entry.hash, { module: entry.module, checks: entry.failed_checks });
    const trials = trialsOf(entry);
    // A case edited since the baseline, or failing by an acknowledged breaking change, is not a flip of the same case.
    if (trials) pairing.add(entry.id, trials, paired === undefined || paired === 'compared', entry.cluster ?? entry.id);
    if (entry.status === 'passed' || entry.status === 'skipped') continue;
    failuresTotal += 1;
    // Passed in the baseline: probably newly failing (the diff decides, below), so kept first.
    const pool = options.baseline?.cases.get(entry.id)?.status === 'passed' ? newlyFailing : otherFailures;
    if (pool.length < MARKDOWN_FAILURE_POOL) pool.push(entry);
  }

  const { snapshot, repeat } = options;
  const level = intervalLevel(settings);
  const clusters = snapshot.clusters;
  const metrics = withIntervals(snapshot.metrics, repeat, level, clusters.overall);
  const byModule = groupsWithIntervals(snapshot.by_module, repeat, level, clusters, 'module');
  const baseline = comparison?.finish(snapshot.metrics, options.scope) ?? null;
  const calls = { total: snapshot.metrics.latency_ms?.denominator ?? 0, cached: Number(snapshot.metrics.cost_usd?.cached_calls ?? 0) };
  const statistics = runStatistics({
    mode: gateMode(settings.mode, run, calls),
    settings,
    // Uneven trials: the power of the mean trials per case (the cases are the first pass).
    repeat: options.repeats ? Math.round((options.repeats.case_runs / Math.max(1, options.repeats.first_pass)) * 100) / 100 : repeat,
    pairing: pairing.finish(),
    compared: baseline !== null,
    metrics,
    byModule,
    clusters: clusterCount(clusters.overall?.case_pass_rate),
  });
  const flipped = new Set(baseline?.newly_failing ?? []);
  const failures = [...newlyFailing, ...otherFailures].map((f) => ({ ...f, newlyFailing: flipped.has(f.id) })).sort(failureOrder);
  const settingChanges = record?.gate_settings ? compareGateSettings(record.gate_settings, gateSettingsOf(options.config)) : [];
  const head: ReportHead = {
    schema_version: REPORT_SCHEMA_VERSION,
    run: {
      ...options.run,
      finished_at: new Date().toISOString(),
      duration_ms: Math.round(options.duration_ms),
      report_dir: displayPath(options.outDir),
      ...(options.incomplete ? { incomplete: options.incomplete } : {}),
    },
    summary: snapshot.counts,
    metrics,
    by_module: byModule,
    by_case_type: groupsWithIntervals(snapshot.by_case_type, repeat, level, clusters, 'case_type'),
    stage_failures: snapshot.stage_failures,
    guard_blocks: snapshot.guard_blocks,
    attack_strategies: snapshot.attack_strategies,
    unsafe_actions: snapshot.unsafe_actions,
    successful_attacks: snapshot.successful_attacks,
    ...(snapshot.judging ? { judging: snapshot.judging } : {}),
    ...(snapshot.skipped_modules ? { skipped_modules: snapshot.skipped_modules } : {}),
    gate: evaluateGate({
      config: options.config,
      metrics,
      baseline,
      promptChanges,
      settingChanges,
      partial: run.partial,
      incomplete: options.incomplete ?? null,
      accepted: options.accepted,
      statistics,
      evaluatedBy: { provider: run.provider, modules: Object.keys(snapshot.by_module) },
    }),
    baseline,
    prompt_changes: promptChanges,
    gate_settings_changes: settingChanges,
    statistics,
    ...(options.arms ? { arms: options.arms } : {}),
    ...(options.repeats ? { repeats: options.repeats } : {}),
    gate_blocks: snapshot.guard_blocks,
  };
  const finish = options.finish;
  await writingReport(files.json, finish, () => json.finish(head));
  await writingReport(files.junit, finish, () => junit.finish(head));
  await writingReport(files.markdown, finish, () => writeFileAtomic(files.markdown, renderMarkdown({ head, failures, failuresTotal })));
  await writingReport(files.html, finish, () => writeFileAtomic(files.html, renderHtmlReport(html.finish(head))));
  return { head, files };
}

function baselineTrials(baseline: Baseline | null): Map<string, CaseTrials> {
  const trials = new Map<string, CaseTrials>();
  for (const [id, c] of baseline?.cases ?? []) {
    const t = trialsOf(c);
    if (t) trials.set(id, t);
  }
  return trials;
}
