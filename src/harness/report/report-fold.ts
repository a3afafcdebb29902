/**
 * The reports of one run, folded from its case entries one at a time: every
 * report takes what it needs from each entry as it passes, and what only the
 * end of the run knows (the aggregates, the duration) comes with finish. The
 * entries come from the one read of results.jsonl (write-reports.ts).
 */
import { join } from 'node:path';
import { DEFAULT_STATISTICS } from '../config/statistics-config.js';
import { displayPath } from '../base/display-path.js';
import { writeFileAtomic } from './atomic-file.js';
import { writingReport } from './report-write-error.js';
import { BaselineComparison, type Baseline } from './baseline.js';
import type { CaseEntry } from './case-entries.js';
import { failureOrder } from './failure-order.js';
import { evaluateGate } from './gate.js';
import { compareGateSettings, gateSettingsOf } from './gate-settings.js';
import { HtmlDataCollector } from './html/collect-html-data.js';
import { renderHtmlReport } from './html/render-html-report.js';
import { acknowledgedChanges, reviewPromptChanges, type PromptChange } from './prompt-review.js';
import { JunitWriter } from './junit.js';
import { ReportJsonWriter } from './report-json.js';
import { renderMarkdown, type MarkdownFailure } from './report-md.js';
import { REPORT_SCHEMA_VERSION, type ReportHead } from './report-types.js';
import { trialsOf, type CaseTrials } from './statistics/case-trials.js';
import { gateMode } from './statistics/gate-mode.js';
import { clusterCount, groupsWithIntervals, withIntervals } from './statistics/metric-intervals.js';
import { PairedComparison } from './statistics/paired-comparison.js';
import { intervalLevel, runStatistics } from './statistics/run-statistics.js';
import type { ReportEnd, ReportStart, WrittenReports } from './report-options.js';

/** Failures kept for report.md to choose from (newly failing and the rest, each up to this many); report.json has them all. */
const MARKDOWN_FAILURE_POOL = 200;

export class ReportFold {
  private readonly files: WrittenReports['files'];
  private readonly json: ReportJsonWriter;
  private readonly junit: JunitWriter;
  private readonly html = new HtmlDataCollector();
  private readonly promptChanges: PromptChange[] | null;
  private readonly comparison: BaselineComparison | null;
  private readonly pairing: PairedComparison;
  private readonly newlyFailing: MarkdownFailure[] = [];
  private readonly otherFailures: MarkdownFailure[] = [];
  private failuresTotal = 0;

  constructor(private readonly options: ReportStart) {
    this.files = {
      json: join(options.outDir, 'report.json'),
      markdown: join(options.outDir, 'report.md'),
      junit: join(options.outDir, 'junit.xml'),
      html: join(options.outDir, 'report.html'),
      results: options.resultsPath,
    };
    this.json = new ReportJsonWriter(this.files.json);
    this.junit = new JunitWriter(this.files.junit);
    const { run } = options;
    const record = options.baseline?.record ?? null;
    this.promptChanges = record ? reviewPromptChanges(record.prompts ?? {}, options.prompts, options.knownPrompt) : null;
    const identity = { provider: run.provider, model: run.model, gates_enabled: run.gates_enabled };
    this.comparison = options.baseline ? new BaselineComparison(options.baseline, identity, acknowledgedChanges(this.promptChanges)) : null;
    this.pairing = new PairedComparison(baselineTrials(options.baseline), (options.config.statistics ?? DEFAULT_STATISTICS).alpha);
  }

  /** One case's entry, with its trace: report.html draws every scenario's timeline; the other reports keep traces of failures only. */
  async add(withTrace: CaseEntry): Promise<void> {
    const { options, files } = this;
    this.html.add(withTrace);
    const { trace: _passedTrace, ...withoutTrace } = withTrace;
    const entry = withTrace.status === 'passed' ? withoutTrace : withTrace;
    await writingReport(files.json, options.finish, () => this.json.add(entry));
    await writingReport(files.junit, options.finish, () => this.junit.add(entry));
    const paired = this.comparison?.add(entry.id, entry.status, entry.hash, { module: entry.module, checks: entry.failed_checks });
    const trials = trialsOf(entry);
    // A case edited since the baseline, or failing by an acknowledged breaking change, is not a flip of the same case.
    if (trials) this.pairing.add(entry.id, trials, paired === undefined || paired === 'compared', entry.cluster ?? entry.id);
    if (entry.status === 'passed' || entry.status === 'skipped') return;
    this.failuresTotal += 1;
    // Passed in the baseline: probably newly failing (the diff decides, below), so kept first.
    const pool = options.baseline?.cases.get(entry.id)?.status === 'passed' ? this.newlyFailing : this.otherFailures;
    if (pool.length < MARKDOWN_FAILURE_POOL) pool.push(entry);
  }

  /** Compares with the baseline, applies the gate and writes the four reports (each atomically). */
  async finish(end: ReportEnd): Promise<WrittenReports> {
    const options = { ...this.options, ...end };
    const { run } = options;
    const { files, json, junit, html, comparison, pairing, promptChanges, failuresTotal } = this;
    const record = options.baseline?.record ?? null;
    const settings = options.config.statistics ?? DEFAULT_STATISTICS;
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
    const failures = [...this.newlyFailing, ...this.otherFailures].map((f) => ({ ...f, newlyFailing: flipped.has(f.id) })).sort(failureOrder);
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

  /** Always called: no spool outlives the reports. */
  discard(): Promise<unknown> {
    return Promise.all([this.json.discard(), this.junit.discard()]);
  }
}

function baselineTrials(baseline: Baseline | null): Map<string, CaseTrials> {
  const trials = new Map<string, CaseTrials>();
  for (const [id, c] of baseline?.cases ?? []) {
    const t = trialsOf(c);
    if (t) trials.set(id, t);
  }
  return trials;
}
