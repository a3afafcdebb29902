/**
 * report.md's "Arms" section: per-arm metrics with intervals, the verdict line
 * per metric, the paired test, and the cases whose verdicts differ with both
 * outputs side by side (clipped: report.json of each arm has the whole text).
 */
import { METRIC_IDS } from '../../config/metric-ids.js';
import { codeSpan, escapeMarkdownInline } from '../escape.js';
import { formatInterval, intervalOf } from '../statistics/metric-intervals.js';
import type { ArmComparison, ArmOutput, MetricVerdict } from './arm-comparison.js';
import type { ArmsReport } from './arms-report.js';

/** Enough side-by-side rows for a pull-request comment; the rest are counted. */
const MD_DIFFERING = 20;
const MD_OUTPUT = 160;

export function armsLines(arms: ArmsReport): string[] {
  const out = ['## Arms', ''];
  out.push(
    `${arms.arms.length} arms differing in the ${arms.varied}, the same cases on each, interleaved. The gate judged ${codeSpan(arms.designated)} against the baseline; every arm's own reports are in ${codeSpan('arms/')}.`,
    '',
  );
  out.push(`| metric | ${arms.arms.map((a) => escapeMarkdownInline(a.name, 60)).join(' | ')} |`, `|---|${arms.arms.map(() => '---:').join('|')}|`);
  for (const id of METRIC_IDS) {
    const cells = arms.arms.map((a) => a.metrics[id]);
    if (cells.every((m) => !m || m.value === null || m.denominator === 0)) continue;
    out.push(`| ${id} | ${cells.map((m) => (m && m.value !== null ? `${m.value} ${formatInterval(intervalOf(m))}`.trim() : '–')).join(' | ')} |`);
  }
  out.push('');
  for (const c of arms.comparisons) out.push(...comparisonLines(c));
  return out;
}

export function verdictLine(c: ArmComparison, v: MetricVerdict): string {
  const change = `${v.a} → ${v.b} (${v.delta > 0 ? '+' : ''}${v.delta})`;
  const what =
    v.verdict === 'no detectable difference'
      ? `no detectable difference (the run would detect ${v.detectable} or more)`
      : `**${v.verdict}** (detectable from ${v.detectable})`;
  return `${v.metric}: ${c.b} vs ${c.a} ${change}: ${what}`;
}

function comparisonLines(c: ArmComparison): string[] {
  const p = c.paired;
  const out = [`### ${escapeMarkdownInline(c.b, 80)} vs ${escapeMarkdownInline(c.a, 80)}`, ''];
  out.push(`Paired (${p.description}): ${p.better} ${p.unit}(s) better, ${p.worse} worse, ${p.tied} tied → p = ${p.p_value}.`, '');
  const { a_only, b_only } = c.unpaired;
  if (a_only + b_only > 0)
    out.push(
      `Not paired: ${a_only + b_only} case(s) ran on one arm only (${a_only} on ${escapeMarkdownInline(c.a, 80)}, ${b_only} on ${escapeMarkdownInline(c.b, 80)}); the test and the differing cases leave them out.`,
      '',
    );
  for (const v of c.verdicts) out.push(`- ${verdictLine(c, v)}`);
  out.push('');
  if (!c.differing_count) return [...out, 'No case has a different verdict on the two arms.', ''];
  out.push(`**Differing cases (${c.differing_count})**`, '', `| case | ${escapeMarkdownInline(c.a, 60)} | ${escapeMarkdownInline(c.b, 60)} |`, '|---|---|---|');
  for (const d of c.differing.slice(0, MD_DIFFERING)) out.push(`| ${codeSpan(d.id)} | ${cell(d.a)} | ${cell(d.b)} |`);
  if (c.differing_count > MD_DIFFERING) out.push(`| … and ${c.differing_count - MD_DIFFERING} more (report.html, report.json) | | |`);
  return [...out, ''];
}

function cell(o: ArmOutput): string {
  const verdict = `${o.status}${o.trials ? ` ${o.trials}` : ''}`;
  return o.output === undefined ? verdict : `${verdict}: ${codeSpan(o.output.replace(/\s+/g, ' '), MD_OUTPUT)}`;
}
