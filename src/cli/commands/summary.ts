import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../errors.js';
import type { Report } from '../../report/report-types.js';
import { DEFAULT_SUMMARY_CHARS, renderSummaryMarkdown } from '../../report/summary-md.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export interface SummaryOptions {
  maxChars?: number;
  artifact?: string;
}

/** `orderflow summary <report folder | report.json>`: Markdown for $GITHUB_STEP_SUMMARY. */
export async function summaryCommand(ref: string, options: SummaryOptions, output: Output): Promise<number> {
  const path = existsSync(ref) && statSync(ref).isDirectory() ? join(ref, 'report.json') : ref;
  const maxChars = options.maxChars ?? DEFAULT_SUMMARY_CHARS;
  if (!Number.isInteger(maxChars) || maxChars < 200) throw new InputError({ file: '--max-chars', message: `"${options.maxChars}" is too small`, expected: 'an integer of at least 200', severity: 'error' });
  let report: Report;
  try {
    report = JSON.parse(await readFile(path, 'utf8')) as Report;
  } catch (error) {
    throw new InputError({ file: path, message: `cannot read the report: ${(error as Error).message}`, expected: 'a report folder or report.json written by orderflow eval or merge', severity: 'error' });
  }
  if (!report?.gate || !Array.isArray(report.cases)) throw new InputError({ file: path, message: 'not a report.json (no gate or cases)', severity: 'error' });
  const failures = report.cases.filter((c) => c.status !== 'passed');
  output.out(renderSummaryMarkdown({ head: report, failures, failuresTotal: failures.length, ...(options.artifact ? { artifact: options.artifact } : {}), maxChars }));
  return EXIT_OK;
}
