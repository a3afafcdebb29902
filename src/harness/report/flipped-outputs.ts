/**
 * What each run answered for the cases that flipped between two runs: report.json
 * keeps the output of failures only, so the passing side's comes from the run's
 * results.jsonl beside it (a module case's raw output, a scenario's reply).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { caseEntries } from './case-entries.js';
import type { Report } from './report-types.js';

/** id → output; empty when the run's results.jsonl is not beside its report.json. */
export function outputsOf(reportPath: string, report: Report, ids: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  const results = join(dirname(reportPath), 'results.jsonl');
  if (!ids.size || !existsSync(results)) return out;
  for (const entry of caseEntries(results, report.run.repeat ?? 1, { passedTraces: true })) {
    if (!ids.has(entry.id)) continue;
    const reply = (entry.trace as { reply?: unknown } | undefined)?.reply;
    const text = typeof reply === 'string' ? reply : entry.raw_output;
    if (text !== undefined) out.set(entry.id, text);
  }
  return out;
}

/** The ids whose status differs between the two runs. */
export function flippedIds(a: Report, b: Report): Set<string> {
  const before = new Map(a.cases.map((c) => [c.id, c.status === 'passed']));
  return new Set(b.cases.filter((c) => before.has(c.id) && before.get(c.id) !== (c.status === 'passed')).map((c) => c.id));
}
