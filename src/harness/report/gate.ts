/**
 * The CI gate: a list of named checks, each passed or failed with a one-line
 * reason. Thresholds on overall metrics; against the baseline: no case that
 * passed may fail now, none may disappear, no breaking prompt change without
 * acknowledgement, no loosened gate setting without acceptance, and the
 * baseline itself must be trusted and comparable; a partial merge never
 * passes. A check is one function here; adding one is adding it to CHECKS.
 */
import type { Config } from '../config/config.js';
import { InputError } from '../base/errors.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import type { RunProvenance } from '../runner/case-result.js';
import type { BaselineDiff } from './baseline.js';
import type { SettingChange } from './gate-settings.js';
import { readsPromptText } from '../providers/reads-prompt-text.js';
import type { PromptChange } from './prompt-review.js';
import { pairedChecks } from './statistics/paired-gate.js';
import type { RunStatistics } from './statistics/run-statistics.js';
import { judgeThreshold } from './statistics/threshold-judgement.js';

/** Values of `--accept`: explicit consent to what the gate would otherwise refuse, recorded in report.json. */
export const ACCEPT_VALUES = ['loosened-gate', 'removed-cases', 'provider-change', 'failed-gate', 'unevaluated-text'] as const;
export type Acceptance = (typeof ACCEPT_VALUES)[number];

export function parseAcceptFlags(values: readonly string[] = []): Acceptance[] {
  for (const v of values) {
    if (!(ACCEPT_VALUES as readonly string[]).includes(v))
      throw new InputError({ file: '{accept}', message: `unknown value "${v}"`, expected: `one of ${ACCEPT_VALUES.join(', ')}`, severity: 'error' });
  }
  return [...new Set(values)] as Acceptance[];
}

interface GateCheck {
  /** A metric id for thresholds; otherwise the check's name (new_failures, removed_cases, ...). */
  id: string;
  passed: boolean;
  /** One line: what was measured against what. */
  reason: string;
  /** Set when the check would have failed and `--accept` let it pass. */
  accepted?: Acceptance;
  /** Statistical mode: a threshold the measured value crossed while its interval still reaches it. */
  within_noise?: true;
}

/** A failed check, in the shape report.json has always had. */
export interface GateFailure {
  metric: string;
  value: number | null;
  threshold: { min?: number; max?: number; strict?: boolean };
  message: string;
}

export interface GateVerdict {
  passed: boolean;
  /** exact: every crossing and every flip counts; statistical: see report.json `statistics`. */
  mode: RunStatistics['mode'];
  checks: GateCheck[];
  failures: GateFailure[];
  /** Thresholds that had nothing to measure in this run (denominator 0). */
  not_applicable: string[];
  /** `--accept` values given to this run. */
  accepted: Acceptance[];
  /** Statistical mode: thresholds crossed by the measured value but not by the whole interval (not failed). */
  within_noise: string[];
}

export interface GateInput {
  config: Pick<Config, 'gate' | 'max_new_failures' | 'max_removed_cases'>;
  metrics: Metrics;
  baseline: BaselineDiff | null;
  /** null without a baseline record to compare with. */
  promptChanges: PromptChange[] | null;
  settingChanges: SettingChange[];
  partial?: RunProvenance['partial'];
  /** The run stopped before every case ran (a spent --max-cost). */
  incomplete?: RunProvenance['incomplete'] | null;
  accepted: readonly Acceptance[];
  /** Who evaluated the prompts' text: the run's provider, and the modules whose cases ran ("pipeline" for scenarios). */
  evaluatedBy?: { provider: string; modules: readonly string[] };
  /** The gate mode, and in statistical mode the paired comparison that replaces per-case flips. */
  statistics: Pick<RunStatistics, 'mode' | 'paired' | 'stable_regressions' | 'stable_regression_count'>;
}

type CheckResult = GateCheck & { value?: number | null; threshold?: GateFailure['threshold'] };
type Check = (input: GateInput) => CheckResult[];

/** Per-case flips mean something only against a trusted, comparable baseline. */
const comparable = (b: BaselineDiff | null): b is BaselineDiff => !!b && !b.untrusted && b.not_comparable.length === 0;

const thresholds: Check = ({ config, metrics, statistics }) =>
  Object.entries(config.gate).flatMap(([metric, threshold]): CheckResult[] => {
    if (!threshold) return [];
    const m = (metrics as Record<string, Metrics[keyof Metrics]>)[metric];
    const value = m?.value ?? null;
    const judged = judgeThreshold(metric, m, threshold, statistics.mode);
    if (judged.verdict === 'not_applicable') return [{ id: metric, passed: true, reason: `${metric}: nothing to measure in this run`, value, threshold }];
    if (judged.verdict === 'failed') return [{ id: metric, passed: false, reason: judged.message, value, threshold }];
    if (judged.verdict === 'within_noise') return [{ id: metric, passed: true, reason: judged.message, value, threshold, within_noise: true }];
    return [{ id: metric, passed: true, reason: `${metric} ${value} within ${describe(threshold)}`, value, threshold }];
  });

const completeRun: Check = ({ partial, incomplete }) => [
  ...(partial
    ? [
        {
          id: 'complete_run',
          passed: false,
          reason: `partial run: shard(s) ${partial.missing_shards.join(', ')} of ${partial.of} missing`,
          value: partial.missing_shards.length,
          threshold: { max: 0 },
        },
      ]
    : []),
  // Cases that never ran might have failed: an incomplete run cannot pass.
  ...(incomplete
    ? [
        {
          id: 'complete_run',
          passed: false,
          reason: `incomplete run: ${incomplete.done} of ${incomplete.total} results (${incomplete.reason}); finish it with ${incomplete.resume}`,
          value: incomplete.done,
          threshold: { min: incomplete.total },
        },
      ]
    : []),
];

const baselineTrusted: Check = ({ baseline }) =>
  baseline?.untrusted
    ? [{ id: 'baseline_trusted', passed: false, reason: `baseline ${baseline.path} is not trusted: ${baseline.untrusted}`, value: null, threshold: {} }]
    : [];

const baselineComparable: Check = ({ baseline, accepted }) => {
  if (!baseline || baseline.not_comparable.length === 0) return [];
  const reason = `baseline ${baseline.path} is not comparable with this run (${baseline.not_comparable.join('; ')}); per-case flips are not judged`;
  return [acceptable({ id: 'baseline_comparable', passed: false, reason, value: null, threshold: {} }, 'provider-change', accepted)];
};

const newFailures: Check = ({ config, baseline, statistics }) => {
  if (!comparable(baseline) || config.max_new_failures === null) return [];
  // On a stochastic model single flips are noise: stable regressions and the paired test decide.
  if (statistics.mode === 'statistical') return pairedChecks(statistics, config.max_new_failures);
  const count = baseline.newly_failing_count;
  const limit = config.max_new_failures;
  return [
    {
      id: 'new_failures',
      passed: count <= limit,
      reason: `${count} case(s) passed in the baseline and fail now (at most ${limit} allowed)`,
      value: count,
      threshold: { max: limit },
    },
  ];
};

const removedCases: Check = ({ config, baseline, accepted }) => {
  if (!baseline || baseline.untrusted || config.max_removed_cases === null) return [];
  const count = baseline.removed_count;
  const limit = config.max_removed_cases;
  const check = {
    id: 'removed_cases',
    passed: count <= limit,
    reason: `${count} case(s) of the baseline are gone from the suite (at most ${limit} allowed)`,
    value: count,
    threshold: { max: limit },
  };
  return [acceptable(check, 'removed-cases', accepted)];
};

const promptChanges: Check = ({ promptChanges }) => {
  if (!promptChanges) return [];
  const open = promptChanges.flatMap((p) => p.unacknowledged.map((c) => `${p.module} ${p.before?.name ?? '–'} → ${p.after?.name ?? '–'}: ${c.message}`));
  if (open.length === 0)
    return [
      {
        id: 'prompt_changes',
        passed: true,
        reason: `${promptChanges.length} prompt change(s) since the baseline, no unacknowledged breaking change`,
        value: 0,
        threshold: { max: 0 },
      },
    ];
  const first = open.slice(0, 3).join('; ');
  return [
    {
      id: 'prompt_changes',
      passed: false,
      reason: `${open.length} breaking prompt change(s) not acknowledged in the new version's changelog: ${first}${open.length > 3 ? '; …' : ''}`,
      value: open.length,
      threshold: { max: 0 },
    },
  ];
};

/**
 * Prompt text an offline provider never read is unevaluated, not passed: a
 * change to it passes only when a model that reads the prompt ran the module's
 * cases (live, or replayed from a recorded live run of that exact prompt — the
 * cache is keyed by it), or when accepted on purpose.
 */
const promptTextEvaluated: Check = ({ promptChanges, evaluatedBy, accepted }) => {
  const changed = (promptChanges ?? []).filter((p) => p.unread_text?.length);
  if (!changed.length || !evaluatedBy) return [];
  const reader = readsPromptText(evaluatedBy.provider);
  const ran = (module: string) => evaluatedBy.modules.includes(module) || evaluatedBy.modules.includes('pipeline');
  const open = changed.filter((p) => !reader || !ran(p.module));
  const describeOne = (p: PromptChange) => `${p.module} (${p.after?.name ?? '–'}: ${(p.unread_text ?? []).map((t) => t.section).join(', ')})`;
  if (!open.length)
    return [
      {
        id: 'prompt_text_evaluated',
        passed: true,
        reason: `changed prompt text evaluated by ${evaluatedBy.provider}: ${changed.map(describeOne).join('; ')}`,
        value: 0,
        threshold: { max: 0 },
      },
    ];
  const by = reader ? `${evaluatedBy.provider} (the module's cases did not run)` : evaluatedBy.provider;
  const check = {
    id: 'prompt_text_evaluated',
    passed: false,
    reason: `prompt text changed since the baseline, not evaluated by ${by}: ${open.map(describeOne).join('; ')}; run the module's cases on a model that reads the prompt (live, or --replay of a recorded live run), or accept with --accept unevaluated-text`,
    value: open.length,
    threshold: { max: 0 },
  };
  return [acceptable(check, 'unevaluated-text', accepted)];
};

const gateSettings: Check = ({ settingChanges, accepted }) => {
  const loosened = settingChanges.filter((c) => c.loosened);
  if (loosened.length === 0) return [];
  const check = {
    id: 'gate_settings',
    passed: false,
    reason: `gate settings loosened since the baseline: ${loosened.map((c) => c.message.replace(' (loosened)', '')).join('; ')}`,
    value: loosened.length,
    threshold: { max: 0 },
  };
  return [acceptable(check, 'loosened-gate', accepted)];
};

/** Order: what invalidates the comparison first, then thresholds, then the comparison itself. */
const CHECKS: Check[] = [
  completeRun,
  baselineTrusted,
  baselineComparable,
  gateSettings,
  promptChanges,
  promptTextEvaluated,
  thresholds,
  newFailures,
  removedCases,
];

export function evaluateGate(input: GateInput): GateVerdict {
  const results = CHECKS.flatMap((check) => check(input));
  const failed = results.filter((c) => !c.passed);
  return {
    passed: failed.length === 0,
    checks: results.map(({ value: _v, threshold: _t, ...check }) => check),
    failures: failed.map((c) => ({ metric: c.id, value: c.value ?? null, threshold: c.threshold ?? {}, message: c.reason })),
    not_applicable: results.filter((c) => c.value === null && c.passed && input.config.gate[c.id as keyof Config['gate']]).map((c) => c.id),
    accepted: [...input.accepted],
    mode: input.statistics.mode,
    within_noise: results.filter((c) => c.within_noise).map((c) => c.reason),
  };
}

function acceptable<C extends GateCheck>(check: C, acceptance: Acceptance, accepted: readonly Acceptance[]): C {
  if (check.passed || !accepted.includes(acceptance)) return check;
  return { ...check, passed: true, accepted: acceptance, reason: `${check.reason} — accepted with --accept ${acceptance}` };
}

function describe(t: { min?: number; max?: number }): string {
  return [t.min !== undefined ? `min ${t.min}` : '', t.max !== undefined ? `max ${t.max}` : ''].filter(Boolean).join(', ');
}
