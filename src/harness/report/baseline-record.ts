/**
 * The baseline record (reports/baseline.json): what a later run is judged
 * against. Beside the metrics and each case's verdict it holds what is needed
 * to tell whether that judgement is fair — every case id with a hash of its
 * content (the suite's fingerprint), the active prompts as the data `diff`
 * compares, provider and model, the gate settings, the flags it was recorded
 * with — and a digest of all that, so that an edit by hand shows.
 *
 * The digest is tamper evidence, not a signature: anyone can recompute it.
 * CI therefore reads the baseline of the target branch from git, which the
 * pull request cannot change.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../base/canonical-json.js';
import type { PromptSnapshot } from '../registry/prompt-snapshot.js';
import type { CaseStatus, RunProvenance } from '../runner/case-result.js';
import type { AggregateSnapshot } from '../runner/aggregates.js';
import type { GateSettings } from './gate-settings.js';

export const BASELINE_FORMAT = 'orderflow-baseline';
export const BASELINE_FORMAT_VERSION = 2;

export interface BaselineCase {
  id: string;
  module: string;
  case_type: string;
  status: CaseStatus;
  /** Content hash of the case when the baseline ran. */
  hash?: string;
  /** With --repeat: passes per trial index too (`outcomes`), for the paired test. */
  trials?: { n: number; passed: number; outcomes?: string };
}

export interface BaselineRecord {
  format: typeof BASELINE_FORMAT;
  format_version: number;
  recorded_at: string;
  run: Pick<
    RunProvenance,
    'id' | 'started_at' | 'orderflow_version' | 'git' | 'provider' | 'model' | 'repeat' | 'gates_enabled' | 'cache_mode' | 'config_file'
  >;
  /** `--accept` values the update was made with: shown in every report judged against this baseline. */
  accepted: string[];
  /** The gate of the recorded run; failing only when recorded with `--accept failed-gate`. */
  gate: { passed: boolean; failing: string[] };
  gate_settings: GateSettings;
  /** module → the active prompt, as data. */
  prompts: Record<string, PromptSnapshot>;
  suite: { fingerprint: string; cases: number };
  /** What this update replaced: the cases it dropped on purpose. */
  replaced: { run_id: string | null; removed: string[]; removed_count: number } | null;
  summary: AggregateSnapshot['counts'];
  metrics: AggregateSnapshot['metrics'];
  by_module: AggregateSnapshot['by_module'];
  by_case_type: AggregateSnapshot['by_case_type'];
  cases: BaselineCase[];
  digest: string;
}

export function recordDigest(record: Omit<BaselineRecord, 'digest'> | Record<string, unknown>): string {
  const { digest: _ignored, ...content } = record as Record<string, unknown>;
  return `sha256:${createHash('sha256').update(canonicalJson(content)).digest('hex')}`;
}

export function sealRecord(record: Omit<BaselineRecord, 'digest'>): BaselineRecord {
  return { ...record, digest: recordDigest(record) };
}

/**
 * Two-space JSON, with one line per prompt and one per case: a reviewer's git
 * diff shows which prompts and which verdicts changed, without pages of schema.
 */
export function serialiseRecord(record: BaselineRecord): string {
  const { cases, prompts, digest, ...head } = record;
  const headJson = JSON.stringify(head, null, 2);
  const promptLines = Object.entries(prompts).map(([module, p]) => `    ${JSON.stringify(module)}: ${JSON.stringify(p)}`);
  const caseLines = cases.map((c) => `    ${JSON.stringify(c)}`);
  return (
    `${headJson.slice(0, -2)},\n` +
    `  "prompts": {${promptLines.length ? `\n${promptLines.join(',\n')}\n  ` : ''}},\n` +
    `  "cases": [${caseLines.length ? `\n${caseLines.join(',\n')}\n  ` : ''}],\n` +
    `  "digest": ${JSON.stringify(digest)}\n}\n`
  );
}

export function isRecord(value: unknown): value is BaselineRecord {
  return !!value && typeof value === 'object' && (value as { format?: unknown }).format === BASELINE_FORMAT;
}
