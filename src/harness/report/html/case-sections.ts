/** The cases on report.html: the failing ones first, a filterable table of all, and each one's details. */
import type { PipelineTrace } from '../../agent-registration.js';
import { checkExpectation } from '../../scoring/check-expectation.js';
import type { CaseEntry } from '../case-entries.js';
import type { CaseRow, Flip, HtmlReportData } from './collect-html-data.js';
import { whyOf } from './collect-html-data.js';
import { html, type SafeHtml } from './safe-html.js';
import { LazyDetails } from './lazy-details.js';
import { attributionBlock, traceTimeline } from './trace-timeline.js';

const FLIP_LABEL: Record<Exclude<Flip, null>, string> = {
  newly_failing: 'newly failing',
  newly_passing: 'newly passing',
  changed: 'case edited',
  new: 'new case',
};
const FAILURE_LIST_CAP = 15;
const OUTPUT_CAP = 4_000;

/** Longest id shown whole in a list or table; past it the start and the end are shown, the whole id in the tooltip and the details. */
const ID_SHOWN = 80;

/**
 * A case id in a list or a table. Ids have no spaces, so a long one would set
 * the width of its column, and of the table, to its own length.
 */
function caseIdCode(id: string): SafeHtml {
  // The tooltip on every id, so that the page's markup is the same whatever the ids' length.
  if (id.length <= ID_SHOWN) return html`<code class="case-id" title="${id}">${id}</code>`;
  return html`<code class="case-id" title="${id}">${id.slice(0, ID_SHOWN - 20)}…${id.slice(-19)}</code>`;
}

/** The first failing cases with the one line that says why, newly failing first. */
export function failingCasesSection(data: HtmlReportData): SafeHtml {
  const failed = data.details.filter((d) => d.status !== 'passed' && d.status !== 'skipped');
  const total = data.head.summary.failed + data.head.summary.error;
  if (!total) return html`<section id="failing"><h2>Failing cases</h2><p>None: every case and scenario passed.</p></section>`;
  const items = failed
    .slice(0, FAILURE_LIST_CAP)
    .map(
      (d) =>
        html`<li class="failing-item"><span class="badge ${d.status === 'error' ? 'error' : 'fail'}">${d.status}</span>${d.flip === 'newly_failing' ? html` <span class="badge flip">newly failing</span>` : ''} <a href="#${d.anchor}">${caseIdCode(d.id)}</a> <span class="muted">${d.module} · ${d.case_type}</span><div class="why">${whyOf(d)}</div>${d.attribution?.consequence ? html`<div class="consequence">↳ ${d.attribution.consequence}</div>` : ''}</li>`,
    );
  const more = total - items.length;
  return html`<section id="failing"><h2>Failing cases (${total})</h2><ol class="failing">${items}</ol>${more > 0 ? html`<p class="muted">and ${more} more — filter the case table below, or see report.json.</p>` : ''}</section>`;
}

/**
 * Near the top, one look at what went wrong: the first failing scenario's
 * trace; when only module cases failed, the first one's own output and checks
 * (never a passing scenario's trace, which would show an unrelated success).
 */
export function featuredTraceSection(data: HtmlReportData): SafeHtml {
  const failing = data.details.filter((d) => d.status !== 'passed');
  const failedCase = failing.find((d) => !d.trace);
  if (failing.length && !failing.some((d) => d.trace) && failedCase) {
    return html`<section id="featured-trace"><h2>Output of the first failing case: <a href="#${failedCase.anchor}">${caseIdCode(failedCase.id)}</a></h2>${failedCheckTable(failedCase)}${failedCase.error ? html`<div class="step-error">error: ${failedCase.error}</div>` : ''}${failedCase.raw_output !== undefined ? html`<pre class="output">${clip(failedCase.raw_output, OUTPUT_CAP)}</pre>` : ''}</section>`;
  }
  const first = failing.find((d) => d.trace) ?? data.details.find((d) => d.trace);
  if (!first) return html``;
  return html`<section id="featured-trace"><h2>Trace of ${first.status === 'passed' ? 'a scenario' : 'the first failing scenario'}: <a href="#${first.anchor}">${caseIdCode(first.id)}</a></h2>${traceTimeline(first.trace as PipelineTrace, first.first_failing_stage, first.attribution)}</section>`;
}

export function caseTableSection(data: HtmlReportData): SafeHtml {
  const options = (values: string[]) => [...new Set(values)].sort().map((v) => html`<option value="${v}">${v}</option>`);
  const rows = [...data.rows].sort(rowOrder);
  const hasBaseline = data.head.baseline !== null;
  return html`<section id="cases"><h2>All cases</h2>
<div class="filters">
<input id="f-search" type="search" placeholder="search id, module, reason…" aria-label="search cases">
<select id="f-status" aria-label="status"><option value="">any status</option><option value="failed">failed</option><option value="error">error</option><option value="passed">passed</option></select>
<select id="f-module" aria-label="module"><option value="">any module</option>${options(data.rows.map((r) => r.module))}</select>
<select id="f-type" aria-label="case type"><option value="">any case type</option>${options(data.rows.map((r) => r.case_type))}</select>
<select id="f-stage" aria-label="first failing stage"><option value="">any first failing stage</option>${options(data.rows.flatMap((r) => (r.stage ? [r.stage] : [])))}</select>
<select id="f-check" aria-label="failed check"><option value="">any failed check</option>${options(data.rows.flatMap((r) => r.checks))}</select>
${hasBaseline ? html`<label><input id="f-flip" type="checkbox"> flipped since baseline</label>` : html`<input id="f-flip" type="checkbox" hidden>`}
<span id="f-count" class="muted">${rows.length} cases</span>
</div>
<table id="case-table" class="cases"><thead><tr><th>status</th><th>case</th><th>module</th><th>type</th><th>since baseline</th><th>why</th></tr></thead><tbody>
${rows.map(
  (r) =>
    html`<tr class="row-${r.status}" data-status="${r.status}" data-module="${r.module}" data-type="${r.case_type}" data-flip="${r.flip ?? ''}" data-stage="${r.stage}" data-checks="${r.checks.map((c) => `|${c}|`).join('')}" data-search="${`${r.id} ${r.module} ${r.case_type} ${r.why}`.toLowerCase()}"><td><span class="badge ${r.status === 'passed' ? 'pass' : r.status === 'error' ? 'error' : r.status === 'skipped' ? 'neutral' : 'fail'}">${r.status}</span></td><td>${r.anchor ? html`<a href="#${r.anchor}">${caseIdCode(r.id)}</a>` : caseIdCode(r.id)}</td><td>${r.module}</td><td>${r.case_type}</td><td>${r.flip ? html`<span class="badge ${r.flip === 'newly_failing' ? 'flip' : 'neutral'}">${FLIP_LABEL[r.flip]}</span>` : ''}</td><td class="why">${clip(r.why, 300)}</td></tr>`,
)}
</tbody></table>
${data.rowsTotal > data.rows.length ? html`<p class="muted">and ${data.rowsTotal - data.rows.length} more cases — see report.json.</p>` : ''}
</section>`;
}

export function caseDetailsSection(data: HtmlReportData): SafeHtml {
  const more = data.failuresNotDetailed;
  const lazy = new LazyDetails();
  const details = data.details.map((d) => caseDetail(d, lazy));
  return html`<section id="details"><h2>Case details</h2><p class="muted">Failed cases (newly failing first), then passed scenarios with their traces (loaded when opened).</p>${details}${more ? html`<p class="muted">and ${more} more failed cases — see report.json / results.jsonl.</p>` : ''}</section>${lazy.block()}`;
}

function failedCheckTable(d: CaseEntry): SafeHtml {
  const checks = d.failed_checks.map((c) => {
    const { expected, got } = checkExpectation(c.name, c.reason);
    return html`<tr><td><code>${c.name}</code></td><td>${expected ?? '—'}</td><td>${got}</td></tr>`;
  });
  return checks.length
    ? html`<table class="plain checks"><thead><tr><th>check</th><th>expected</th><th>got</th></tr></thead><tbody>${checks}</tbody></table>`
    : html``;
}

function caseDetail(d: CaseEntry & { anchor: string; flip: Flip }, lazy: LazyDetails): SafeHtml {
  return html`<article class="case case-${d.status}" id="${d.anchor}">
<h3><span class="badge ${d.status === 'passed' ? 'pass' : d.status === 'error' ? 'error' : d.status === 'skipped' ? 'neutral' : 'fail'}">${d.status}</span> <code class="case-id full">${d.id}</code> <span class="muted">${d.module} · ${d.case_type}${d.trials ? ` · ${d.trials.passed}/${d.trials.n} trials passed` : ''}</span>${d.flip ? html` <span class="badge ${d.flip === 'newly_failing' ? 'flip' : 'neutral'}">${FLIP_LABEL[d.flip]}</span>` : ''}</h3>
${d.file ? html`<div class="muted">defined at <code>${d.file}:${d.line ?? ''}</code>${d.description ? ` — ${d.description}` : ''}</div>` : ''}
${d.error ? html`<div class="step-error">error: ${d.error}</div>` : ''}
${d.attribution ? attributionBlock(d.attribution) : ''}
${failedCheckTable(d)}
${d.raw_output !== undefined && !d.trace ? html`<details open><summary>model output</summary><pre class="output">${clip(d.raw_output, OUTPUT_CAP)}</pre></details>` : ''}
${d.trace ? (d.status === 'passed' ? lazy.add('trace timeline', traceTimeline(d.trace as PipelineTrace, d.first_failing_stage, d.attribution)) : html`<details open><summary>trace timeline</summary>${traceTimeline(d.trace as PipelineTrace, d.first_failing_stage, d.attribution)}</details>`) : ''}
</article>`;
}

const STATUS_ORDER = { error: 0, failed: 1, skipped: 2, passed: 3 } as const;

function rowOrder(a: CaseRow, b: CaseRow): number {
  const flip = (r: CaseRow) => (r.flip === 'newly_failing' ? 0 : 1);
  return STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || flip(a) - flip(b) || a.module.localeCompare(b.module) || a.id.localeCompare(b.id);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}
