import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../base/errors.js';
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

const MIN_CHARS = 200;
/** GitHub's cap on a comment or step summary body: past it the summary is refused there, and a cap above it caps nothing. */
const MAX_CHARS = 65_536;

/** `orderflow summary <report folder | report.json>`: Markdown for $GITHUB_STEP_SUMMARY. */
export async function summaryCommand(ref: string, options: SummaryOptions, output: Output): Promise<number> {
  const path = existsSync(ref) && statSync(ref).isDirectory() ? join(ref, 'report.json') : ref;
  const maxChars = options.maxChars ?? DEFAULT_SUMMARY_CHARS;
  if (typeof maxChars !== 'number' || !Number.isInteger(maxChars) || maxChars < MIN_CHARS || maxChars > MAX_CHARS) {
    const why = !Number.isInteger(maxChars) ? 'not a whole number' : (maxChars as number) < MIN_CHARS ? 'too small' : 'too large';
    throw new InputError({
      file: '--max-chars',
      message: `"${options.maxChars}" is ${why}`,
      expected: `a whole number from ${MIN_CHARS} to ${MAX_CHARS}`,
      severity: 'error',
    });
  }
  const report = await loadReport(path);
  if ((report as unknown as { format?: unknown }).format === 'orderflow-baseline') {
    throw new InputError({ file: path, message: 'is a baseline record, not a run report', expected: NOT_A_REPORT, severity: 'error' });
  }
  checkSummaryShape(report, path);
  const failures = report.cases.filter((c) => c.status !== 'passed' && c.status !== 'skipped');
  output.out(
    renderFromReports(path, 'not a report.json this orderflow can read', () =>
      renderSummaryMarkdown({ head: report, failures, failuresTotal: failures.length, ...(options.artifact ? { artifact: options.artifact } : {}), maxChars }),
    ),
  );
  return EXIT_OK;
}
