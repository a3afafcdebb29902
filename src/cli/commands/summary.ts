import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../errors.js';
import { loadReport } from '../../report/diff-reports.js';
import { NOT_A_REPORT, renderFromReports } from '../../report/report-shape.js';
import { DEFAULT_SUMMARY_CHARS, renderSummaryMarkdown } from '../../report/summary-md.js';
import { checkSummaryShape } from '../../report/summary-shape.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export interface SummaryOptions {
  maxChars?: number | string;
  artifact?: string;
}

/** `orderflow summary <report folder | report.json>`: Markdown for $GITHUB_STEP_SUMMARY. */
export async function summaryCommand(ref: string, options: SummaryOptions, output: Output): Promise<number> {
  const path = existsSync(ref) && statSync(ref).isDirectory() ? join(ref, 'report.json') : ref;
  const maxChars = options.maxChars ?? DEFAULT_SUMMARY_CHARS;
  if (typeof maxChars !== 'number' || !Number.isInteger(maxChars) || maxChars < 200) throw new InputError({ file: '--max-chars', message: `"${options.maxChars}" is ${Number.isInteger(maxChars) ? 'too small' : 'not a whole number'}`, expected: 'a whole number of at least 200', severity: 'error' });
  const report = await loadReport(path);
  if ((report as unknown as { format?: unknown }).format === 'orderflow-baseline') {
    throw new InputError({ file: path, message: 'is a baseline record, not a run report', expected: NOT_A_REPORT, severity: 'error' });
  }
  checkSummaryShape(report, path);
  const failures = report.cases.filter((c) => c.status !== 'passed');
  output.out(renderFromReports(path, 'not a report.json this orderflow can read', () => renderSummaryMarkdown({ head: report, failures, failuresTotal: failures.length, ...(options.artifact ? { artifact: options.artifact } : {}), maxChars })));
  return EXIT_OK;
}
