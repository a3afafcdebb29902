/**
 * report.html's view of what the verdicts rest on: scenarios whose trace
 * holds a schema-invalid stage output (passed or not), and the expectations
 * scenarios leave out, which are not judged.
 */
import type { ReportHead } from '../report-types.js';
import { html, type SafeHtml } from './safe-html.js';

export function judgingSection(head: ReportHead): SafeHtml {
  const j = head.judging;
  if (!j) return html``;
  const omitted = Object.entries(j.not_judged);
  return html`<section id="judging"><h2>What the verdicts rest on</h2>
${
  j.invalid_output_total
    ? html`<p>Scenarios whose trace holds a schema-invalid stage output: ${j.invalid_output_total} result(s). By default they pass or fail on their outcome; with <code>judge.invalid_output_may_pass: false</code> they fail (check schema_valid_output).</p>
<table class="plain"><thead><tr><th>scenario</th><th>trial</th><th>status</th><th>stages with invalid output</th></tr></thead><tbody>${j.invalid_output.map((x) => html`<tr><td><code>${x.case_id}</code></td><td>${x.trial}</td><td>${x.status}</td><td>${x.stages.join(', ')}</td></tr>`)}</tbody></table>`
    : html``
}
${
  omitted.length
    ? html`<p>Expectations a scenario leaves out are not judged (never read as a value):</p>
<table class="plain"><thead><tr><th>expectation</th><th>results not judged on it</th><th>scenarios</th></tr></thead><tbody>${omitted.map(([field, n]) => html`<tr><td>${field}</td><td>${n.results}</td><td>${n.case_ids.join(' ')}${n.results > n.case_ids.length ? ' …' : ''}</td></tr>`)}</tbody></table>`
    : html``
}
</section>`;
}
