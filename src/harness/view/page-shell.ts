/**
 * The frame of every page the viewer makes itself: report.html's style and
 * escaping tag, the viewer's navigation, and the same Content-Security-Policy
 * as report.html — its own style and script by hash, nothing loaded — with
 * two openings a served page needs: its forms submit to the viewer itself
 * (`form-action 'self'`), and the pages that follow a run read the viewer's
 * own event stream (`connect-src 'self'`).
 */
import { PAGE_STYLE } from '../report/html/page-assets.js';
import { pagePolicy } from '../report/html/page-policy.js';
import { html, trusted, type SafeHtml } from '../report/html/safe-html.js';

const VIEW_STYLE = `${PAGE_STYLE}
table.runs td,table.runs th{white-space:nowrap}
table.runs td.prompts{white-space:normal;font-size:12px;max-width:340px}
table.runs td.metrics{font-size:12px}
table.runs td.problem{white-space:normal;font-size:12px;color:var(--fail);max-width:300px}
.prompt-changed{font-weight:700;color:#8250df}
.state{display:inline-block;padding:0 6px;border-radius:10px;font-size:11.5px;font-weight:600;border:1px solid var(--line)}
.trend{display:inline-block;margin:0 14px 14px 0;vertical-align:top}
.trend svg{width:520px;height:auto;border:1px solid var(--line);border-radius:6px;background:var(--soft)}
.trend figcaption{font-size:13px;margin-bottom:2px}
.pt{fill:#0969da}.pt-fail{fill:var(--fail)}.pt-baseline{fill:#fff;stroke:#8250df;stroke-width:3}
.ci{stroke:#0969da;stroke-width:2;opacity:.45}.trend-line{fill:none;stroke:#0969da;stroke-width:1.5}
.baseline-line{stroke:#8250df;stroke-width:1.5;stroke-dasharray:5 4}
.axis{font-size:11px;fill:var(--muted)}
.strip{display:inline-flex;gap:2px;vertical-align:middle}
.cell{display:inline-block;width:11px;height:14px;border-radius:2px;background:#eaeef2}
.cell.p{background:var(--pass)}.cell.f{background:var(--fail)}.cell.e{background:var(--error)}.cell.s{background:var(--neutral)}
.cell.since{outline:2px solid #8250df;outline-offset:1px}
progress{width:420px;height:14px;vertical-align:middle}
#live-table tbody tr.row-new{background:#fff8c5}
.corrupt{border:2px solid var(--error);background:#fff8c5;border-radius:8px;padding:10px 14px}
`;

export type Section = 'runs' | 'trends' | 'live' | 'run' | 'compare';

/** The links above every page: the runs, the trends, the newest run followed live. */
export function viewNav(current: Section, folder: string): SafeHtml {
  const link = (section: Section, href: string, label: string) => (current === section ? html`<b>${label}</b>` : html`<a href="${href}">${label}</a>`);
  return html`<nav class="viewer-nav"><b>orderflow view</b>${link('runs', '/', 'Runs')}${link('trends', '/trends', 'Trends')}${link('live', '/live', 'Live')}<span class="muted">${folder} · read-only</span></nav>`;
}

export interface ViewPageOptions {
  title: string;
  section: Section;
  folder: string;
  body: SafeHtml;
  script?: string;
  followsEvents?: boolean;
  /** Attributes the page's script reads (data-*), already escaped by the tag. */
  bodyData?: SafeHtml;
}

export function viewPage(options: ViewPageOptions): { html: string; policy: string } {
  const policy = pagePolicy({ style: VIEW_STYLE, script: options.script ?? null, connectSelf: options.followsEvents === true, formSelf: true });
  const page = html`<!DOCTYPE html>
<html lang="en"><head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${trusted(policy)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<style>${trusted(VIEW_STYLE)}</style>
</head><body${options.bodyData ?? ''}>
${viewNav(options.section, options.folder)}
${options.body}
${options.script ? html`<script>${trusted(options.script)}</script>` : ''}
</body></html>
`;
  return { html: page.value, policy };
}
