/**
 * After a run: read results.jsonl back once, compare with the baseline, apply
 * the gate, and write report.json, report.md, report.html and junit.xml (each
 * atomically). The folding itself is report-fold.ts.
 */
import { caseEntries } from './case-entries.js';
import { ReportFold } from './report-fold.js';
import type { WriteReportsOptions, WrittenReports } from './report-options.js';

/** The reports from the one read of results.jsonl. */
export async function writeReports(options: WriteReportsOptions): Promise<WrittenReports> {
  const fold = new ReportFold(options);
  try {
    for (const entry of caseEntries(options.resultsPath, options.repeat, { passedTraces: true })) await fold.add(entry);
    return await fold.finish(options);
  } finally {
    await fold.discard();
  }
}
