/**
 * `orderflow diff`, and `loadReport()` / `diffReports()` of the programmatic
 * API: metric deltas and the cases that flipped between two runs. A run is
 * named the way runs put it: its folder (what `evaluate()` returns as
 * `outDir`), the report.json inside it, or a report already loaded.
 */
import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../base/errors.js';
import { jsonErrorLine } from '../base/source-positions.js';
import { displayPath } from '../base/display-path.js';
import { writeFileAtomic } from './atomic-file.js';
import { renderDiffHtml } from './html/render-diff-html.js';
import type { SafeHtml } from './html/safe-html.js';
import { flippedIds, outputsOf } from './flipped-outputs.js';
import type { Report } from './report-types.js';
import { checkReportShape, NOT_A_REPORT, renderFromReports } from './report-shape.js';
import { BaselineComparison, baselineOf, loadBaseline, type BaselineDiff } from './baseline.js';

/** A run as the API takes it: its folder, its report.json, or the report loaded. */
export type RunSource = string | Report;

/**
 * What changed from `before` to `after`. `before` is a run (folder, report.json
 * or loaded report) or a baseline record (baseline.json); `after` is a run.
 * Always the same shape, `BaselineDiff`: metric deltas, newly failing and
 * passing case ids, cases added, removed and changed.
 */
export async function diffReports(before: RunSource, after: RunSource): Promise<BaselineDiff> {
  const baseline = typeof before === 'string' ? await loadBaseline(await reportFile(before)) : baselineOf(checkReportShape(before, 'before'), 'before');
  const report = await loadReport(after);
  const comparison = new BaselineComparison(baseline);
  for (const c of report.cases) comparison.add(c.id, c.status);
  return comparison.finish(report.metrics);
}

/** A run's report: from its folder, from its report.json, or checked as given when already loaded. */
export async function loadReport(source: RunSource): Promise<Report> {
  if (typeof source !== 'string') return checkReportShape(source, 'report');
  const path = await reportFile(source);
  let report: unknown;
  let text = '';
  try {
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    report = JSON.parse(text);
  } catch (error) {
    const line = jsonErrorLine(text, error);
    throw new InputError({
      file: displayPath(path),
      ...(line ? { line } : {}),
      message: `cannot read the report: ${(error as Error).message.split('\n')[0]}`,
      expected: NOT_A_REPORT,
      severity: 'error',
    });
  }
  return checkReportShape(report, displayPath(path));
}

/** A run folder stands for the report.json inside it; a file is taken as named. */
async function reportFile(path: string): Promise<string> {
  const found = await stat(path).catch(() => null);
  if (!found?.isDirectory()) return path;
  const inside = join(path, 'report.json');
  if (!(await stat(inside).catch(() => null))?.isFile()) {
    throw new InputError({
      file: displayPath(path),
      message: 'is a folder without report.json: not a run folder, or a run still going or stopped before its report',
      expected: 'a run folder (reports/<run-id>), a report.json or a baseline.json',
      severity: 'error',
    });
  }
  return inside;
}

/** The side-by-side page of two runs, written next to the second one (or where asked). */
export async function writeDiffHtml(before: string, after: string, out: string): Promise<string> {
  await writeFileAtomic(out, await diffPage(before, after));
  return out;
}

/** The side-by-side page of two report.json files, as text: `diff --html` writes it, `orderflow view` serves it under its `nav`. */
export async function diffPage(
  before: string,
  after: string,
  labels = { a: displayPath(before), b: displayPath(after) },
  nav: SafeHtml | '' = '',
): Promise<string> {
  const [a, b] = await Promise.all([loadReport(before), loadReport(after)]);
  const flipped = flippedIds(a, b);
  const outputs = { a: outputsOf(before, a, flipped), b: outputsOf(after, b, flipped) };
  return renderFromReports(`${displayPath(before)}, ${displayPath(after)}`, 'not reports this orderflow can put side by side', () =>
    renderDiffHtml(a, b, labels, outputs, nav),
  );
}
