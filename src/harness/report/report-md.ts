/**
 * report.md: what a reviewer reads in a pull request. Verdict first, then the
 * metrics with deltas against the baseline, the cases that flipped, failures
 * per pipeline stage, then the details. Every model-derived string is escaped.
 *
 * It must fit where it is posted (a GitHub comment holds 65,536 characters):
 * lists are capped with a pointer to report.html / report.json, failure
 * details are added only while they fit a budget, and the whole is cut at a
 * line boundary should the fixed sections ever outgrow it.
 */
import type { PipelineTrace } from '../agent-registration.js';
import { capabilityTraceLine } from './capability-trace-line.js';
import type { MetricValue } from '../scoring/metric-value.js';
import type { MetricId } from '../config/metric-ids.js';
import { METRIC_ORDER } from '../scoring/metrics/metric-order.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import { attackStrategiesSection } from './attack-strategies-md.js';
import type { CaseEntry } from './case-entries.js';
import { codeSpan, escapeHtml, escapeMarkdownInline as md, neutraliseMentions } from './escape.js';
import { runSize, trialsOfRun } from './run-words.js';
import { renderBaselineComparison, renderPromptChanges, renderVerdictNotes, verdictHeading } from './report-md-review.js';
import { describeDelta } from './metric-delta.js';
import type { ReportHead } from './report-types.js';
import { formatInterval, intervalOf } from './statistics/metric-intervals.js';
import { costFigure } from './cost-figure.js';
import { repeatsLine } from './repeats-report.js';
import { armsLines } from './arms/render-arms-md.js';
import { modeLine, pairedLines, powerLines, withinNoiseLines } from './statistics/render-statistics-md.js';

/** The hard limit of report.md, in characters. */
export const MARKDOWN_MAX_CHARS = 60_000;
/** Failure details stop being added once the report reaches this size, leaving room for what follows. */
const DETAILS_BUDGET = 48_000;
/** One-line entries may fill the page up to here; the rest of the limit is kept for provenance. */
const LIST_BUDGET = MARKDOWN_MAX_CHARS - 6_000;
/** Failed checks listed per case. */
const CHECKS_PER_CASE = 6;
const MORE = 'see report.html / report.json';
/** Cases that ran again, named with their trials; report.json lists them all. */
const REPEATED_NAMED = 30;

export type MarkdownFailure = CaseEntry & { newlyFailing?: boolean };

export interface MarkdownInput {
  head: ReportHead;
  /** Failed and errored cases in reading order (newly failing first), a bounded selection. */
  failures: MarkdownFailure[];
  failuresTotal: number;
}

/** Skipped cases are neither passes nor failures: they are listed with why, so that nobody reads a green run as covering them. */
function skippedSection(head: ReportHead): string[] {
  const rows = Object.entries(head.skipped_modules ?? {});
  if (rows.length === 0) return [];
  return [
    '## Skipped modules',
    '',
    'Cases the provider cannot answer did not run and are not counted as passed.',
    '',
    '| module | skipped results | why |',
    '|---|---:|---|',
    ...rows.map(([module, s]) => `| ${codeSpan(module)} | ${s.results} | ${s.reason.replace(/\|/g, '\\|')} |`),
    '',
  ];
}

export function renderMarkdown({ head, failures, failuresTotal }: MarkdownInput): string {
  const out: string[] = [];
  const { run, summary, gate } = head;
  out.push(`# orderflow eval: ${verdictHeading(head)}`, '');
  out.push(...renderVerdictNotes(head));
  out.push(...withinNoiseLines(gate));
  out.push(
    `Run ${codeSpan(run.id)} · provider ${codeSpan(run.provider)} · model ${codeSpan(run.model)} · guards ${run.guards_enabled === false ? '**off** (measurement run)' : 'on'} · ` +
      `${runSize(summary.total, trialsOfRun(run), 'results')}: ${summary.passed} passed, ${summary.failed} failed, ${summary.error} errors${summary.skipped ? `, ${summary.skipped} skipped` : ''} · ${(run.duration_ms / 1000).toFixed(1)} s` +
      (run.git.commit ? ` · commit ${codeSpan(run.git.commit.slice(0, 12))}${run.git.dirty ? ' (dirty)' : ''}` : ''),
    '',
    modeLine(head.statistics),
    '',
    ...(head.repeats ? [`${repeatsLine(head.repeats, REPEATED_NAMED, codeSpan)}.`, ''] : []),
    `Open ${codeSpan('report.html')} next to this file for charts, a filterable case table and every scenario's trace.`,
    '',
  );

  out.push(...renderPromptChanges(head.prompt_changes, run.provider));
  out.push(...skippedSection(head));

  out.push('## Metrics', '');
  const delta = head.baseline?.metrics ?? {};
  out.push(
    head.baseline ? '| metric | value | interval | n / d | baseline | Δ |' : '| metric | value | interval | n / d |',
    head.baseline ? '|---|---:|---:|---:|---:|---:|' : '|---|---:|---:|---:|',
  );
  for (const id of METRIC_ORDER) {
    const m = head.metrics[id];
    if (!m || (m.denominator === 0 && id !== 'cost_usd')) continue;
    const row = `| ${id} | ${fmt(m.value)} | ${formatInterval(intervalOf(m)) || '–'} | ${countOf(id, m, run.repeat)} |`;
    if (!head.baseline) {
      out.push(row);
      continue;
    }
    const d = delta[id];
    out.push(`${row} ${fmt(d?.before ?? null)} | ${describeDelta(id, d?.before ?? null, d?.delta ?? null, (v) => fmt(v))} |`);
  }
  out.push('');

  if (head.arms) out.push(...armsLines(head.arms));
  out.push(...renderBaselineComparison(head, new Map(failures.map((e) => [e.id, reasonOf(e)]))));
  const judged = !!head.baseline && !head.baseline.untrusted && head.baseline.not_comparable.length === 0;
  out.push(...pairedLines(head.statistics, judged), ...powerLines(head.statistics));

  const stages = Object.entries(head.stage_failures);
  if (stages.length) {
    out.push(
      '## Failures by pipeline stage',
      '',
      'The first stage whose output went wrong in each failed scenario: fix the prompt of this stage first.',
      '',
      '| stage | prompt | failed scenarios |',
      '|---|---|---:|',
    );
    for (const [stage, n] of stages) out.push(`| ${stage} | ${run.prompts[stage]?.name ?? '–'} | ${n} |`);
    out.push('');
  }

  const blocks = Object.entries(head.guard_blocks ?? {});
  if (blocks.length) {
    out.push(
      "## Calls stopped by the pipeline's guards",
      '',
      'What the model proposed and the program-enforced guards refused to execute.',
      '',
      '| guard | stopped calls |',
      '|---|---:|',
    );
    for (const [guard, n] of blocks) out.push(`| ${guard} | ${n} |`);
    out.push('');
  }

  out.push(...explainedLines(head));
  out.push(...judgingLines(head));
  out.push(...groupTable('By module', 'module', head.by_module), ...groupTable('By case type', 'case type', head.by_case_type));
  out.push(...attackStrategiesSection(head.attack_strategies));

  out.push(`## Failed cases (${failuresTotal})`, '');
  if (failuresTotal === 0) out.push('None.', '');
  let size = out.join('\n').length;
  let shown = 0;
  for (const f of failures) {
    const block = failureBlock(f).join('\n');
    if (size + block.length > DETAILS_BUDGET) break;
    out.push(block);
    size += block.length + 1;
    shown += 1;
  }
  // Past the detail budget a reviewer still gets the ids (newly failing first), one short line each, while the page has room.
  const detailed = shown;
  for (const f of failures.slice(detailed)) {
    const line = failureLine(f);
    if (size + line.length > LIST_BUDGET) break;
    out.push(line);
    size += line.length + 1;
    shown += 1;
  }
  if (shown > detailed) out.push('');
  if (failuresTotal > shown) out.push(`… and ${failuresTotal - shown} more failed case${failuresTotal - shown === 1 ? '' : 's'} — ${MORE}.`, '');

  out.push('## Provenance', '', '| module | prompt | version | sha256 |', '|---|---|---|---|');
  for (const [module, p] of Object.entries(run.prompts)) out.push(`| ${module} | ${p.name} | ${p.version} | ${codeSpan(p.sha256.slice(0, 12))} |`);
  out.push(
    '',
    `orderflow ${run.orderflow_version} · node ${run.node_version} · concurrency ${run.concurrency} · repeat ${run.repeat} · cache ${run.cache_mode}${run.shard ? ` · shard ${run.shard.index}/${run.shard.count}` : ''}`,
    '',
  );
  return fitToLimit(out.join('\n'));
}

/** The guarantee: whatever the fixed sections hold, report.md never exceeds the limit. */
function fitToLimit(text: string): string {
  if (text.length <= MARKDOWN_MAX_CHARS) return text;
  const note = `\n\n… report.md cut at ${MARKDOWN_MAX_CHARS.toLocaleString('en')} characters — ${MORE}.\n`;
  const cut = text.lastIndexOf('\n', MARKDOWN_MAX_CHARS - note.length);
  return text.slice(0, cut) + note;
}

/** Each unsafe action and each successful attack in one line; the outcome judgement and the generic-rule backstop apart. */
function explainedLines(head: ReportHead): string[] {
  const u = head.unsafe_actions;
  const a = head.successful_attacks;
  if (!u || !a || (u.lines_total === 0 && a.lines_total === 0)) return [];
  const out = [
    '## Unsafe actions and successful attacks',
    '',
    `Unsafe by outcome (a change in the world neither expected nor harmless): ${u.outcome_scenarios} scenario(s). ` +
      `Unsafe by the generic-rule backstop (ownership, confirmation, human review, business rules, duplicates on every write): ${u.backstop_scenarios} scenario(s). ` +
      'Each line: the effect, the rule or goal, the stage that proposed it, the pipeline guard whose job it was to stop it.',
    '',
  ];
  const shown = (lines: { case_id: string; kind: string; line: string }[], total: number) => {
    for (const l of lines.slice(0, EXPLAINED_CAP)) out.push(`- ${codeSpan(l.case_id)} ${l.kind}: ${md(l.line)}`);
    if (total > Math.min(lines.length, EXPLAINED_CAP))
      out.push(`- … and ${total - Math.min(lines.length, EXPLAINED_CAP)} more in report.json (unsafe_actions / successful_attacks)`);
    out.push('');
  };
  if (u.lines_total) {
    out.push('**Unsafe actions**', '');
    shown(u.lines, u.lines_total);
  }
  if (a.lines_total) {
    out.push('**Successful attacks**', '');
    shown(a.lines, a.lines_total);
  }
  return out;
}

const EXPLAINED_CAP = 100;

/** What the scenarios' outcomes rest on: model output the schema refused (passed or not), and expectations left out, so not judged. */
function judgingLines(head: ReportHead): string[] {
  const j = head.judging;
  if (!j) return [];
  const out = ['## What the verdicts rest on', ''];
  if (j.invalid_output_total) {
    out.push(
      `Scenarios whose trace holds a schema-invalid stage output: ${j.invalid_output_total} result(s). ` +
        'By default they pass or fail on their outcome; with `judge.invalid_output_may_pass: false` in the config they fail (check schema_valid_output).',
      '',
      '| scenario | trial | status | stages with invalid output |',
      '|---|---:|---|---|',
    );
    for (const x of j.invalid_output.slice(0, EXPLAINED_CAP))
      out.push(`| ${codeSpan(x.case_id)} | ${x.trial} | ${x.status} | ${x.stages.map((st) => md(st)).join(', ')} |`);
    if (j.invalid_output_total > Math.min(j.invalid_output.length, EXPLAINED_CAP)) out.push('', `… ${MORE}.`);
    out.push('');
  }
  const omitted = Object.entries(j.not_judged);
  if (omitted.length) {
    out.push(
      'Expectations a scenario leaves out are not judged (never read as a value):',
      '',
      '| expectation | results not judged on it | scenarios |',
      '|---|---:|---|',
    );
    for (const [field, n] of omitted)
      out.push(`| ${field} | ${n.results} | ${n.case_ids.map((id) => codeSpan(id)).join(' ')}${n.results > n.case_ids.length ? ' …' : ''} |`);
    out.push('');
  }
  return out;
}

function groupTable(title: string, label: string, groups: Record<string, Metrics>): string[] {
  const cols: MetricId[] = [
    'case_pass_rate',
    'schema_validity_rate',
    'injection_success_rate',
    'regression_pass_rate',
    'task_success_rate',
    'unsafe_action_rate',
    'error_rate',
  ];
  const used = cols.filter((c) => Object.values(groups).some((g) => (g[c]?.denominator ?? 0) > 0));
  const out = [`## ${title}`, '', `| ${label} | results | ${used.join(' | ')} |`, `|---|---:|${used.map(() => '---:|').join('')}`];
  for (const [name, g] of Object.entries(groups)) {
    out.push(
      `| ${name} | ${g.case_pass_rate?.denominator ?? 0} | ${used.map((c) => (g[c]?.denominator ? `${fmt(g[c]!.value)} ${formatInterval(intervalOf(g[c]))} (${g[c]!.numerator}/${g[c]!.denominator})` : '–')).join(' | ')} |`,
    );
  }
  out.push('');
  return out;
}

function failureLine(f: MarkdownFailure): string {
  const first = f.attribution
    ? `${f.attribution.stage}: ${f.attribution.check}`
    : f.error
      ? `error: ${clip(f.error, 80)}`
      : (f.failed_checks[0]?.name ?? f.status);
  return `- ${f.status === 'error' ? '⚠️' : '❌'} ${codeSpan(f.id)} · ${f.module}${f.newlyFailing ? ' · newly failing' : ''} — ${md(first)}`;
}

function failureBlock(f: MarkdownFailure): string[] {
  const out = [
    `### ${f.status === 'error' ? '⚠️' : '❌'} ${codeSpan(f.id)} · ${f.module} · ${f.case_type}${f.newlyFailing ? ' · newly failing' : ''}${f.trials ? ` · ${f.trials.passed}/${f.trials.n} trials passed` : ''}`,
    '',
  ];
  if (f.file) out.push(`Defined at ${codeSpan(`${f.file}:${f.line ?? ''}`)}${f.description ? `: ${md(f.description)}` : ''}`, '');
  if (f.error) out.push(`- error: ${md(f.error)}`);
  const a = f.attribution;
  if (a) {
    out.push(
      `First failing stage: **${md(a.stage)}**${a.prompt ? ` (${codeSpan(a.prompt)})` : ''} — check ${codeSpan(a.check)}: expected ${md(a.expected)}; got ${md(a.got)}`,
      '',
    );
    if (a.output_excerpt) out.push(`Stage output: ${codeSpan(a.output_excerpt, 300)}`, '');
    if (a.consequence) out.push(`↳ ${md(a.consequence)}`, '');
  } else if (f.first_failing_stage) {
    out.push(`First failing stage: **${md(f.first_failing_stage)}**`, '');
  }
  const own = a ? f.failed_checks.filter((c) => c.name === a.check) : f.failed_checks;
  for (const c of own.slice(0, CHECKS_PER_CASE)) out.push(`- ${codeSpan(c.name)}: ${md(c.reason)}${c.unenforced ? ` _(${md(c.unenforced)})_` : ''}`);
  if (own.length > CHECKS_PER_CASE) out.push(`- … and ${own.length - CHECKS_PER_CASE} more checks`);
  if (own.length) out.push('');
  if (f.trace)
    out.push(
      '<details><summary>trace</summary>',
      '',
      `<pre>${neutraliseMentions(escapeHtml(clip(traceSummary(f.trace as PipelineTrace, f.attribution?.stage ?? f.first_failing_stage), 1500)))}</pre>`,
      '',
      '</details>',
      '',
    );
  if (f.raw_output !== undefined) {
    const size = f.raw_output_bytes !== undefined ? ` (${f.raw_output_bytes} bytes; the first 64 KiB stored)` : '';
    out.push(
      `<details><summary>${f.trace ? 'reply' : 'model output'}${size}</summary>`,
      '',
      `<pre>${neutraliseMentions(escapeHtml(clip(f.raw_output, 800)))}</pre>`,
      '',
      '</details>',
      '',
    );
  }
  return out;
}

/**
 * One line per stage and per tool call: enough to see where a scenario went
 * wrong. A stage whose output was valid JSON can still be the wrong one, so
 * the first failing stage is marked rather than called "ok".
 */
function traceSummary(trace: PipelineTrace, firstFailing: string | undefined): string {
  let marked = false;
  const lines = trace.stages.map((st) => {
    const mark = !marked && st.stage === firstFailing ? ' ← FIRST FAILING STAGE' : '';
    if (mark) marked = true;
    return `stage ${st.stage} (${st.prompt}): ${st.valid ? 'valid output' : `INVALID: ${st.error ?? ''}${st.unenforced ? ` (${st.unenforced})` : ''}`}${mark}`;
  });
  for (const c of trace.capability ?? []) lines.push(capabilityTraceLine(c));
  for (const t of trace.tools) {
    const guard = t.block ? ` [stopped by the ${t.block.gate} guard: ${t.block.message}]` : '';
    lines.push(`tool ${t.tool} ${JSON.stringify(t.args)}: ${t.status}${t.authorization ? ` (authorization ${t.authorization})` : ''}${guard}`);
  }
  if (trace.confirmation.asked) lines.push(`confirmation asked: ${trace.confirmation.answer}`);
  if (trace.handoff) lines.push(`hand-off: ${JSON.stringify(trace.handoff)}`);
  for (const note of trace.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}

/** What follows an id in the lists of report.md: its module and first reason. */
function reasonOf(e: MarkdownFailure): string {
  const why = e.attribution?.summary ?? e.error ?? (e.failed_checks[0] ? `${e.failed_checks[0].name}: ${e.failed_checks[0].reason}` : '');
  return `(${e.module})${why ? ` — ${md(why, 160)}` : ''}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

function fmt(v: number | null): string {
  if (v === null) return '–';
  return Number.isInteger(v) ? String(v) : v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

function countOf(id: string, m: MetricValue, repeat: number): string {
  if (id === 'latency_ms') return `p50 ${fmt(m.p50 as number | null)} · p95 ${fmt(m.p95 as number | null)} (${m.denominator} calls)`;
  if (id === 'cost_usd') return costFigure(m, repeat);
  return `${m.numerator} / ${m.denominator}`;
}
