/**
 * The viewer's first page: every run in the folder, newest first — when, on
 * what, which prompt versions (those that changed since the run before in
 * bold), the cases, the verdict, the headline metrics, the arms — filterable
 * by module, provider and verdict, and a form to put any two side by side.
 */
import { formatMetric } from '../report/html/format.js';
import { html, type SafeHtml } from '../report/html/safe-html.js';
import { viewPage } from './page-shell.js';
import { RUNS_SCRIPT } from './page-scripts.js';
import type { RunSummary } from './run-folders.js';

const HEADLINE = ['case_pass_rate', 'task_success_rate', 'unsafe_action_rate', 'schema_validity_rate', 'latency_ms'] as const;

/** What the runs list shows of each run: a change of it (a run started, ended, appeared) reloads the page. */
export function runsStamp(runs: readonly RunSummary[]): string {
  return runs.map((r) => `${r.name}:${r.state}`).join(',');
}

export function runsPage(runs: readonly RunSummary[], folder: string) {
  const options = (values: Iterable<string>) => [...new Set(values)].sort().map((v) => html`<option value="${v}">${v}</option>`);
  const finished = runs.filter((r) => r.state === 'finished');
  const rows = runs.map((run, i) =>
    runRow(
      run,
      runs.slice(i + 1).find((r) => r.state === 'finished'),
    ),
  );
  const body = html`<section id="runs"><h2>Runs (${runs.length})</h2>
${runs.length ? '' : html`<p>No run in this folder yet: <code>orderflow eval</code> writes one here.</p>`}
${finished.length >= 2 ? compareForm(finished) : ''}
<div class="filters">
<select id="r-module" name="module" aria-label="module"><option value="">any module</option>${options(runs.flatMap((r) => r.modules))}</select>
<select id="r-provider" name="provider" aria-label="provider"><option value="">any provider</option>${options(runs.flatMap((r) => (r.provider ? [r.provider] : [])))}</select>
<select id="r-verdict" name="verdict" aria-label="verdict"><option value="">any verdict</option>${options(runs.map(verdictKey))}</select>
<span id="r-count" class="muted">${runs.length} runs</span>
</div>
<table id="runs-table" class="cases runs"><thead><tr><th>when</th><th>run</th><th>verdict</th><th>provider · model</th><th>cases</th><th>headline metrics</th><th>prompt versions</th><th>arms</th><th></th></tr></thead>
<tbody>${rows}</tbody></table></section>`;
  return viewPage({
    title: `orderflow view · ${runs.length} runs`,
    section: 'runs',
    folder,
    body,
    script: RUNS_SCRIPT,
    followsEvents: true,
    bodyData: html` data-stamp="${runsStamp(runs)}"`,
  });
}

const verdictKey = (run: RunSummary) => run.verdict ?? run.state;

function runRow(run: RunSummary, previous: RunSummary | undefined): SafeHtml {
  const href = `/runs/${encodeURIComponent(run.name)}/`;
  const counts = run.counts;
  return html`<tr data-run="${run.name}" data-modules="${run.modules.join(' ')}" data-provider="${run.provider ?? ''}" data-verdict="${verdictKey(run)}">
<td>${when(run.startedAt)}</td>
<td><a href="${href}"><code>${run.name}</code></a></td>
<td class="${run.problem ? 'problem' : ''}">${verdictBadge(run)}${run.problem ? html`<div>${run.problem}</div>` : ''}</td>
<td>${run.provider ?? '–'}${run.model && run.model !== run.provider ? html` · ${run.model}` : ''}</td>
<td>${counts && run.state !== 'finished' ? html`${counts.total} results so far${counts.failed + counts.error ? html` · <b>${counts.failed + counts.error} failed</b>` : ''}` : counts ? html`${counts.passed}/${counts.total} passed${counts.failed ? html` · <b>${counts.failed} failed</b>` : ''}${counts.error ? ` · ${counts.error} errors` : ''}` : '–'}</td>
<td class="metrics">${HEADLINE.flatMap((id) => {
    const v = run.metrics[id]?.value;
    return v === undefined || v === null ? [] : [html`<div><span class="muted">${id}</span> ${formatMetric(id, v)}</div>`];
  })}</td>
<td class="prompts">${promptVersions(run, previous)}</td>
<td>${run.arms.join(', ')}</td>
<td>${run.state === 'running' || run.state === 'interrupted' ? html`<a href="${href}live">live</a>` : previous ? html`<a href="/compare?a=${encodeURIComponent(previous.name)}&amp;b=${encodeURIComponent(run.name)}">vs previous</a>` : ''}</td>
</tr>`;
}

/** What a prompt engineer looks for first: the versions that changed since the run before; the rest folded. */
function promptVersions(run: RunSummary, previous: RunSummary | undefined): SafeHtml {
  const entries = Object.entries(run.prompts);
  const changed = previous ? entries.filter(([m, v]) => previous.prompts[m] !== undefined && previous.prompts[m] !== v) : [];
  const all = entries.map(([module, version]) => html`<span title="${module}">${version}</span> `);
  return html`${changed.map(([module, version]) => html`<div class="prompt-changed" title="${module}">${version} <span class="muted">(was ${previous!.prompts[module]})</span></div>`)}${
    entries.length
      ? html`<details><summary>${changed.length ? `all ${entries.length} prompts` : `${entries.length} prompts${previous ? ', none changed' : ''}`}</summary>${all}</details>`
      : ''
  }`;
}

export function verdictBadge(run: RunSummary): SafeHtml {
  if (run.state === 'finished')
    return html`<span class="badge ${run.verdict === 'passed' ? 'pass' : 'fail'}">${run.verdict === 'passed' ? 'passed' : 'FAILED'}</span>`;
  if (run.state === 'running') return html`<span class="badge flip">running</span>`;
  if (run.state === 'interrupted') return html`<span class="badge neutral">interrupted</span>`;
  return html`<span class="badge error">corrupt</span>`;
}

/** Any two finished runs: A defaults to the one before the newest, B to the newest. */
function compareForm(finished: readonly RunSummary[]): SafeHtml {
  const select = (name: string, chosen: string) =>
    html`<select name="${name}" aria-label="run ${name.toUpperCase()}">${finished.map((r) => html`<option value="${r.name}"${r.name === chosen ? html` selected` : ''}>${r.name}</option>`)}</select>`;
  return html`<form id="compare" class="filters" method="get" action="/compare"><b>Compare</b> A ${select('a', finished[1]!.name)} with B ${select('b', finished[0]!.name)} <button type="submit">side by side</button></form>`;
}

/** A run's start as a reader scans a list: date and time to the second, in UTC. */
export function when(iso: string | null): string {
  if (!iso) return '–';
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toISOString().replace('T', ' ').slice(0, 19) : iso;
}
