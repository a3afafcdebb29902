/** report.html's arms section: per-arm metrics, verdict lines, the paired test, differing cases side by side. */
import { METRIC_IDS } from '../../config/metric-ids.js';
import type { ArmComparison, ArmOutput } from '../arms/arm-comparison.js';
import type { ArmsReport } from '../arms/arms-report.js';
import { verdictLine } from '../arms/render-arms-md.js';
import { formatInterval, intervalOf } from '../statistics/metric-intervals.js';
import { html, type SafeHtml } from './safe-html.js';

export function armsSection(arms: ArmsReport | undefined): SafeHtml {
  if (!arms) return html``;
  const rows = METRIC_IDS.map((id) => [id, arms.arms.map((a) => a.metrics[id])] as const).filter(([, cells]) =>
    cells.some((m) => m && m.value !== null && m.denominator > 0),
  );
  return html`<section id="arms"><h2>Arms</h2>
<p>${arms.arms.length} arms differing in the ${arms.varied}, the same cases on each. The gate judged <code>${arms.designated}</code> against the baseline.</p>
<table class="plain"><thead><tr><th>metric</th>${arms.arms.map((a) => html`<th>${a.name}</th>`)}</tr></thead><tbody>${rows.map(
    ([id, cells]) =>
      html`<tr><td>${id}</td>${cells.map((m) => html`<td>${m && m.value !== null ? `${m.value} ${formatInterval(intervalOf(m))}` : '–'}</td>`)}</tr>`,
  )}</tbody></table>
${arms.comparisons.map(comparison)}
</section>`;
}

function comparison(c: ArmComparison): SafeHtml {
  const p = c.paired;
  return html`<h3>${c.b} vs ${c.a}</h3>
<p>Paired (${p.description}): ${p.better} ${p.unit}(s) better, ${p.worse} worse, ${p.tied} tied → p = ${p.p_value}.</p>
<ul class="notes">${c.verdicts.map((v) => html`<li data-verdict="${v.verdict}">${verdictLine(c, v).replace(/\*\*/g, '')}</li>`)}</ul>
${
  c.differing_count
    ? html`<table class="plain arms-differing"><thead><tr><th>case (${c.differing_count} differ)</th><th>${c.a}</th><th>${c.b}</th></tr></thead><tbody>${c.differing.map(
        (d) => html`<tr data-case="${d.id}"><td><code>${d.id}</code></td><td>${output(d.a)}</td><td>${output(d.b)}</td></tr>`,
      )}</tbody></table>${c.differing_count > c.differing.length ? html`<p class="muted">… and ${c.differing_count - c.differing.length} more in each arm's report.json</p>` : ''}`
    : html`<p>No case has a different verdict on the two arms.</p>`
}`;
}

function output(o: ArmOutput): SafeHtml {
  return html`<b>${o.status}${o.trials ? ` ${o.trials}` : ''}</b>${o.output !== undefined ? html`<pre>${o.output}</pre>` : ''}`;
}
