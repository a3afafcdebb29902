/**
 * The run loop: plan → bounded concurrency (p-limit) → each result appended to
 * results.jsonl and folded into the aggregates as it finishes. Cases are pulled
 * from the plan lazily, so memory does not grow with the size of the suite.
 */
import { performance } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { type Problem, BudgetExhausted, RunInterrupted } from '../base/errors.js';
import { Aggregates } from './aggregates.js';
import { errorResult, RESULTS_SCHEMA_VERSION, type CaseResult, type CaseType, type RunProvenance } from './case-result.js';
import { ResultsWriter } from './results-file.js';
import { reopenResults } from './resume-results.js';
import type { RunObserver } from './run-events.js';
import { TrialRounds, type RepeatedCase, type RepeatRule } from './trial-rounds.js';

export interface WorkItem {
  case_id: string;
  module: string;
  case_type: CaseType;
  /** A run with arms: the same case once per arm, each its own item. */
  arm?: string;
  run(trial: number): Promise<CaseResult>;
}

export interface EvalPlan {
  total: number;
  items(): AsyncIterable<WorkItem>;
}

export interface RunEvalOptions {
  plan: EvalPlan;
  repeat: number;
  concurrency: number;
  resultsPath: string;
  resume: boolean;
  /** With resume: whether a case id belongs to this run's selection. */
  inSuite?: (caseId: string) => boolean;
  /** With resume: the content hash of a case now; a result for other content runs again. */
  caseHash?: (caseId: string) => string | undefined;
  run: RunProvenance;
  observer?: RunObserver;
  /** Aborted on an interrupt: the run stops taking cases, flushes what finished and throws RunInterrupted. */
  signal?: AbortSignal;
  /** Why no new case may start (a spent budget), or null to go on. */
  stopReason?: () => string | null;
  /**
   * `--repeat auto`: each case runs once, and again (up to `repeat` trials) while this rule asks for it;
   * `arms` items of one case make one round. Without it every case runs `repeat` times.
   */
  adaptive?: { rule: RepeatRule; arms: number };
  /** Ids other cases name as the source or twin of theirs: a case not among them is a cluster of its own, complete after its trials. */
  sharedClusters?: ReadonlySet<string>;
}

/** A run that stopped before every case ran; `--resume` finishes it. */
interface Incomplete {
  reason: string;
  /** Results on disk. */
  done: number;
  /** Results the plan asked for. */
  total: number;
}

export interface EvalOutcome {
  aggregates: Aggregates;
  resumed: number;
  duration_ms: number;
  warnings: Problem[];
  incomplete: Incomplete | null;
  /** With adaptive repeats: the cases that got more than one trial. */
  repeated?: RepeatedCase[];
}

export async function runEval(options: RunEvalOptions): Promise<EvalOutcome> {
  const started = performance.now();
  // With a fixed number of trials a case of its own cluster is complete after its last one: its sums need not be kept.
  const closing = options.sharedClusters && !options.adaptive ? { results: options.repeat, shared: options.sharedClusters } : null;
  const aggregates = new Aggregates(options.repeat, options.adaptive !== undefined, closing);
  const { done, onDisk, warnings, resuming } = await finishedBefore(options, aggregates);

  const writer = new ResultsWriter(options.resultsPath, resuming);
  if (!resuming) await writer.write({ type: 'run_header', schema_version: RESULTS_SCHEMA_VERSION, run: options.run });

  const rounds = options.adaptive ? new TrialRounds<WorkItem>(options.adaptive.rule, options.adaptive.arms, options.repeat) : null;
  // Adaptive: one pass is planned; each trial added later raises the total.
  const firstTrials = rounds ? 1 : options.repeat;
  let total = options.plan.total * firstTrials;
  let finished = done.size;
  options.observer?.({ type: 'run_started', run: options.run, total, resumed: done.size });

  const limit = pLimit(options.concurrency);
  const inFlight = new Set<Promise<void>>();
  const { signal } = options;
  const { aborted, slotOrAbort, wakeUp } = slotWaiter(signal);
  let failure: { error: unknown } | undefined;
  let stopped: string | null = null;
  const launch = (item: WorkItem, trial: number) => {
    const task = limit(() => runSafely(item, trial)).then((result) => record(item, trial, result));
    inFlight.add(task);
    const forget = () => {
      inFlight.delete(task);
      wakeUp();
    };
    task.then(forget, (error: unknown) => {
      failure ??= { error };
      forget();
    });
  };
  /**
   * A trial of an adaptive case: run it, or — finished before an interrupt —
   * count its result on disk in the round again, so the rule decides the next
   * trial as the interrupted run would have; no trial is lost or run twice.
   */
  const startOrReplay = (item: WorkItem, trial: number) => {
    const prior = onDisk?.get(key(itemKey(item), trial));
    if (!prior) return launch(item, trial);
    const again = rounds!.finished(item, trial, prior);
    if (!again || (stopped ??= options.stopReason?.() ?? null)) return;
    total += again.items.length * again.trials.length;
    startRound(again);
  };
  /** A round of extra trials: all of them at once, through the same pool as every other trial. */
  const startRound = (round: { items: WorkItem[]; trials: number[] }) => {
    for (const next of round.trials) for (const again of round.items) startOrReplay(again, next);
  };
  const record = async (item: WorkItem, trial: number, result: CaseResult | null) => {
    // After an interrupt the file is being closed: a late result is simply not finished.
    if (result === null || signal?.aborted) return;
    aggregates.add(result);
    // Counted once handed to the writer: a line waiting for the buffer to drain is on disk when the file closes,
    // and an interrupt must not report fewer results than the file holds.
    const written = writer.write(result);
    finished += 1;
    // Before the event, so that the total shown already counts the trials this one asked for.
    const again = rounds?.finished(item, trial, result) ?? null;
    if (again && !(stopped ??= options.stopReason?.() ?? null)) total += again.items.length * again.trials.length;
    options.observer?.({ type: 'case_finished', result, done: finished, total });
    await written;
    // Launched before this task settles, so the wait below sees it in flight.
    if (again && !stopped) startRound(again);
  };

  try {
    items: for await (const item of options.plan.items()) {
      rounds?.join(item);
      for (let trial = 0; trial < firstTrials; trial++) {
        if (signal?.aborted) break items;
        if (done.has(key(itemKey(item), trial))) {
          // Adaptive: the first trial is on disk; its round decides whether the case needs more.
          if (onDisk) startOrReplay(item, trial);
          continue;
        }
        stopped = options.stopReason?.() ?? null;
        if (stopped) break items;
        // Backpressure: pull the next case only when a slot is close to free.
        while (inFlight.size >= options.concurrency * 2 && !signal?.aborted && !failure) await slotOrAbort();
        // A result that could not be written (disk full) ends the run now, not after every other case.
        if (failure) throw failure.error;
        if (signal?.aborted) break items;
        launch(item, trial);
      }
    }
    // Adaptive repeats add trials while earlier ones finish: wait until none is left in flight.
    while (inFlight.size > 0 && !signal?.aborted) await Promise.race([Promise.all(inFlight), aborted]);
  } finally {
    await writer.close();
  }
  if (signal?.aborted) throw new RunInterrupted(options.resultsPath, finished, total);
  stopped ??= finished < total ? (options.stopReason?.() ?? null) : null;
  const duration_ms = performance.now() - started;
  options.observer?.({ type: 'run_finished', done: finished, total, duration_ms });
  return {
    aggregates,
    resumed: done.size,
    duration_ms,
    warnings,
    incomplete: stopped ? { reason: stopped, done: finished, total } : null,
    ...(rounds ? { repeated: rounds.summary() } : {}),
  };
}

/** The trials already in results.jsonl of a resumed run, counted in the aggregates; none for a fresh run. */
async function finishedBefore(options: RunEvalOptions, aggregates: Aggregates) {
  const done = new Set<string>();
  // --repeat auto resumed: what each finished trial was, so that its round is replayed and the rule asks again.
  const onDisk = options.adaptive ? new Map<string, Pick<CaseResult, 'status' | 'case_hash'>>() : null;
  const warnings: Problem[] = [];
  if (!options.resume) return { done, onDisk, warnings, resuming: false };
  const reopened = await reopenResults({
    path: options.resultsPath,
    run: options.run,
    inSuite: options.inSuite ?? (() => true),
    ...(options.caseHash ? { caseHash: options.caseHash } : {}),
    keep: (result, k) => {
      if (done.has(k)) return false;
      done.add(k);
      aggregates.add(result);
      onDisk?.set(k, { status: result.status, case_hash: result.case_hash });
      return true;
    },
  });
  warnings.push(...reopened.warnings);
  // A file with no complete line holds nothing finished: rewrite it from its header.
  return { done, onDisk, warnings, resuming: !reopened.fresh };
}

/**
 * One waiter for "a slot came free or the run was interrupted". Racing every
 * in-flight task and the abort promise instead cost some 2×concurrency
 * reactions per wait, and left one per wait on the never-settling abort
 * promise for the rest of the run.
 */
function slotWaiter(signal: AbortSignal | undefined) {
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted) resolve();
    else
      signal?.addEventListener(
        'abort',
        () => {
          resolve();
          wakeUp();
        },
        { once: true },
      );
  });
  return { aborted, wakeUp, slotOrAbort: () => new Promise<void>((resolve) => (wake = resolve)) };
}

const key = (caseId: string, trial: number) => `${caseId}#${trial}`;
const itemKey = (item: WorkItem) => (item.arm ? `${item.arm}/${item.case_id}` : item.case_id);

/** A bug in a module or scorer becomes an `error` on that case, never the end of the run. A call refused by the budget leaves the case unrecorded (null). */
async function runSafely(item: WorkItem, trial: number): Promise<CaseResult | null> {
  try {
    return await item.run(trial);
  } catch (error) {
    if (error instanceof BudgetExhausted) return null;
    const kind = item.module === 'pipeline' ? 'pipeline' : 'module';
    return errorResult(
      { case_id: item.case_id, kind, module: item.module, case_type: item.case_type, trial, ...(item.arm ? { arm: item.arm } : {}) },
      `internal error: ${(error as Error)?.message ?? String(error)}`,
    );
  }
}
