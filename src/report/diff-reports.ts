/** `orderflow diff a/report.json b/report.json`: metric deltas and the cases that flipped between two runs. */
import { readFile } from 'node:fs/promises';
import { InputError } from '../base/errors.js';
import { jsonErrorLine } from '../base/source-positions.js';
import { displayPath } from '../registry/registry.js';
import { writeFileAtomic } from './atomic-file.js';
import { renderDiffHtml } from './html/render-diff-html.js';
import type { SafeHtml } from './html/safe-html.js';
import { flippedIds, outputsOf } from './flipped-outputs.js';
import type { Report } from './report-types.js';
import { checkReportShape, NOT_A_REPORT, renderFromReports } from './report-shape.js';
import { BaselineComparison, loadBaseline, type BaselineDiff } from './baseline.js';

export async function diffReports(before: string, after: string): Promise<BaselineDiff> {
  const baseline = await loadBaseline(before);
  const report = await loadReport(after);
  const comparison = new BaselineComparison(baseline);
  for (const c of report.cases) comparison.add(c.id, c.status);
  return comparison.finish(report.metrics);
}

/** A whole report.json, checked to be one. */
export async function loadReport(path: string): Promise<Report> {
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
  const outputs = { a: await outputsOf(before, a, flipped), b: await outputsOf(after, b, flipped) };
  return renderFromReports(`${displayPath(before)}, ${displayPath(after)}`, 'not reports this orderflow can put side by side', () =>
    renderDiffHtml(a, b, labels, outputs, nav),
  );
}
