/** `orderflow diff a/report.json b/report.json`: metric deltas and the cases that flipped between two runs. */
import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { displayPath } from '../registry/registry.js';
import type { CaseStatus } from '../runner/case-result.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import { BaselineComparison, loadBaseline, type BaselineDiff } from './baseline.js';

export async function diffReports(before: string, after: string): Promise<BaselineDiff> {
  const baseline = await loadBaseline(before);
  let report: { metrics?: Metrics; cases?: { id: string; status: CaseStatus }[] };
  try {
    report = JSON.parse(await readFile(after, 'utf8'));
  } catch (error) {
    throw new InputError({ file: displayPath(after), message: `cannot read the report: ${(error as Error).message}`, severity: 'error' });
  }
  if (!report.metrics || !Array.isArray(report.cases)) throw new InputError({ file: displayPath(after), message: 'not a report.json (no metrics or cases)', severity: 'error' });
  const comparison = new BaselineComparison(baseline);
  for (const c of report.cases) comparison.add(c.id, c.status);
  return comparison.finish(report.metrics);
}
