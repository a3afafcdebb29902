/** The summary printed at the end of `orderflow eval`: the metric table, then the verdict. */
import type CliTable from 'cli-table3';
import pc from 'picocolors';
import { lazyPackage } from '../base/lazy-package.js';
import { describeDelta } from '../report/metric-delta.js';
import type { ReportHead } from '../report/report-types.js';
import { formatInterval, intervalOf } from '../report/statistics/metric-intervals.js';
import { costFigure } from '../report/cost-figure.js';
import { armsSummaryLines } from './render-arms.js';
import { describeCounts, formatP } from '../report/statistics/paired-gate.js';
import { METRIC_IDS } from '../config/metric-ids.js';
import { acknowledgedItems, describeItem, gateWords } from '../report/review-verdict.js';
import { flipsJudged, runSize, trialsOfRun, whyNotJudged } from '../report/run-words.js';
import { renderPromptChanges } from './render-prompt-changes.js';
import { repeatsLine } from '../report/repeats-report.js';

const cliTable = lazyPackage<typeof CliTable>('cli-table3');

/** The header is plain: colour is kept for the verdict, so red always means something failed. */
const PLAIN_HEAD = { head: [] as string[] };

export function renderSummary(head: ReportHead): string {
  const Table = cliTable();
  const table = new Table({
    head: ['metric', 'value', `${Math.round((1 - head.statistics.alpha) * 100)}% interval`, 'n / d', ...(head.baseline ? ['Δ vs baseline'] : [])],
    style: pc.isColorSupported ? PLAIN_HEAD : { head: [], border: [] },
  });
  for (const id of METRIC_IDS) {
    const m = head.metrics[id];
    if (!m || m.denominator === 0) continue;
    const d = head.baseline?.metrics[id];
    const counts =
      id === 'latency_ms' ? `p50 ${m.p50} / p95 ${m.p95}` : id === 'cost_usd' ? costFigure(m, head.run.repeat) : `${m.numerator} / ${m.denominator}`;
    table.push([
      id,
      m.value === null ? '–' : String(m.value),
      formatInterval(intervalOf(m)) || '–',
      counts,
      ...(head.baseline ? [describeDelta(id, d?.before ?? null, d?.delta ?? null, String)] : []),
    ]);
  }
  const { summary } = head;
  const lines = [
    ...renderPromptChanges(head.prompt_changes, head.run.report_dir, head.run.provider),
    table.toString(),
    `${runSize(summary.total, trialsOfRun(head.run), 'results')}: ${summary.passed} passed, ${summary.failed} failed, ${summary.error} errors${summary.skipped ? `, ${summary.skipped} skipped` : ''}`,
  ];
  const blocks = Object.entries(head.guard_blocks ?? {});
  if (blocks.length) lines.push(`calls stopped by the guards: ${blocks.map(([g, n]) => `${g} ${n}`).join(', ')}`);
  const stages = Object.entries(head.stage_failures);
  if (stages.length) lines.push(`first failing stage: ${stages.map(([s, n]) => `${s} ${n}`).join(', ')}`);
  const b = head.baseline;
  const judged = flipsJudged(head);
  if (b && judged)
    lines.push(
      `baseline: ${b.newly_failing_count} newly failing, ${b.newly_passing_count} newly passing, ${b.removed_count} removed, ${b.changed_count} changed, ${b.added} new`,
    );
  // Against a baseline that cannot be compared, per-case figures would headline what the gate does not judge.
  else if (b) lines.push(`baseline: per-case flips not judged: ${whyNotJudged(head)}; see report.md for them, for information`);
  const s = head.statistics;
  if (s.paired && judged)
    lines.push(`paired test: ${describeCounts(s.paired.overall)}, p = ${formatP(s.paired.overall.p_adjusted)} (${s.paired.test}, one-sided)`);
  if (s.stable_regression_count && judged) lines.push(`stable regressions: ${s.stable_regression_count}`);
  if (s.flaky_count) lines.push(`flaky cases: ${s.flaky_count}`);
  if (head.arms) lines.push(...armsSummaryLines(head.arms));
  if (head.repeats) lines.push(repeatsLine(head.repeats, 10));
  lines.push(`gate mode: ${s.mode} (${s.mode_reason})`);
  lines.push(verdictLine(head));
  if (!head.gate.passed) lines.push(...head.gate.failures.map((f) => `  - ${f.message}`));
  return lines.join('\n');
}

/** One line: the CI verdict and the counts behind it (all that `-q` prints, with the report path). */
/** Checks that fail because of the baseline itself, not the run: said even in a quiet run, since their reason names the baseline file. */
const BASELINE_CHECKS = new Set(['baseline_trusted', 'baseline_comparable']);

export function baselineProblemLines(head: ReportHead): string[] {
  return head.gate.failures.filter((f) => BASELINE_CHECKS.has(f.metric)).map((f) => `  - ${f.message}`);
}

export function verdictLine(head: ReportHead): string {
  const { summary, gate } = head;
  const counts = `${summary.passed}/${summary.total} passed, ${summary.failed} failed, ${summary.error} errors`;
  const acknowledged = acknowledgedItems(head);
  if (gate.passed && acknowledged.length)
    return [pc.yellow(`gate: ${gateWords(head)}: review them before merging (${counts})`), ...acknowledged.map((a) => `  - ${describeItem(a)}`)].join('\n');
  if (gate.passed) return pc.green(`gate: passed (${counts})`);
  return pc.red(
    `gate: FAILED (${gate.failures.length} check${gate.failures.length === 1 ? '' : 's'} failed: ${gate.failures.map((f) => f.metric).join(', ')}; ${counts})`,
  );
}
