/**
 * Loading a baseline and comparing a run with it: metric deltas, the cases
 * that flipped, the cases new since it, changed since it, or gone — and
 * whether the comparison means anything (same provider, model and guards
 * setting; mostly the same suite; a record whose digest still matches).
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CaseKey } from '../cases/case-filter.js';
import { InputError, type Problem } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import type { CaseStatus } from '../runner/case-result.js';
import { baselineShapeProblem } from './baseline-shape.js';
import { BASELINE_FORMAT_VERSION, isRecord, recordDigest, type BaselineCase, type BaselineRecord } from './baseline-record.js';
import { jsonErrorLine } from '../base/source-positions.js';

export interface Baseline {
  path: string;
  run_id: string | null;
  metrics: Metrics;
  cases: Map<string, BaselineCase>;
  provider: string | null;
  model: string | null;
  gates_enabled: boolean | null;
  /** The full record; null when the file is a plain report.json. */
  record: BaselineRecord | null;
  /** Why the file cannot be trusted as a baseline, or null. */
  untrusted: string | null;
}

export interface ChangedCase {
  id: string;
  before: CaseStatus;
  after: CaseStatus;
}

export interface BaselineDiff {
  path: string;
  run_id: string | null;
  metrics: Record<string, { before: number | null; after: number | null; delta: number | null }>;
  /** Ids, capped at 1000; the counts below are exact. Cases failing by an acknowledged breaking prompt change are not here. */
  newly_failing: string[];
  newly_passing: string[];
  newly_failing_count: number;
  newly_passing_count: number;
  /** Passed in the baseline, fail now, and every failed check is about a breaking prompt change that the new version acknowledges. */
  acknowledged_failing: { id: string; change: string }[];
  acknowledged_failing_count: number;
  /** Cases present now and absent from the baseline. */
  added: number;
  added_ids: string[];
  /** In the baseline (and in this run's scope), gone from the suite. */
  removed: string[];
  removed_count: number;
  /** Same id, different content since the baseline: their flips are not counted as regressions. */
  changed: ChangedCase[];
  changed_count: number;
  /** Null when trusted; otherwise why (edited by hand, not a baseline record). */
  untrusted: string | null;
  /** Why this run and the baseline measure different things; empty when comparable. */
  not_comparable: string[];
  /** How the baseline was recorded, when it is a record: flags accepted, its own gate, what it replaced. */
  recorded_with: Pick<BaselineRecord, 'accepted' | 'gate' | 'replaced'> | null;
}

const LIST_CAP = 1000;
const EXPECTED = 'a baseline record written by orderflow eval {updateBaseline}';

export async function loadBaseline(path: string): Promise<Baseline> {
  const shown = displayPath(path);
  let raw: unknown;
  let text = '';
  try {
    // A BOM, as some editors write one, is no reason to refuse the file.
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    raw = JSON.parse(text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const line = jsonErrorLine(text, error);
    const message =
      code === 'ENOENT'
        ? 'baseline not found'
        : code === 'EISDIR'
          ? 'is a folder, not a baseline file'
          : `baseline is not valid JSON: ${(error as Error).message.split('\n')[0]}`;
    throw new InputError({ file: shown, ...(line ? { line } : {}), message, expected: EXPECTED, severity: 'error' });
  }
  return baselineOf(raw, shown);
}

/** A baseline from what a file held (a baseline record or a run's report.json), or from a report already loaded. */
export function baselineOf(raw: unknown, shown: string): Baseline {
  const report = raw as {
    metrics?: Metrics;
    cases?: { id: string; module?: string; case_type?: string; status: CaseStatus; hash?: string }[];
    run?: { id?: string; provider?: string; model?: string; gates_enabled?: boolean };
  };
  if (!isRecord(raw) && (!report || typeof report !== 'object' || !report.metrics || !Array.isArray(report.cases))) {
    throw new InputError({ file: shown, message: 'baseline has no metrics or cases', expected: EXPECTED, severity: 'error' });
  }
  // A newer orderflow's record may be shaped otherwise: say that, not what this version finds missing.
  if (isRecord(raw) && typeof raw.format_version === 'number' && raw.format_version > BASELINE_FORMAT_VERSION) {
    throw new InputError({
      file: shown,
      field: 'format_version',
      message: `baseline format ${raw.format_version} is newer than this orderflow reads (${BASELINE_FORMAT_VERSION})`,
      expected: 'a newer orderflow',
      severity: 'error',
    });
  }
  const broken = baselineShapeProblem(raw, isRecord(raw));
  if (broken)
    throw new InputError({
      file: shown,
      field: broken.field,
      message: `malformed baseline: ${broken.message}`,
      expected: `${EXPECTED} (or --no-baseline)`,
      severity: 'error',
    });
  if (isRecord(raw)) return fromRecord(shown, raw);
  return {
    path: shown,
    run_id: report.run?.id ?? null,
    metrics: report.metrics!,
    cases: new Map(
      report.cases!.map((c) => [
        c.id,
        { id: c.id, module: c.module ?? '', case_type: c.case_type ?? '', status: c.status, ...(c.hash ? { hash: c.hash } : {}) },
      ]),
    ),
    provider: report.run?.provider ?? null,
    model: report.run?.model ?? null,
    gates_enabled: report.run?.gates_enabled ?? null,
    record: null,
    untrusted:
      'a run report, not a baseline record: it has no digest, no suite fingerprint and no gate settings (record one with orderflow eval --update-baseline)',
  };
}

function fromRecord(shown: string, record: BaselineRecord): Baseline {
  const cases = Array.isArray(record.cases) ? record.cases : [];
  return {
    path: shown,
    run_id: record.run?.id ?? null,
    metrics: record.metrics ?? ({} as Metrics),
    cases: new Map(cases.map((c) => [c.id, c])),
    provider: record.run?.provider ?? null,
    model: record.run?.model ?? null,
    gates_enabled: record.run?.gates_enabled ?? null,
    record,
    untrusted: recordDigest(record) === record.digest ? null : 'edited by hand: its content no longer matches the digest orderflow wrote into it',
  };
}

/** What the current run is, for the comparability check. */
export interface RunIdentity {
  provider: string;
  model: string;
  gates_enabled: boolean;
}

/** The suite the run was drawn from, so that a filtered run is not read as cases removed. */
export interface SuiteScope {
  /** Every case of the current suite: id → content hash. */
  hashes: ReadonlyMap<string, string | undefined>;
  /** Whether a baseline case falls within what this run selected (filters other than --shard). */
  inScope(key: CaseKey): boolean;
}

/** A breaking prompt change the new version acknowledges: failures that cite its subject are its expected consequence. */
export interface AcknowledgedChange {
  module: string;
  subjects: string[];
  message: string;
}

/** Below this share of the baseline's cases still present and unchanged, it is another suite. */
const SAME_SUITE_SHARE = 0.5;

/** Feed it every current case, then read the diff. */
export class BaselineComparison {
  private readonly newlyFailing: string[] = [];
  private readonly newlyPassing: string[] = [];
  private readonly addedIds: string[] = [];
  private readonly changed: ChangedCase[] = [];
  private readonly acknowledgedFailing: { id: string; change: string }[] = [];
  private acknowledgedCount = 0;
  private readonly seen = new Map<string, string | undefined>();
  private failingCount = 0;
  private passingCount = 0;
  private changedCount = 0;
  private added = 0;

  constructor(
    private readonly baseline: Baseline,
    private readonly identity?: RunIdentity,
    private readonly acknowledged: readonly AcknowledgedChange[] = [],
  ) {}

  /**
   * `failed` (module and failed checks) lets a failure be traced to an acknowledged prompt change.
   * Returns how the case was paired: only `compared` cases count as flips (and in the paired test).
   */
  add(
    id: string,
    status: CaseStatus,
    hash?: string,
    failed?: { module: string; checks: { name: string; reason: string }[] },
  ): 'new' | 'changed' | 'acknowledged' | 'compared' {
    this.seen.set(id, hash);
    const before = this.baseline.cases.get(id);
    if (before === undefined) {
      this.added += 1;
      if (this.addedIds.length < LIST_CAP) this.addedIds.push(id);
      return 'new';
    }
    if (before.hash && hash && before.hash !== hash) {
      this.changedCount += 1;
      if (this.changed.length < LIST_CAP) this.changed.push({ id, before: before.status, after: status });
      return 'changed';
    }
    if (before.status === 'passed' && status !== 'passed') {
      const change = status === 'failed' && failed ? this.explainedBy(failed) : undefined;
      if (change) {
        this.acknowledgedCount += 1;
        if (this.acknowledgedFailing.length < LIST_CAP) this.acknowledgedFailing.push({ id, change });
        return 'acknowledged';
      }
      this.failingCount += 1;
      if (this.newlyFailing.length < LIST_CAP) this.newlyFailing.push(id);
    } else if (before.status !== 'passed' && status === 'passed') {
      this.passingCount += 1;
      if (this.newlyPassing.length < LIST_CAP) this.newlyPassing.push(id);
    }
    return 'compared';
  }

  /** The acknowledged change every failed check cites, if one does; the pipeline runs every module's prompt. */
  private explainedBy(failed: { module: string; checks: { name: string; reason: string }[] }): string | undefined {
    if (failed.checks.length === 0) return undefined;
    const candidates = this.acknowledged.filter((a) => failed.module === a.module || failed.module === 'pipeline');
    for (const a of candidates) {
      if (failed.checks.every((c) => a.subjects.some((s) => `${c.name} ${c.reason}`.includes(s)))) return a.message;
    }
    return undefined;
  }

  /** Without a scope, the cases fed in are the whole current suite. */
  finish(current: Metrics, scope?: SuiteScope): BaselineDiff {
    const metrics: BaselineDiff['metrics'] = {};
    for (const id of new Set([...Object.keys(current), ...Object.keys(this.baseline.metrics)])) {
      const before = (this.baseline.metrics as Record<string, { value: number | null } | undefined>)[id]?.value ?? null;
      const after = (current as Record<string, { value: number | null } | undefined>)[id]?.value ?? null;
      metrics[id] = { before, after, delta: before !== null && after !== null ? Math.round((after - before) * 10_000) / 10_000 : null };
    }
    const suite = scope?.hashes ?? this.seen;
    const removed: string[] = [];
    let removedCount = 0;
    let inScope = 0;
    let unchanged = 0;
    for (const c of this.baseline.cases.values()) {
      if (scope && !scope.inScope({ case_id: c.id, module: c.module, case_type: c.case_type })) continue;
      inScope += 1;
      if (!suite.has(c.id)) {
        removedCount += 1;
        if (removed.length < LIST_CAP) removed.push(c.id);
      } else if (!c.hash || !suite.get(c.id) || suite.get(c.id) === c.hash) unchanged += 1;
    }
    return {
      path: this.baseline.path,
      run_id: this.baseline.run_id,
      metrics,
      newly_failing: this.newlyFailing,
      newly_passing: this.newlyPassing,
      newly_failing_count: this.failingCount,
      newly_passing_count: this.passingCount,
      acknowledged_failing: this.acknowledgedFailing,
      acknowledged_failing_count: this.acknowledgedCount,
      added: this.added,
      added_ids: this.addedIds,
      removed,
      removed_count: removedCount,
      changed: this.changed,
      changed_count: this.changedCount,
      untrusted: this.baseline.untrusted,
      not_comparable: this.notComparable(inScope, unchanged),
      recorded_with: this.baseline.record
        ? { accepted: this.baseline.record.accepted ?? [], gate: this.baseline.record.gate, replaced: this.baseline.record.replaced ?? null }
        : null,
    };
  }

  private notComparable(inScope: number, unchanged: number): string[] {
    const reasons: string[] = [];
    const b = this.baseline;
    const id = this.identity;
    if (id && b.provider !== null && b.provider !== id.provider) reasons.push(`provider: the baseline ran on ${b.provider}, this run on ${id.provider}`);
    else if (id && b.model !== null && b.model !== id.model) reasons.push(`model: the baseline ran on ${b.model}, this run on ${id.model}`);
    if (id && b.gates_enabled !== null && b.gates_enabled !== id.gates_enabled) {
      reasons.push(`the pipeline's guards: ${b.gates_enabled ? 'on' : 'off'} in the baseline, ${id.gates_enabled ? 'on' : 'off'} in this run`);
    }
    if (inScope > 0 && unchanged < inScope * SAME_SUITE_SHARE) {
      reasons.push(`suite: only ${unchanged} of the baseline's ${inScope} cases are still in the suite unchanged`);
    }
    return reasons;
  }
}

/** An explicit --baseline must exist; the config's default baseline may not exist yet (first run); false (--no-baseline) is none. */
export async function resolveBaseline(
  explicit: string | false | undefined,
  configured: string | null,
  warnings: Problem[],
  options: { updating?: boolean } = {},
): Promise<Baseline | null> {
  if (explicit === false) return null;
  // The first baseline at a new path: --update-baseline is about to write it.
  if (explicit && options.updating && !existsSync(resolve(explicit))) return null;
  if (explicit) return loadBaseline(resolve(explicit));
  if (!configured) return null;
  const path = resolve(configured);
  if (!existsSync(path)) {
    warnings.push({ file: displayPath(path), message: 'no baseline yet; run with {updateBaseline} to record one', severity: 'warning' });
    return null;
  }
  return loadBaseline(path);
}
