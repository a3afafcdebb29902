/**
 * report.md: what a reviewer reads in a pull request. Verdict first, then the
 * metrics with deltas against the baseline, the cases that flipped, failures
 * per pipeline stage, then the details. Every model-derived string is escaped.
 */
import type { PipelineTrace } from '../pipeline/trace.js';
import type { MetricValue } from '../scoring/metric-value.js';
import { LOWER_IS_BETTER, METRIC_IDS, type MetricId } from '../scoring/metric-ids.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import { attackStrategiesSection } from './attack-strategies-md.js';
import type { CaseEntry } from './case-entries.js';
import { codeSpan, escapeHtml, escapeMarkdownInline as md } from './escape.js';
import { renderBaselineComparison, renderPromptChanges, renderVerdictNotes } from './report-md-review.js';
import type { ReportHead } from './report-types.js';
import { formatInterval, intervalOf } from './statistics/metric-intervals.js';
import { modeLine, pairedLines, powerLines, withinNoiseLines } from './statistics/render-statistics-md.js';

/** Which prompt a stage failure points at. */
const STAGE_MODULE_HINT = 'fix the prompt of this stage first';

export interface MarkdownInput {
  head: ReportHead;
  /** Failed and errored cases, capped by the caller. */
  failures: CaseEntry[];
  failuresTotal: number;
}

export function renderMarkdown({ head, failures, failuresTotal }: MarkdownInput): string {
  const out: string[] = [];
  const { run, summary, gate } = head;
  out.push(`# orderflow eval: ${gate.passed ? '✅ gate passed' : '❌ gate FAILED'}`, '');
  out.push(...renderVerdictNotes(head));
  out.push(...withinNoiseLines(gate));
  out.push(
    `Run ${codeSpan(run.id)} · provider ${codeSpan(run.provider)} · model ${codeSpan(run.model)} · gates ${run.gates_enabled ? 'on' : '**off** (measurement run)'} · ` +
      `${summary.total} results: ${summary.passed} passed, ${summary.failed} failed, ${summary.error} errors · ${(run.duration_ms / 1000).toFixed(1)} s` +
      (run.git.commit ? ` · commit ${codeSpan(run.git.commit.slice(0, 12))}${run.git.dirty ? ' (dirty)' : ''}` : ''),
    '',
    modeLine(head.statistics),
    '',
  );

  out.push(...renderPromptChanges(head.prompt_changes));

  out.push('## Metrics', '');
  const delta = head.baseline?.metrics ?? {};
  out.push(head.baseline ? '| metric | value | interval | n / d | baseline | Δ |' : '| metric | value | interval | n / d |', head.baseline ? '|---|---:|---:|---:|---:|---:|' : '|---|---:|---:|---:|');
  for (const id of METRIC_IDS) {
    const m = head.metrics[id];
    if (!m || (m.denominator === 0 && id !== 'cost_usd')) continue;
    const row = `| ${id} | ${fmt(m.value)} | ${formatInterval(intervalOf(m)) || '–'} | ${countOf(id, m)} |`;
    if (!head.baseline) {
      out.push(row);
      continue;
    }
    const d = delta[id];
    out.push(`${row} ${fmt(d?.before ?? null)} | ${arrow(id, d?.delta ?? null)} |`);
  }
  out.push('');

  out.push(...renderBaselineComparison(head));
  const judged = !!head.baseline && !head.baseline.untrusted && head.baseline.not_comparable.length === 0;
  out.push(...pairedLines(head.statistics, judged), ...powerLines(head.statistics));

  const stages = Object.entries(head.stage_failures);
  if (stages.length) {
    out.push('## Failures by pipeline stage', '', `The first stage whose output went wrong in each failed scenario (${STAGE_MODULE_HINT}).`, '', '| stage | prompt | failed scenarios |', '|---|---|---:|');
    for (const [stage, n] of stages) out.push(`| ${stage} | ${run.prompts[stage]?.name ?? '–'} | ${n} |`);
    out.push('');
  }

  const blocks = Object.entries(head.gate_blocks ?? {});
  if (blocks.length) {
    out.push('## Calls stopped by the program-enforced gates', '', 'What the model proposed and the gates refused to execute.', '', '| gate | blocked calls |', '|---|---:|');
    for (const [gate, n] of blocks) out.push(`| ${gate} | ${n} |`);
    out.push('');
  }

  out.push(...groupTable('By module', 'module', head.by_module), ...groupTable('By case type', 'case type', head.by_case_type));
  out.push(...attackStrategiesSection(head.attack_strategies));

  out.push(`## Failed cases (${failuresTotal})`, '');
  if (failuresTotal === 0) out.push('None.', '');
  for (const f of failures) out.push(...failureBlock(f));
  if (failuresTotal > failures.length) out.push(`… and ${failuresTotal - failures.length} more in report.json.`, '');

  out.push('## Provenance', '', '| module | prompt | version | sha256 |', '|---|---|---|---|');
  for (const [module, p] of Object.entries(run.prompts)) out.push(`| ${module} | ${p.name} | ${p.version} | ${codeSpan(p.sha256.slice(0, 12))} |`);
  out.push('', `orderflow ${run.orderflow_version} · node ${run.node_version} · concurrency ${run.concurrency} · repeat ${run.repeat} · cache ${run.cache_mode}${run.shard ? ` · shard ${run.shard.index}/${run.shard.count}` : ''}`, '');
  return out.join('\n');
}

function groupTable(title: string, label: string, groups: Record<string, Metrics>): string[] {
  const cols: MetricId[] = ['case_pass_rate', 'schema_validity_rate', 'injection_success_rate', 'regression_pass_rate', 'task_success_rate', 'unsafe_action_rate', 'error_rate'];
  const used = cols.filter((c) => Object.values(groups).some((g) => (g[c]?.denominator ?? 0) > 0));
  const out = [`## ${title}`, '', `| ${label} | results | ${used.join(' | ')} |`, `|---|---:|${used.map(() => '---:|').join('')}`];
  for (const [name, g] of Object.entries(groups)) {
    out.push(`| ${name} | ${g.case_pass_rate?.denominator ?? 0} | ${used.map((c) => (g[c]?.denominator ? `${fmt(g[c]!.value)} ${formatInterval(intervalOf(g[c]))} (${g[c]!.numerator}/${g[c]!.denominator})` : '–')).join(' | ')} |`);
  }
  out.push('');
  return out;
}

function failureBlock(f: CaseEntry): string[] {
  const out = [`### ${f.status === 'error' ? '⚠️' : '❌'} ${codeSpan(f.id)} · ${f.module} · ${f.case_type}${f.trials ? ` · ${f.trials.passed}/${f.trials.n} trials passed` : ''}`, ''];
  if (f.file) out.push(`Defined at ${codeSpan(`${f.file}:${f.line ?? ''}`)}${f.description ? `: ${md(f.description)}` : ''}`, '');
  if (f.first_failing_stage) out.push(`First failing stage: **${md(f.first_failing_stage)}**`, '');
  if (f.error) out.push(`- error: ${md(f.error)}`);
  for (const c of f.failed_checks) out.push(`- ${codeSpan(c.name)}: ${md(c.reason)}`);
  out.push('');
  if (f.trace) out.push('<details><summary>trace</summary>', '', `<pre>${escapeHtml(clip(traceSummary(f.trace as PipelineTrace), 8000))}</pre>`, '', '</details>', '');
  if (f.raw_output !== undefined) {
    out.push(`<details><summary>${f.trace ? 'reply' : 'model output'}</summary>`, '', `<pre>${escapeHtml(clip(f.raw_output, 4000))}</pre>`, '', '</details>', '');
  }
  return out;
}

/** One line per stage and per tool call: enough to see where a scenario went wrong. */
function traceSummary(trace: PipelineTrace): string {
  const lines = trace.stages.map((st) => `stage ${st.stage} (${st.prompt}): ${st.valid ? 'ok' : `INVALID: ${st.error ?? ''}`}`);
  for (const t of trace.tools) {
    const gate = t.block ? ` [${t.block.gate} gate: ${t.block.message}]` : '';
    lines.push(`tool ${t.tool} ${JSON.stringify(t.args)}: ${t.status}${t.authorization ? ` (authorization ${t.authorization})` : ''}${gate}`);
  }
  if (trace.confirmation.asked) lines.push(`confirmation asked: ${trace.confirmation.answer}`);
  if (trace.handoff) lines.push(`hand-off: ${JSON.stringify(trace.handoff)}`);
  for (const note of trace.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

function fmt(v: number | null): string {
  if (v === null) return '–';
  return Number.isInteger(v) ? String(v) : v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

function countOf(id: MetricId, m: MetricValue): string {
  if (id === 'latency_ms') return `p50 ${fmt(m.p50 as number | null)} · p95 ${fmt(m.p95 as number | null)} (${m.denominator} calls)`;
  if (id === 'cost_usd') return `total ${fmt(m.numerator)} over ${m.denominator}`;
  return `${m.numerator} / ${m.denominator}`;
}

function arrow(id: MetricId, d: number | null): string {
  if (d === null || d === 0) return d === 0 ? '0' : '–';
  const worse = LOWER_IS_BETTER.has(id) ? d > 0 : d < 0;
  return `${d > 0 ? '+' : ''}${fmt(d)} ${worse ? '(worse)' : '(better)'}`;
}
