/**
 * report.json's `repeats` (a run with --repeat auto): what the adaptive
 * repeats spent — case runs and model calls, in the first pass and in all —
 * and on which cases, each with its trial count; and the line every report
 * says it in.
 */
import type { AggregateSnapshot } from '../runner/aggregates.js';
import type { RepeatedCase } from '../runner/trial-rounds.js';

export interface RepeatsReport {
  mode: 'auto';
  /** The most trials one case could get (--repeat-cap). */
  cap: number;
  /** Case runs of the first pass: every selected case once (on each arm). */
  first_pass: number;
  /** Case runs in all: the first pass and every trial added after it. */
  case_runs: number;
  /** Model calls in all (a pipeline scenario makes several per run). */
  calls: number;
  /** The cases that ran more than once, with their trials (on each arm); capped at LIST_CAP, the count is exact. */
  repeated: RepeatedCase[];
  repeated_count: number;
}

const LIST_CAP = 1000;

export function repeatsReport(
  repeated: RepeatedCase[],
  cap: number,
  firstPass: number,
  snapshot: Pick<AggregateSnapshot, 'counts' | 'metrics'>,
): RepeatsReport {
  return {
    mode: 'auto',
    cap,
    first_pass: firstPass,
    case_runs: snapshot.counts.total,
    calls: snapshot.metrics.latency_ms?.denominator ?? 0,
    repeated: repeated.slice(0, LIST_CAP),
    repeated_count: repeated.length,
  };
}

/** "repeat auto (cap 5): 431 case runs, 3 more than one pass, 702 model calls; run again: `a` ×3, `b` ×2" with up to `named` ids. */
export function repeatsLine(r: RepeatsReport, named: number, id: (caseId: string) => string = (x) => x): string {
  const extra = r.case_runs - r.first_pass;
  const head = `repeat auto (cap ${r.cap}): ${r.case_runs} case runs (${r.first_pass} in one pass${extra > 0 ? `, ${extra} more on ${r.repeated_count} case(s) in doubt` : ', no case in doubt'}), ${r.calls} model calls`;
  if (r.repeated_count === 0) return head;
  const list = r.repeated.slice(0, named).map((c) => `${id(c.id)} ×${c.trials}`);
  const more = r.repeated_count > list.length ? `, … and ${r.repeated_count - list.length} more` : '';
  return `${head}; run again: ${list.join(', ')}${more}`;
}
