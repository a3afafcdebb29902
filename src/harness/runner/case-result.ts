/**
 * One line of results.jsonl: the verdict on one case (one trial), with every
 * fact that the metrics and reports need, so that a report can be rebuilt
 * from the results file alone.
 */
import type { CaseType, GeneratedBy } from '../cases/case-schema.js';

export type { CaseType };
import type { Usage } from '../providers/provider.js';
import type { ScoreFacts } from '../scoring/score-facts.js';
import type { StageAttribution } from '../scoring/failure-attribution.js';

export const RESULTS_SCHEMA_VERSION = 1;

/** `skipped`: the provider cannot answer the module at all (sim and a user's own module); never counted as passed. */
export const CASE_STATUSES = ['passed', 'failed', 'error', 'skipped'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export type { FailedCheck } from '../model-output/check-result.js';
import type { FailedCheck } from '../model-output/check-result.js';

export type { ScoreFacts };

export interface CaseResult {
  type: 'case_result';
  case_id: string;
  kind: 'module' | 'pipeline';
  /** Module id, or "pipeline". */
  module: string;
  case_type: CaseType;
  trial: number;
  status: CaseStatus;
  failed_checks: FailedCheck[];
  checks_total: number;
  error?: string;
  /** Why a skipped case did not run, and what runs it. */
  skipped_reason?: string;
  /** Kept for failed and errored cases only: attacker-controlled text, escaped by every report. */
  raw_output?: string;
  /** The model output's full size in UTF-8 bytes, present when raw_output holds only its first 64 KiB. */
  raw_output_bytes?: number;
  latency_ms: number;
  call_latencies_ms: number[];
  usage: Usage;
  /** null when some call had no price: unknown, never 0. */
  cost_usd: number | null;
  cached_calls: number;
  facts: ScoreFacts;
  /** Pipeline scenarios: the first stage whose output went wrong. */
  first_failing_stage?: string;
  /** Pipeline scenarios: why that stage — the check that failed there, the output that caused it, what followed from it. */
  attribution?: StageAttribution;
  /** Pipeline scenarios: the gate of each tool call the program blocked. */
  gate_blocks?: string[];
  /** Pipeline scenarios: per-stage trace. */
  trace?: unknown;
  file?: string;
  line?: number;
  description?: string;
  /** Hash of the case's content when it ran (see caseContentHash): a baseline tells an edited case from a regression by it. */
  case_hash?: string;
  /** Generated cases and variants: the strategy that wrote them (report's attack-strategy table). */
  generated_by?: GeneratedBy;
  /** Pipeline attacks with a twin: the benign scenario they share a cluster with (see cluster-key.ts). */
  cluster?: string;
  /** A run with arms: the arm (prompt version, provider or model) this result ran on. */
  arm?: string;
}

/** A run stopped before every case ran; `--resume` finishes it. */
export interface RunIncomplete {
  reason: string;
  /** Results on disk. */
  done: number;
  /** Results the plan asked for. */
  total: number;
  /** The command that finishes it. */
  resume: string;
}

export interface RunHeader {
  type: 'run_header';
  schema_version: number;
  run: RunProvenance;
}

export interface RunProvenance {
  id: string;
  started_at: string;
  orderflow_version: string;
  node_version: string;
  /** `untracked`: files under the prompt and case folders or the config that git does not know (capped; the count is exact). */
  git: { commit: string | null; dirty: boolean | null; untracked?: string[]; untracked_count?: number };
  provider: string;
  model: string;
  /** openai: server kind, output mode, base URL (no credentials), temperature, token limit. */
  call_settings?: Record<string, string | number>;
  concurrency: number;
  /** Trials per case; with `repeat_mode: auto` the most one case may get (the cap). */
  repeat: number;
  /** `auto` with --repeat auto: trials differ from case to case (report.json's `repeats` says which got more than one). Absent: every case ran `repeat` times. */
  repeat_mode?: 'auto';
  /** false on a measurement run (--no-guards): the pipeline's program-enforced guards were off. */
  guards_enabled: boolean;
  /** Deprecated alias of guards_enabled; removed in the next schema version. */
  gates_enabled: boolean;
  cache_mode: string;
  shard: { index: number; count: number } | null;
  filters: { modules: string[]; case_types: string[]; ids: string[] };
  prompts: Record<string, { name: string; version: string; path: string; sha256: string }>;
  /** The whole suite (before any filter): its fingerprint and size. */
  suite?: {
    fingerprint: string;
    cases: number;
    /** Cases this run selected (after filters and shard): with repeat, the results a finished run holds. */
    selected?: number;
  };
  /** Set by `merge --partial`: shards that were not there. A partial run never passes the gate. */
  partial?: { missing_shards: number[]; of: number };
  /** A run with arms: their names (the results carry `arm`; each arm's own results are under arms/<name>/). */
  arms?: string[];
  /** Set when the run stopped before every case ran (`--max-cost` reached): it never passes the gate. */
  incomplete?: RunIncomplete;
  config_file: string | null;
  config: Record<string, unknown>;
}

/** The sum of call costs; unknown as soon as one is unknown. */
export function sumCosts(costs: (number | null)[]): number | null {
  let total = 0;
  for (const c of costs) {
    if (c === null) return null;
    total += c;
  }
  return total;
}

/** A case the provider cannot answer: no call, no checks, no facts to score; the reason names what runs it. */
export function skippedResult(base: Pick<CaseResult, 'case_id' | 'kind' | 'module' | 'case_type' | 'trial'> & Partial<CaseResult>, reason: string): CaseResult {
  return { ...errorResult(base, reason), status: 'skipped', error: undefined, skipped_reason: reason };
}

/** A case whose model call (or the harness itself) failed: an error, never a pass, with no facts to score. */
export function errorResult(base: Pick<CaseResult, 'case_id' | 'kind' | 'module' | 'case_type' | 'trial'> & Partial<CaseResult>, error: string): CaseResult {
  return {
    type: 'case_result',
    ...base,
    status: 'error',
    failed_checks: [],
    checks_total: 0,
    error,
    latency_ms: 0,
    call_latencies_ms: [],
    usage: { input_tokens: 0, output_tokens: 0 },
    cost_usd: 0,
    cached_calls: 0,
    facts: {},
  };
}
