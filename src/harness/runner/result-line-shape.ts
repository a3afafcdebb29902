/**
 * What a case line of results.jsonl must look like before its verdict is
 * counted. The file is plain text on disk: edited by hand, cut by a crash, or
 * written by another version. A line with a status the counters do not know,
 * or a trial the run never had, would be counted as neither pass nor fail, or
 * twice; such a line is refused (merge) or set aside and run again (resume).
 */
import { CASE_TYPES } from '../cases/case-schema.js';
import { CASE_STATUSES } from './case-result.js';

const STATUSES = new Set<string>(CASE_STATUSES);
const KINDS = new Set(['module', 'pipeline']);
const TYPES = new Set<string>(CASE_TYPES);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why this parsed line is not a case result of a run with `repeat` trials per case, or undefined when it is one. */
export function caseResultProblem(value: unknown, repeat: number): string | undefined {
  if (!isRecord(value)) return 'not a JSON object';
  if (value.type !== 'case_result') return `type ${JSON.stringify(value.type)} is not "case_result"`;
  if (typeof value.case_id !== 'string' || value.case_id === '') return 'no case_id';
  if (!KINDS.has(value.kind as string)) return `kind ${JSON.stringify(value.kind)} is not module or pipeline`;
  if (typeof value.module !== 'string' || value.module === '') return 'no module';
  // Counters keyed by module would read `toString` or `constructor` as what every object already has.
  if (!MODULE_ID.test(value.module) || Object.hasOwn(Object.prototype, value.module)) return `module ${JSON.stringify(value.module)} is not a module id`;
  if (!TYPES.has(value.case_type as string)) return `case_type ${JSON.stringify(value.case_type)} is not one of ${CASE_TYPES.join(', ')}`;
  if (!Number.isInteger(value.trial) || (value.trial as number) < 0 || (value.trial as number) >= repeat)
    return `trial ${JSON.stringify(value.trial)} is not one of 0..${repeat - 1} (the run has ${repeat} trial(s) per case)`;
  if (!STATUSES.has(value.status as string)) return `status ${JSON.stringify(value.status)} is not passed, failed, error or skipped`;
  if (!Array.isArray(value.failed_checks)) return 'no failed_checks list';
  if (value.status === 'passed' && value.failed_checks.length > 0) return 'status passed with failed checks';
  if (value.status === 'failed' && value.failed_checks.length === 0) return 'status failed with no failed check';
  if (!isRecord(value.facts) && value.status !== 'error') return 'no facts';
  return measureProblem(value);
}

const MODULE_ID = /^[a-z][a-z0-9_]*$/;

/** JSON reads 1e999 as Infinity: one such latency or count would make every mean, percentile and total it enters meaningless. */
function measureProblem(value: Record<string, unknown>): string | undefined {
  const amount = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  const shown = (v: unknown) => (typeof v === 'number' ? String(v) : JSON.stringify(v));
  if (value.latency_ms !== undefined && !amount(value.latency_ms)) return `latency_ms ${shown(value.latency_ms)} is not a finite number of milliseconds`;
  if (value.call_latencies_ms !== undefined && !(Array.isArray(value.call_latencies_ms) && value.call_latencies_ms.every(amount)))
    return 'call_latencies_ms is not a list of finite numbers of milliseconds';
  if (value.cost_usd !== undefined && value.cost_usd !== null && !amount(value.cost_usd)) return `cost_usd ${shown(value.cost_usd)} is not a finite amount`;
  if (value.cached_calls !== undefined && !count(value.cached_calls)) return `cached_calls ${shown(value.cached_calls)} is not a count`;
  if (value.usage !== undefined) {
    const usage = value.usage as Record<string, unknown> | null;
    if (!isRecord(usage) || !count(usage.input_tokens) || !count(usage.output_tokens)) return 'usage does not hold token counts (whole numbers, not negative)';
  }
  return undefined;
}

export function isRunHeader(value: unknown): value is { type: 'run_header'; run: Record<string, unknown> } {
  return isRecord(value) && value.type === 'run_header' && isRecord(value.run);
}
