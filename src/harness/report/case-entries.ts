/**
 * report.json's `cases`: one entry per case or scenario, trials merged.
 * Streamed from results.jsonl so the report never holds every result at once.
 */
import type { CaseResult, CaseStatus, FailedCheck } from '../runner/case-result.js';
import type { StageAttribution } from '../scoring/failure-attribution.js';
import { clusterOf } from '../runner/cluster-key.js';
import { readResults } from '../runner/results-file.js';

export interface CaseEntry {
  id: string;
  module: string;
  case_type: string;
  status: CaseStatus;
  failed_checks: FailedCheck[];
  /** With --repeat: trials run and passed; `outcomes` has one letter per trial index (p passed, f failed, e error), for the paired test. */
  trials?: { n: number; passed: number; outcomes: string };
  first_failing_stage?: string;
  attribution?: StageAttribution;
  error?: string;
  /** Why a skipped case did not run. */
  skipped_reason?: string;
  /** Wall time of the case (summed over trials). */
  latency_ms?: number;
  raw_output?: string;
  /** Full size of the model output when raw_output is only its first 64 KiB. */
  raw_output_bytes?: number;
  trace?: unknown;
  file?: string;
  line?: number;
  description?: string;
  /** Content hash of the case (results of older versions have none). */
  hash?: string;
  /** The cluster the case shares with others (cluster-key.ts); absent when it is its own. */
  cluster?: string;
}

/** `passedTraces`: keep the trace of passed scenarios too (report.html draws every scenario; report.json keeps failures'). */
export function* caseEntries(resultsPath: string, repeat: number, options: { passedTraces?: boolean } = {}): Generator<CaseEntry> {
  const toEntry = (r: CaseResult) => entryOf(r, options.passedTraces ?? false);
  if (repeat <= 1) {
    for (const line of readResults(resultsPath)) if (line.type === 'case_result') yield toEntry(line);
    return;
  }
  const merged = new Map<string, CaseEntry>();
  for (const line of readResults(resultsPath)) {
    if (line.type !== 'case_result') continue;
    const entry = merged.get(line.case_id);
    merged.set(
      line.case_id,
      entry
        ? mergeTrial(entry, line, toEntry)
        : { ...toEntry(line), trials: { n: 1, passed: line.status === 'passed' ? 1 : 0, outcomes: withOutcome('', line) } },
    );
  }
  yield* merged.values();
}

function entryOf(r: CaseResult, passedTraces: boolean): CaseEntry {
  return {
    id: r.case_id,
    module: r.module,
    case_type: r.case_type,
    status: r.status,
    failed_checks: r.failed_checks,
    ...(r.first_failing_stage ? { first_failing_stage: r.first_failing_stage } : {}),
    ...(r.attribution ? { attribution: r.attribution } : {}),
    latency_ms: r.latency_ms,
    ...(r.error ? { error: r.error } : {}),
    ...(r.skipped_reason ? { skipped_reason: r.skipped_reason } : {}),
    ...(r.raw_output !== undefined ? { raw_output: r.raw_output } : {}),
    ...(r.raw_output_bytes !== undefined ? { raw_output_bytes: r.raw_output_bytes } : {}),
    ...((r.status !== 'passed' || passedTraces) && r.trace ? { trace: r.trace } : {}),
    ...(r.file ? { file: r.file, line: r.line } : {}),
    ...(r.description ? { description: r.description } : {}),
    ...(r.case_hash ? { hash: r.case_hash } : {}),
    ...(clusterOf(r) !== r.case_id ? { cluster: clusterOf(r) } : {}),
  };
}

/** A case passes only if every trial passed; the first failing trial explains why. */
function mergeTrial(entry: CaseEntry, r: CaseResult, toEntry: (r: CaseResult) => CaseEntry): CaseEntry {
  const trials = { n: entry.trials!.n + 1, passed: entry.trials!.passed + (r.status === 'passed' ? 1 : 0), outcomes: withOutcome(entry.trials!.outcomes, r) };
  const latency_ms = Math.round(((entry.latency_ms ?? 0) + r.latency_ms) * 100) / 100;
  if (entry.status === 'failed' || r.status === 'passed') return { ...entry, trials, latency_ms };
  if (r.status === 'failed' || entry.status === 'passed') return { ...toEntry(r), trials, latency_ms };
  return { ...entry, trials, latency_ms };
}

/** Trials finish in any order; each outcome goes to the position of its trial index. */
function withOutcome(outcomes: string, r: CaseResult): string {
  const letters = outcomes.padEnd(r.trial + 1, '-').split('');
  // A skipped trial did not run: no outcome to pair.
  letters[r.trial] = r.status === 'passed' ? 'p' : r.status === 'error' ? 'e' : r.status === 'skipped' ? '-' : 'f';
  return letters.join('');
}
