/**
 * One finished run — report.html's own page, rendered again from the run's
 * report.json and results.jsonl (so that every scenario has its timeline and
 * the table has every filter) under the viewer's links — and two runs side by
 * side, `diff --html`'s page. A folder that is not what orderflow writes is
 * shown as such, with what is wrong with it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../base/errors.js';
import { caseEntries, type CaseEntry } from '../report/case-entries.js';
import { diffPage, loadReport } from '../report/diff-reports.js';
import { collectHtmlData } from '../report/html/collect-html-data.js';
import { renderHtmlReport } from '../report/html/render-html-report.js';
import { html, type SafeHtml } from '../report/html/safe-html.js';
import { renderFromReports } from '../report/report-shape.js';
import type { ReportHead } from '../report/report-types.js';
import { RESULTS_FILE } from '../runner/out-folder.js';
import { viewNav, viewPage } from './page-shell.js';
import type { RunSummary } from './run-folders.js';

export interface Rendered {
  status: number;
  html: string;
}

export async function runReportPage(run: RunSummary, folder: string): Promise<Rendered> {
  try {
    const report = await loadReport(join(run.dir, 'report.json'));
    const { cases, ...head } = report;
    const results = join(run.dir, RESULTS_FILE);
    // results.jsonl has every scenario's trace, report.json only the failed ones'; a run with arms keeps each arm's apart.
    const entries: Iterable<CaseEntry> = existsSync(results) && !head.arms ? caseEntries(results, Number(head.run.repeat) || 1, { passedTraces: true }) : cases;
    const data = collectHtmlData(head as ReportHead, entries);
    const page = renderFromReports(run.name, 'not a report this orderflow can show', () => renderHtmlReport(data, viewNav('run', folder)));
    return { status: 200, html: page };
  } catch (error) {
    return problemPage(run.name, folder, 'run', error);
  }
}

export async function comparePage(a: RunSummary, b: RunSummary, folder: string): Promise<Rendered> {
  try {
    const page = await diffPage(join(a.dir, 'report.json'), join(b.dir, 'report.json'), { a: a.name, b: b.name }, viewNav('compare', folder));
    return { status: 200, html: page };
  } catch (error) {
    return problemPage(`${a.name} and ${b.name}`, folder, 'compare', error);
  }
}

/** A folder the viewer cannot show: what is wrong, never a stack trace, never a blank page. */
export function problemPage(what: string, folder: string, section: 'run' | 'compare', error: unknown): Rendered {
  // A TypeError: a field deeper in than the shape check looks is not what orderflow writes.
  if (!(error instanceof InputError) && !(error instanceof SyntaxError) && !(error instanceof TypeError) && !isFileError(error)) throw error;
  const body = html`<section class="corrupt" id="corrupt"><h2>Cannot show ${what}</h2><p>This run folder is corrupt or half-written:</p><pre class="output">${String((error as Error).message)}</pre><p><a href="/">back to the runs</a></p></section>`;
  return { status: 200, html: viewPage({ title: `orderflow view · ${what}: corrupt`, section, folder, body }).html };
}

/** A page that says what was asked for is not there, with the way back. */
export function notFoundPage(message: string, folder: string, extra: SafeHtml | '' = ''): Rendered {
  const body = html`<section id="not-found"><h2>Not found</h2><p>${message}</p>${extra}<p><a href="/">back to the runs</a></p></section>`;
  return { status: 404, html: viewPage({ title: 'orderflow view · not found', section: 'run', folder, body }).html };
}

const isFileError = (error: unknown) => typeof (error as NodeJS.ErrnoException)?.code === 'string';
