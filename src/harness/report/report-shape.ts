/**
 * report.json as `diff` and `summary` read it back: a file on disk, possibly
 * from another version, edited, or not a report at all. The fields those
 * commands use are checked first, so that a broken file is an error naming
 * the field, not a crash halfway through rendering.
 */
import { z } from 'zod';
import { InputError } from '../base/errors.js';
import { CASE_STATUSES } from '../runner/case-result.js';
import { firstIssue } from '../base/schema-issues.js';
import type { Report } from './report-types.js';

const Count = z.number().int().min(0);

const ReportShape = z.looseObject({
  run: z.looseObject({ id: z.string(), provider: z.string(), model: z.string() }),
  summary: z.looseObject({ total: Count, passed: Count, failed: Count, error: Count }),
  metrics: z.record(z.string(), z.looseObject({})),
  // A baseline record (gate: passed and failing) is read as the earlier side of a diff too.
  gate: z.looseObject({ passed: z.boolean(), failures: z.array(z.looseObject({})).optional() }),
  cases: z.array(z.looseObject({ id: z.string().min(1), module: z.string(), case_type: z.string(), status: z.enum(CASE_STATUSES) })),
});

export const NOT_A_REPORT = 'a report folder or report.json written by orderflow eval or merge';

/** The parsed file as a Report, or an InputError naming the first field that is not what a report holds (in `shape`: a stricter check). */
export function checkReportShape(value: unknown, shown: string, shape: z.ZodType = ReportShape): Report {
  const result = shape.safeParse(value);
  if (result.success) return value as Report;
  const { field, message } = firstIssue(result.error.issues);
  throw new InputError({ file: shown, ...(field ? { field } : {}), message: `not a report.json: ${message}`, expected: NOT_A_REPORT, severity: 'error' });
}

/**
 * Renders from reports that passed the shape check; a TypeError from deeper down means a field
 * further in is not what a report holds, which is still the file's fault, not a bug to report.
 */
export function renderFromReports<T>(file: string, cannot: string, render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new InputError({ file, message: `${cannot} (${error.message})`, expected: NOT_A_REPORT, severity: 'error' });
  }
}
