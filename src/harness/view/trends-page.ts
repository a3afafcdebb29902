/**
 * Trends over the finished runs of one provider and model (mixing two models
 * on one line would draw a change that is no change): each metric across the
 * runs with its interval and the baseline marked, and each case's history —
 * which run it started failing in, and which prompt version that run had.
 */
import { METRIC_IDS } from '../config/metric-ids.js';
import { formatMetric } from '../report/html/format.js';
import { html, type SafeHtml } from '../report/html/safe-html.js';
import { viewPage } from './page-shell.js';
import { TRENDS_SCRIPT } from './page-scripts.js';
import type { RunSummary } from './run-folders.js';
import { when } from './runs-page.js';

/** The most runs drawn and the most cases listed: a folder of a year of runs still makes a page a browser opens. */
const RUN_CAP = 60;
const CASE_CAP = 1_000;

const seriesOf = (run: RunSummary) => `${run.provider ?? '?'} · ${run.model ?? '?'}`;

export function trendsPage(all: readonly RunSummary[], folder: string, asked: string | null) {
  const finished = all.filter((r) => r.state === 'finished');
  const series = [...new Set(finished.map(seriesOf))];
  const chosen = asked && series.includes(asked) ? asked : (series[0] ?? null);
  const runs = finished
    .filter((r) => seriesOf(r) === chosen)
    .slice(0, RUN_CAP)
    .reverse();
  const picker = html`<form class="filters" method="get" action="/trends"><label>provider · model <select name="series" aria-label="provider and model">${series.map((s) => html`<option value="${s}"${s === chosen ? html` selected` : ''}>${s}</option>`)}</select></label> <button type="submit">show</button> <span class="muted">${runs.length} finished runs, oldest on the left${finished.filter((r) => seriesOf(r) === chosen).length > RUN_CAP ? ` (the newest ${RUN_CAP})` : ''}</span></form>`;
  const body = runs.length
    ? html`<section id="trends"><h2>Metrics across runs</h2>${picker}<p class="muted">Each point is a run (its interval as a bar); the dashed line is the baseline the newest compared run was compared with, and a ringed point is the run recorded as that baseline.</p>${metricCharts(runs)}</section>${caseHistory(runs)}`
    : html`<section id="trends"><h2>Metrics across runs</h2><p>No finished run in this folder yet.</p></section>`;
  return viewPage({ title: 'orderflow view · trends', section: 'trends', folder, body, script: runs.length ? TRENDS_SCRIPT : undefined });
}

function metricCharts(runs: readonly RunSummary[]): SafeHtml[] {
  // The baseline of the newest run that was compared with one (a --no-baseline run says nothing of it).
  const compared = [...runs].reverse().find((r) => r.baseline)?.baseline;
  return METRIC_IDS.flatMap((id) => {
    if (!runs.some((r) => r.metrics[id]?.value != null)) return [];
    return [metricChart(id, runs, compared?.metrics[id] ?? null, compared?.runId ?? null)];
  });
}

const W = 520;
const H = 150;
const PAD = { left: 46, right: 14, top: 12, bottom: 20 };

function metricChart(id: string, runs: readonly RunSummary[], baseline: number | null, baselineRun: string | null): SafeHtml {
  const points = runs.map((r) => r.metrics[id] ?? { value: null, low: null, high: null });
  const values = points
    .flatMap((p) => [p.value, p.low, p.high])
    .concat(baseline)
    .filter((v): v is number => v !== null);
  const isRate = id !== 'latency_ms' && id !== 'cost_usd';
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.08, isRate ? 0.01 : Math.abs(hi) * 0.05, 1e-6);
  // Rates lie in [0, 1]; latency and cost are never negative.
  lo = Math.max(0, lo - pad);
  hi = isRate ? Math.min(1, hi + pad) : hi + pad;
  const x = (i: number) => PAD.left + (runs.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (runs.length - 1));
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo || 1)) * (H - PAD.top - PAD.bottom);
  const r2 = (v: number) => Math.round(v * 100) / 100;
  const line = points.flatMap((p, i) => (p.value === null ? [] : [`${r2(x(i))},${r2(y(p.value))}`])).join(' ');
  const latest = [...points].reverse().find((p) => p.value !== null)?.value ?? null;
  const marks = points.map((p, i) => {
    if (p.value === null) return html``;
    const run = runs[i]!;
    const interval = p.low !== null && p.high !== null ? ` [${formatMetric(id, p.low)}, ${formatMetric(id, p.high)}]` : '';
    const cls = run.runId !== null && run.runId === baselineRun ? 'pt pt-baseline' : run.verdict === 'failed' ? 'pt pt-fail' : 'pt';
    return html`<g class="point" data-run="${run.name}">${p.low !== null && p.high !== null ? html`<line class="ci" x1="${r2(x(i))}" x2="${r2(x(i))}" y1="${r2(y(p.low))}" y2="${r2(y(p.high))}"></line>` : ''}<circle class="${cls}" cx="${r2(x(i))}" cy="${r2(y(p.value))}" r="4"><title>${run.name} (${when(run.startedAt)}): ${formatMetric(id, p.value)}${interval}${run.runId === baselineRun ? ' — the baseline' : ''}</title></circle></g>`;
  });
  return html`<figure class="trend" data-metric="${id}"><figcaption><code>${id}</code> — latest <b>${formatMetric(id, latest)}</b>${baseline !== null ? html`, baseline ${formatMetric(id, baseline)}` : ''}</figcaption>
<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${id} across ${runs.length} runs">
<text class="axis" x="4" y="${PAD.top + 4}">${formatMetric(id, hi)}</text><text class="axis" x="4" y="${H - PAD.bottom}">${formatMetric(id, lo)}</text>
${baseline !== null ? html`<line class="baseline-line" x1="${PAD.left}" x2="${W - PAD.right}" y1="${r2(y(baseline))}" y2="${r2(y(baseline))}"></line><text class="axis" x="${W - PAD.right - 48}" y="${r2(y(baseline)) - 4}">baseline</text>` : ''}
<polyline class="trend-line" points="${line}"></polyline>
${marks}
</svg></figure>`;
}

type Kind = 'failing' | 'flaky' | 'fixed';
const CELL: Record<string, string> = { passed: 'p', failed: 'f', error: 'e', skipped: 's' };

interface History {
  id: string;
  module: string;
  statuses: (string | null)[];
  kind: Kind;
  /** Failing cases: the run its current failing streak began in. */
  since: number | null;
}

function caseHistory(runs: readonly RunSummary[]): SafeHtml {
  const ids = new Map<string, string>();
  for (const run of runs) for (const [id, c] of run.cases) if (!ids.has(id)) ids.set(id, c.module);
  const histories: History[] = [];
  for (const [id, module] of ids) {
    const statuses = runs.map((r) => r.cases.get(id)?.status ?? null);
    const present = statuses.flatMap((s, i) => (s === null ? [] : [i]));
    if (!present.some((i) => statuses[i] !== 'passed' && statuses[i] !== 'skipped')) continue;
    const last = present[present.length - 1]!;
    // Flaky: it passed in one run and not in the next with the same prompts, so chance and not a change flipped it.
    let flaky = false;
    for (let k = 1; k < present.length; k++) {
      const [a, b] = [present[k - 1]!, present[k]!];
      if ((statuses[a] === 'passed') !== (statuses[b] === 'passed') && samePrompts(runs[a]!, runs[b]!)) flaky = true;
    }
    if (statuses[last] !== 'passed') {
      let k = present.length - 1;
      while (k > 0 && statuses[present[k - 1]!] !== 'passed') k -= 1;
      histories.push({ id, module, statuses, kind: 'failing', since: present[k]! });
    } else histories.push({ id, module, statuses, kind: flaky ? 'flaky' : 'fixed', since: null });
  }
  const order: Record<Kind, number> = { failing: 0, flaky: 1, fixed: 2 };
  histories.sort((a, b) => order[a.kind] - order[b.kind] || (b.since ?? 0) - (a.since ?? 0) || a.id.localeCompare(b.id));
  const failing = histories.filter((h) => h.kind === 'failing').length;
  const rows = histories.slice(0, CASE_CAP).map((h) => historyRow(h, runs));
  return html`<section id="case-history"><h2>Case history (${failing} failing now, ${histories.length - failing} failed before and pass now)</h2>
<div class="filters"><input id="h-search" type="search" placeholder="case id or module…" aria-label="search cases">
<select id="h-kind" aria-label="what happened"><option value="">any history</option><option value="failing">failing now</option><option value="flaky">flaky (flipped with the prompts unchanged)</option><option value="fixed">fixed</option></select>
<span id="h-count" class="muted">${rows.length} cases</span></div>
${histories.length ? '' : html`<p>No case failed in these runs.</p>`}
<table id="history" class="cases"><thead><tr><th>case</th><th>module</th><th>runs, oldest first</th><th>failing since</th></tr></thead><tbody>${rows}</tbody></table>
${histories.length > CASE_CAP ? html`<p class="muted">and ${histories.length - CASE_CAP} more cases.</p>` : ''}</section>`;
}

function samePrompts(a: RunSummary, b: RunSummary): boolean {
  const modules = new Set([...Object.keys(a.prompts), ...Object.keys(b.prompts)]);
  return [...modules].every((m) => a.prompts[m] === b.prompts[m]);
}

function historyRow(h: History, runs: readonly RunSummary[]): SafeHtml {
  const cells = h.statuses.map(
    (s, i) => html`<span class="cell ${s ? CELL[s] : ''}${i === h.since ? ' since' : ''}" title="${runs[i]!.name}: ${s ?? 'not in this run'}"></span>`,
  );
  return html`<tr data-kind="${h.kind}" data-search="${`${h.id} ${h.module}`.toLowerCase()}"><td><code class="case-id">${h.id}</code></td><td>${h.module}</td><td><span class="strip">${cells}</span></td><td class="why">${h.since === null ? html`<span class="muted">${h.kind === 'flaky' ? 'flaky: passes now' : 'passes now'}</span>` : since(h, runs)}</td></tr>`;
}

/** The run a case started failing in, and the prompt version that run had: what a reviewer opens next. */
function since(h: History, runs: readonly RunSummary[]): SafeHtml {
  const run = runs[h.since!]!;
  const before = runs
    .slice(0, h.since!)
    .reverse()
    .find((r) => Object.keys(r.prompts).length);
  const changed = before ? Object.entries(run.prompts).filter(([m, v]) => before.prompts[m] !== undefined && before.prompts[m] !== v) : [];
  const own = run.prompts[h.module];
  const changes = changed.map(([m, v]) => `${before!.prompts[m]} → ${v}`).join(', ');
  const first = h.since === h.statuses.findIndex((s) => s !== null);
  return html`${first ? 'its first run here: ' : ''}<a href="/runs/${encodeURIComponent(run.name)}/">${when(run.startedAt)}</a>${own ? html` · prompt <b>${own}</b>` : ''}<div class="muted">${changed.length ? `prompts changed in that run: ${changes}` : first ? '' : 'no prompt changed in that run'}</div>`;
}
