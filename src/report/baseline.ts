/**
 * The baseline: a previous report.json. The diff lists metric deltas and the
 * cases that flipped — above all those that passed before and fail now.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError, type Problem } from '../errors.js';
import { displayPath } from '../registry/registry.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import type { CaseStatus } from '../runner/case-result.js';

export interface Baseline {
  path: string;
  run_id: string | null;
  metrics: Metrics;
  statuses: Map<string, CaseStatus>;
}

export interface BaselineDiff {
  path: string;
  run_id: string | null;
  metrics: Record<string, { before: number | null; after: number | null; delta: number | null }>;
  /** Ids, capped at 1000; the counts below are exact. */
  newly_failing: string[];
  newly_passing: string[];
  newly_failing_count: number;
  newly_passing_count: number;
  /** Cases present now and absent from the baseline. */
  added: number;
}

const LIST_CAP = 1000;

export async function loadBaseline(path: string): Promise<Baseline> {
  const shown = displayPath(path);
  let report: { metrics?: Metrics; cases?: { id: string; status: CaseStatus }[]; run?: { id?: string } };
  try {
    report = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError({ file: shown, message: code === 'ENOENT' ? 'baseline report not found' : `baseline is not valid JSON: ${(error as Error).message}`, expected: 'a report.json written by orderflow eval', severity: 'error' });
  }
  if (!report || typeof report !== 'object' || !report.metrics || !Array.isArray(report.cases)) {
    throw new InputError({ file: shown, message: 'baseline has no metrics or cases', expected: 'a report.json written by orderflow eval', severity: 'error' });
  }
  return { path: shown, run_id: report.run?.id ?? null, metrics: report.metrics, statuses: new Map(report.cases.map((c) => [c.id, c.status])) };
}

/** Feed it every current case, then read the diff. */
export class BaselineComparison {
  private readonly newlyFailing: string[] = [];
  private readonly newlyPassing: string[] = [];
  private failingCount = 0;
  private passingCount = 0;
  private added = 0;

  constructor(private readonly baseline: Baseline) {}

  add(id: string, status: CaseStatus): void {
    const before = this.baseline.statuses.get(id);
    if (before === undefined) {
      this.added += 1;
    } else if (before === 'passed' && status !== 'passed') {
      this.failingCount += 1;
      if (this.newlyFailing.length < LIST_CAP) this.newlyFailing.push(id);
    } else if (before !== 'passed' && status === 'passed') {
      this.passingCount += 1;
      if (this.newlyPassing.length < LIST_CAP) this.newlyPassing.push(id);
    }
  }

  finish(current: Metrics): BaselineDiff {
    const metrics: BaselineDiff['metrics'] = {};
    for (const id of new Set([...Object.keys(current), ...Object.keys(this.baseline.metrics)])) {
      const before = (this.baseline.metrics as Record<string, { value: number | null } | undefined>)[id]?.value ?? null;
      const after = (current as Record<string, { value: number | null } | undefined>)[id]?.value ?? null;
      metrics[id] = { before, after, delta: before !== null && after !== null ? Math.round((after - before) * 10_000) / 10_000 : null };
    }
    return {
      path: this.baseline.path,
      run_id: this.baseline.run_id,
      metrics,
      newly_failing: this.newlyFailing,
      newly_passing: this.newlyPassing,
      newly_failing_count: this.failingCount,
      newly_passing_count: this.passingCount,
      added: this.added,
    };
  }
}

/** An explicit --baseline must exist; the config's default baseline may not exist yet (first run). */
export async function resolveBaseline(explicit: string | undefined, configured: string | null, warnings: Problem[]): Promise<Baseline | null> {
  if (explicit) return loadBaseline(resolve(explicit));
  if (!configured) return null;
  const path = resolve(configured);
  if (!existsSync(path)) {
    warnings.push({ file: displayPath(path), message: 'no baseline yet; run with --update-baseline to record one', severity: 'warning' });
    return null;
  }
  return loadBaseline(path);
}
