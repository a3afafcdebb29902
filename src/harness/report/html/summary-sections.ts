/** The top of report.html: the verdict and why, metric cards, charts, the pipeline's funnel and guards, prompt changes. */
import { agent } from '../../agent-registration.js';
import { METRIC_IDS } from '../../config/metric-ids.js';
import type { Metrics } from '../../scoring/metric-accumulator.js';
import { deltaDirection } from '../metric-delta.js';
import { costFigure } from '../cost-figure.js';
import { readsPromptText } from '../../providers/reads-prompt-text.js';
import { changedLineGroups } from '../../registry/prompt-diff-lines.js';
import type { PromptChange } from '../prompt-review.js';
import type { ReportHead } from '../report-types.js';
import { repeatsLine } from '../repeats-report.js';
import { acknowledgedItems, describeItem, gateWords } from '../review-verdict.js';
import { flipsJudged, runSize, trialsOfRun } from '../run-words.js';
import { passFailRow, stackedBars, type StackedRow } from './charts.js';
import type { HtmlReportData } from './collect-html-data.js';
import { formatInterval, intervalOf } from '../statistics/metric-intervals.js';
import { formatDelta, formatMetric } from './format.js';
import { html, type SafeHtml } from './safe-html.js';

/** With --repeat auto, the cases run again named in the verdict header; the rest are in report.json. */
const REPEATED_SHOWN = 20;

export function verdictSection(data: HtmlReportData): SafeHtml {
  const { head } = data;
  const { gate, summary, run, baseline } = head;
  const reasons = gate.failures.map((f) => html`<li>${f.message}</li>`);
  const counts = `${runSize(summary.total, trialsOfRun(run), 'results')}: ${summary.passed} passed, ${summary.failed} failed, ${summary.error} errors${summary.skipped ? `, ${summary.skipped} skipped (the provider cannot answer their module)` : ''}`;
  const flips = !baseline
    ? 'no baseline to compare with'
    : flipsJudged(head)
      ? `${baseline.newly_failing_count} newly failing, ${baseline.newly_passing_count} newly passing since the baseline`
      : 'per-case flips not judged against this baseline';
  const acknowledged = acknowledgedItems(head);
  const review = gate.passed && acknowledged.length > 0;
  return html`<header class="verdict ${review ? 'verdict-review' : gate.passed ? 'verdict-pass' : 'verdict-fail'}" id="verdict">
<div class="verdict-line"><span class="verdict-mark">${review ? 'REVIEW' : gate.passed ? 'PASS' : 'FAIL'}</span> Gate ${gateWords(head)}</div>
${acknowledged.length ? html`<div class="verdict-note">Acknowledged breaking changes: each ships on purpose, so each needs a reviewer's approval.<ul class="acknowledged">${acknowledged.map((a) => html`<li>${describeItem(a)}</li>`)}</ul></div>` : ''}
<div class="verdict-why">${gate.passed ? `Every check of the CI gate passed. ${counts}; ${flips}.` : html`This change fails the CI gate: ${gate.failures.length} check${gate.failures.length === 1 ? '' : 's'} failed. ${counts}; ${flips}.<ul>${reasons}</ul>`}</div>
${baseline?.untrusted ? html`<div class="verdict-note">Baseline not trusted: ${baseline.untrusted}. Nothing is judged against it.</div>` : ''}
${baseline?.not_comparable.length ? html`<div class="verdict-note">Baseline not comparable: ${baseline.not_comparable.join('; ')}. Flips are shown for information, not judged.</div>` : ''}
<div class="run-meta">run <code>${run.id}</code> · provider <code>${run.provider}</code> · model <code>${run.model}</code> · guards ${run.guards_enabled === false ? html`<b>off</b> (measurement run)` : 'on'}${run.git.commit ? html` · commit <code>${run.git.commit.slice(0, 12)}</code>${run.git.dirty ? ' (dirty)' : ''}` : ''} · ${(run.duration_ms / 1000).toFixed(1)} s</div>
${head.repeats ? html`<div class="run-meta" id="repeats">${repeatsLine(head.repeats, REPEATED_SHOWN)}</div>` : ''}
</header>`;
}

/** The metrics a reviewer looks at first, then the rest that were measured. */
const CARD_ORDER = [
  'case_pass_rate',
  'task_success_rate',
  'injection_success_rate',
  'unsafe_action_rate',
  'unsafe_proposal_rate',
  'schema_validity_rate',
  'error_rate',
  'regression_pass_rate',
];

export function metricCards(head: ReportHead): SafeHtml {
  const gateConfig = ((head.run.config as { gate?: Record<string, { min?: number; max?: number }> }).gate ?? {}) as Record<
    string,
    { min?: number; max?: number }
  >;
  const failed = new Set(head.gate.failures.map((f) => f.metric));
  const ids = [...CARD_ORDER, ...METRIC_IDS.filter((id) => !CARD_ORDER.includes(id))];
  const cards = ids.flatMap((id) => {
    const m = head.metrics[id as keyof Metrics];
    if (!m || m.denominator === 0) return [];
    const d = head.baseline?.metrics[id];
    const direction = deltaDirection(id, d?.before ?? null, d?.delta ?? null);
    const t = gateConfig[id];
    const threshold = t
      ? [t.min !== undefined ? `≥ ${formatMetric(id, t.min)}` : '', t.max !== undefined ? `≤ ${formatMetric(id, t.max)}` : ''].filter(Boolean).join(' ')
      : '';
    const counts =
      id === 'latency_ms'
        ? `p50 ${formatMetric(id, m.p50 as number)} · p95 ${formatMetric(id, m.p95 as number)}`
        : id === 'cost_usd'
          ? costFigure(m, head.run.repeat)
          : `${m.numerator} / ${m.denominator}`;
    return [
      html`<div class="card ${failed.has(id) ? 'card-fail' : ''}" data-metric="${id}">
<div class="card-id">${id}</div>
<div class="card-value">${id === 'cost_usd' && m.value !== null ? `$${m.numerator.toFixed(4)} total` : formatMetric(id, m.value)}</div>
<div class="card-counts">${counts}${intervalOf(m) ? ` · interval ${formatInterval(intervalOf(m))}` : ''}</div>
${head.baseline ? html`<div class="card-delta delta-${direction}">baseline ${formatMetric(id, d?.before ?? null)} · ${direction === 'unknown' ? 'Δ –' : direction === 'unchanged' ? 'Δ 0' : html`Δ ${formatDelta(id, d!.delta!)} <b>${direction === 'noise' ? 'within noise' : direction}</b>`}</div>` : ''}
${threshold ? html`<div class="card-gate">gate ${threshold}${failed.has(id) ? html` <b>failed</b>` : ''}</div>` : ''}
</div>`,
    ];
  });
  return html`<section id="metrics"><h2>Metrics</h2><div class="cards">${cards}</div></section>`;
}

export function groupCharts(head: ReportHead): SafeHtml {
  const rows = (groups: Record<string, Metrics>): StackedRow[] =>
    Object.entries(groups).map(([name, g]) =>
      passFailRow(name, g.case_pass_rate?.numerator ?? 0, g.case_pass_rate?.denominator ?? 0, g.error_rate?.numerator ?? 0),
    );
  return html`<section id="charts"><h2>Results by module and by case type</h2><div class="grid2">${stackedBars('Cases per module: passed / failed / errors', rows(head.by_module))}${stackedBars('Cases per case type: passed / failed / errors', rows(head.by_case_type))}</div></section>`;
}

/** Where scenarios first go wrong: all scenarios enter, each stage keeps those it did not break. */
export function pipelineSection(head: ReportHead): SafeHtml {
  const scenarios = head.by_module.pipeline?.case_pass_rate?.denominator ?? 0;
  if (!scenarios) return html``;
  const order = [...agent.stageOrder, ...Object.keys(head.stage_failures).filter((s) => !agent.stageOrder.includes(s))];
  let remaining = scenarios;
  const funnel: StackedRow[] = [];
  for (const stage of order) {
    const lost = head.stage_failures[stage] ?? 0;
    funnel.push({
      label: stage,
      parts: [
        { value: remaining - lost, kind: 'pass' },
        { value: lost, kind: 'fail' },
      ],
      note: lost ? `${lost} first fail here` : `${remaining - lost} still right`,
      highlight: lost > 0,
    });
    remaining -= lost;
  }
  const guards = Object.entries(head.guard_blocks ?? {});
  const guardRows: StackedRow[] = guards.map(([guard, n]) => ({
    label: guard,
    parts: [{ value: n, kind: 'neutral' }],
    note: `${n} call${n === 1 ? '' : 's'} stopped`,
  }));
  return html`<section id="pipeline"><h2>Pipeline: where scenarios first fail, and what the guards stopped</h2>
<div class="grid2">${stackedBars(`Stage funnel: ${scenarios} scenarios enter; red = first failing stage`, funnel, scenarios)}
${guardRows.length ? stackedBars("Calls stopped per guard (the pipeline's program-enforced checks)", guardRows) : html`<figure class="chart"><figcaption>Calls stopped per guard</figcaption><p class="muted">${head.run.guards_enabled === false ? 'Guards were off in this run (measurement run).' : 'No call was stopped by a guard.'}</p></figure>`}</div>
</section>`;
}

/** The prompt versions that differ from the baseline's, with their breaking changes (report.json `prompt_changes`). */
export function promptChangesSection(changes: PromptChange[] | null, provider = ''): SafeHtml {
  const ref = (p: PromptChange['before']) => (p ? `${p.name} ${p.version} · ${p.sha256.slice(0, 12)}` : '–');
  const body =
    changes === null
      ? html`<p class="muted">No baseline record: nothing to compare the prompt versions with.</p>`
      : changes.length === 0
        ? html`<p>No prompt changed since the baseline (every module ran the same file, by sha256).</p>`
        : html`<table class="plain"><thead><tr><th>module</th><th>baseline</th><th>this run</th><th>breaking changes</th><th>changes</th></tr></thead><tbody>${changes.map(
            (c) => {
              const listed = c.diff ? [...c.diff.schema, ...c.diff.structured] : [];
              const open = new Set(c.unacknowledged.map((u) => u.message));
              return html`<tr><td>${c.module}</td><td>${ref(c.before)}</td><td>${ref(c.after)}</td><td>${c.unacknowledged.length ? html`<span class="badge fail">${c.unacknowledged.length} not acknowledged</span>` : c.breaking_count ? html`<span class="badge neutral">${c.breaking_count} acknowledged</span>` : 'none'}</td><td>${
                listed.length
                  ? html`<ul class="notes">${listed.slice(0, 12).map((x) => html`<li>${x.severity === 'breaking' ? html`<b>${open.has(x.message) ? 'BREAKING' : 'breaking (acknowledged)'}</b>` : 'compatible'} <code>${x.path}</code>: ${x.message}</li>`)}${listed.length > 12 ? html`<li>… and ${listed.length - 12} more — see report.json</li>` : ''}</ul>`
                  : c.diff
                    ? 'text only: see the changed lines below'
                    : 'the file is not at hand'
              }</td></tr>`;
            },
          )}</tbody></table>${changes.map((c) => changedLinesBlock(c, provider))}`;
  return html`<section id="prompt-changes"><h2>Prompt changes since the baseline</h2>${body}</section>`;
}

/** Every changed line of one module's prompt, uncapped: the reports that cap theirs point here. */
function changedLinesBlock(c: PromptChange, provider: string): SafeHtml {
  const groups = c.diff ? changedLineGroups(c.diff) : [];
  if (!groups.length) return html``;
  const cls = { '-': 'del', '+': 'ins', '~': 'mod' } as const;
  const unread = new Set(readsPromptText(provider) ? [] : (c.unread_text ?? []).map((t) => t.section));
  return html`<details class="prompt-diff" open><summary>${c.module}: ${c.before?.version ?? '–'} → ${c.after?.version ?? '–'}, changed lines</summary>${unread.size ? html`<p class="unevaluated"><b>text changed, not evaluated by ${provider}</b>: ${provider} reads only the schemas and structured lists; the sections marked below were never run.</p>` : ''}${groups.map(
    (g) =>
      html`<h4>${g.title}${unread.has(g.title) ? html` <span class="badge neutral">not evaluated by ${provider}</span>` : ''}</h4><pre class="output diff">${g.lines.map(
        (l) => html`<span class="${cls[l.sign]}">${l.sign} ${l.text}</span>
`,
      )}</pre>`,
  )}${c.diff?.text_scope === 'prose' ? html`<p class="muted">The baseline stored only the prose sections of this prompt: the text of its structured sections and examples could not be compared.</p>` : ''}</details>`;
}

/** report.json sections this page has no dedicated view for yet (added by later versions): shown as data, so nothing is hidden. */
export function otherSections(head: ReportHead, known: ReadonlySet<string>): SafeHtml {
  const extra = Object.entries(head as unknown as Record<string, unknown>).filter(([key, value]) => !known.has(key) && value !== null && value !== undefined);
  if (!extra.length) return html``;
  return html`<section id="other"><h2>More from report.json</h2>${extra.map(([key, value]) => (isTable(value) ? html`<h3>${key}</h3>${dataTable(value)}` : html`<details><summary>${key}</summary><pre class="output">${JSON.stringify(value, null, 2).slice(0, 20_000)}</pre></details>`))}</section>`;
}

type Row = Record<string, string | number | boolean | null>;

/** A list of flat records (one row per item) reads best as a table. */
function isTable(value: unknown): value is Row[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((r) => r && typeof r === 'object' && !Array.isArray(r) && Object.values(r).every((v) => v === null || typeof v !== 'object'))
  );
}

function dataTable(rows: Row[]): SafeHtml {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return html`<table class="plain"><thead><tr>${columns.map((c) => html`<th>${c}</th>`)}</tr></thead><tbody>${rows.slice(0, 500).map((r) => html`<tr>${columns.map((c) => html`<td>${r[c] === undefined || r[c] === null ? '–' : String(r[c])}</td>`)}</tr>`)}</tbody></table>`;
}
