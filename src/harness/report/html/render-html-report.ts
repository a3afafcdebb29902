/**
 * report.html: one self-contained page — inline style, inline script, inline
 * SVG — that opens from disk or as a CI artifact with no network. A strict
 * Content-Security-Policy admits only the page's own style and script (by
 * hash) and no loads of any kind; every string from a run is escaped by the
 * `html` tag.
 */
import { caseDetailsSection, caseTableSection, failingCasesSection, featuredTraceSection } from './case-sections.js';
import type { HtmlReportData } from './collect-html-data.js';
import { PAGE_SCRIPT, PAGE_STYLE } from './page-assets.js';
import { pagePolicy } from './page-policy.js';
import { html, trusted, type SafeHtml } from './safe-html.js';
import { armsSection } from './arms-section.js';
import { judgingSection } from './judging-section.js';
import { groupCharts, metricCards, otherSections, pipelineSection, promptChangesSection, verdictSection } from './summary-sections.js';

/** report.json keys this page shows in its own sections; any other is listed under "More from report.json". */
const SHOWN_KEYS = new Set([
  'judging',
  'schema_version',
  'run',
  'summary',
  'metrics',
  'by_module',
  'by_case_type',
  'stage_failures',
  'guard_blocks',
  'gate_blocks',
  'gate',
  'baseline',
  'prompt_changes',
  'arms',
]);

/** `nav`: the links a page served by `orderflow view` puts above the report (none on the file a run writes). */
export function renderHtmlReport(data: HtmlReportData, nav: SafeHtml | '' = ''): string {
  const { head } = data;
  const title = `orderflow ${head.gate.passed ? 'passed' : 'FAILED'} · ${head.run.id}`;
  const page = html`<!DOCTYPE html>
<html lang="en"><head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${trusted(pagePolicy({ style: PAGE_STYLE, script: PAGE_SCRIPT }))}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${trusted(PAGE_STYLE)}</style>
</head><body>
${nav}
${verdictSection(data)}
${promptChangesSection(head.prompt_changes, head.run.provider)}
<div class="grid2">${failingCasesSection(data)}${featuredTraceSection(data)}</div>
${metricCards(head)}
${armsSection(head.arms)}
${groupCharts(head)}
${pipelineSection(head)}
${judgingSection(head)}
${caseTableSection(data)}
${caseDetailsSection(data)}
${otherSections(head, SHOWN_KEYS)}
<footer class="muted">orderflow ${head.run.orderflow_version} · node ${head.run.node_version} · concurrency ${head.run.concurrency} · repeat ${head.run.repeat} · cache ${head.run.cache_mode} · report.json and results.jsonl beside this file hold every figure on this page</footer>
<script>${trusted(PAGE_SCRIPT)}</script>
</body></html>
`;
  return page.value;
}
