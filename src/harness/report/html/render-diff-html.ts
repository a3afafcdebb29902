/**
 * `orderflow diff <runA> <runB> --html`: two runs side by side — verdicts,
 * metrics with deltas, then every case whose status differs (newly failing
 * first), each with both runs' reasons, then the cases failing in both.
 */
import { deltaDirection } from '../metric-delta.js';
import type { Report } from '../report-types.js';
import type { CaseEntry } from '../case-entries.js';
import { METRIC_IDS } from '../../config/metric-ids.js';
import { formatDelta, formatMetric } from './format.js';
import { PAGE_STYLE } from './page-assets.js';
import { html, trusted, type SafeHtml } from './safe-html.js';
import { pagePolicy } from './page-policy.js';
import { whyOf } from './collect-html-data.js';

const LIST_CAP = 2_000;

type Outputs = { a: ReadonlyMap<string, string>; b: ReadonlyMap<string, string> };

export function renderDiffHtml(
  a: Report,
  b: Report,
  labels: { a: string; b: string },
  outputs: Outputs = { a: new Map(), b: new Map() },
  nav: SafeHtml | '' = '',
): string {
  const before = new Map(a.cases.map((c) => [c.id, c]));
  const after = new Map(b.cases.map((c) => [c.id, c]));
  const newlyFailing: [CaseEntry, CaseEntry][] = [];
  const newlyPassing: [CaseEntry, CaseEntry][] = [];
  const stillFailing: [CaseEntry, CaseEntry][] = [];
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was) continue;
    if (was.status === 'passed' && now.status !== 'passed') newlyFailing.push([was, now]);
    else if (was.status !== 'passed' && now.status === 'passed') newlyPassing.push([was, now]);
    else if (was.status !== 'passed') stillFailing.push([was, now]);
  }
  const onlyA = [...before.keys()].filter((id) => !after.has(id));
  const onlyB = [...after.keys()].filter((id) => !before.has(id));
  const metricRows = METRIC_IDS.flatMap((id) => {
    const x = a.metrics[id]?.value ?? null;
    const y = b.metrics[id]?.value ?? null;
    if (x === null && y === null) return [];
    const delta = x !== null && y !== null ? Math.round((y - x) * 10_000) / 10_000 : null;
    const direction = deltaDirection(id, x, delta);
    return [
      html`<tr><td><code>${id}</code></td><td>${formatMetric(id, x)}</td><td>${formatMetric(id, y)}</td><td class="delta-${direction}">${delta ? formatDelta(id, delta) : delta === 0 ? '0' : '–'} <b>${direction === 'noise' ? 'within noise' : direction === 'unchanged' || direction === 'unknown' ? '' : direction}</b></td></tr>`,
    ];
  });
  const page = html`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${trusted(pagePolicy({ style: PAGE_STYLE, script: null }))}">
<meta name="referrer" content="no-referrer">
<title>orderflow diff · ${labels.a} → ${labels.b}</title>
<style>${trusted(PAGE_STYLE)}</style></head><body>
${nav}
<header class="verdict ${newlyFailing.length ? 'verdict-fail' : 'verdict-pass'}">
<div class="verdict-line"><span class="verdict-mark">${newlyFailing.length ? 'WORSE' : 'OK'}</span> ${newlyFailing.length} newly failing, ${newlyPassing.length} newly passing</div>
<div class="grid2 sides"><div><b>A</b> ${labels.a}<br>run <code>${a.run.id}</code> · ${a.run.provider} · gate ${a.gate.passed ? 'passed' : 'FAILED'} · ${a.summary.passed}/${a.summary.total} passed</div>
<div><b>B</b> ${labels.b}<br>run <code>${b.run.id}</code> · ${b.run.provider} · gate ${b.gate.passed ? 'passed' : 'FAILED'} · ${b.summary.passed}/${b.summary.total} passed</div></div>
</header>
${promptVersions(a, b)}
${flipTable('Newly failing (passed in A, fails in B)', newlyFailing, 'newly-failing', outputs)}
${flipTable('Newly passing (failed in A, passes in B)', newlyPassing, 'newly-passing', outputs)}
<section id="metrics"><h2>Metrics</h2><table class="plain"><thead><tr><th>metric</th><th>A</th><th>B</th><th>Δ</th></tr></thead><tbody>${metricRows}</tbody></table></section>
${flipTable('Failing in both', stillFailing, 'still-failing', outputs)}
${onlyA.length || onlyB.length ? html`<section id="added-removed"><h2>Cases in one run only</h2><p>only in A (${onlyA.length}): ${idList(onlyA)}</p><p>only in B (${onlyB.length}): ${idList(onlyB)}</p></section>` : ''}
</body></html>
`;
  return page.value;
}

/** Each module's prompt in A and in B, the ones that differ first: what changed between the runs. */
function promptVersions(a: Report, b: Report): SafeHtml {
  const pa = a.run.prompts ?? {};
  const pb = b.run.prompts ?? {};
  const modules = [...new Set([...Object.keys(pa), ...Object.keys(pb)])].sort();
  const differs = (m: string) => pa[m]?.sha256 !== pb[m]?.sha256;
  const ref = (p: { name: string; version: string } | undefined) => (p ? `${p.name} ${p.version}` : '–');
  const rows = [...modules.filter(differs), ...modules.filter((m) => !differs(m))].map(
    (m) =>
      html`<tr class="${differs(m) ? 'prompt-differs' : ''}"><td>${m}</td><td>${ref(pa[m])}</td><td>${ref(pb[m])}</td><td>${differs(m) ? html`<b>changed</b>` : 'same file'}</td></tr>`,
  );
  return html`<section id="prompt-versions"><h2>Prompt versions (${modules.filter(differs).length} differ)</h2><table class="plain"><thead><tr><th>module</th><th>A</th><th>B</th><th></th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

function flipTable(title: string, pairs: [CaseEntry, CaseEntry][], id: string, outputs: Outputs): SafeHtml {
  if (!pairs.length) return html`<section id="${id}"><h2>${title}: none</h2></section>`;
  pairs.sort(([, x], [, y]) => x.module.localeCompare(y.module) || x.id.localeCompare(y.id));
  const rows = pairs
    .slice(0, LIST_CAP)
    .map(
      ([was, now]) =>
        html`<tr><td><code class="case-id">${now.id}</code><div class="muted">${now.module} · ${now.case_type}</div></td><td>${side(was, outputs.a.get(was.id) ?? was.raw_output)}</td><td>${side(now, outputs.b.get(now.id) ?? now.raw_output)}</td></tr>`,
    );
  return html`<section id="${id}"><h2>${title} (${pairs.length})</h2><table class="plain side-by-side"><thead><tr><th>case</th><th>A</th><th>B</th></tr></thead><tbody>${rows}</tbody></table>${pairs.length > LIST_CAP ? html`<p class="muted">and ${pairs.length - LIST_CAP} more — see the two report.json files.</p>` : ''}</section>`;
}

const OUTPUT_CAP = 2_000;

function side(c: CaseEntry, output: string | undefined): SafeHtml {
  // results.jsonl keeps a module case's output only when it failed; a scenario's reply always (in its trace).
  const shown =
    output === undefined
      ? html`<div class="muted output-missing">${c.status === 'passed' ? 'output not recorded: a run keeps the outputs of failed module cases only' : 'output not at hand (no results.jsonl beside this report.json)'}</div>`
      : html`<pre class="output">${output.length > OUTPUT_CAP ? `${output.slice(0, OUTPUT_CAP)}…` : output}</pre>`;
  return html`<span class="badge ${c.status === 'passed' ? 'pass' : c.status === 'error' ? 'error' : 'fail'}">${c.status}</span> <span class="why">${whyOf(c).slice(0, 400)}</span>${shown}`;
}

function idList(ids: string[]): SafeHtml {
  return html`${ids.slice(0, 200).map((id, i) => html`${i ? ', ' : ''}<code>${id}</code>`)}${ids.length > 200 ? ` and ${ids.length - 200} more` : ''}`;
}
