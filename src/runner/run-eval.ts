/**
 * The run loop: plan → bounded concurrency (p-limit) → each result appended to
 * results.jsonl and folded into the aggregates as it finishes. Cases are pulled
 * from the plan lazily, so memory does not grow with the size of the suite.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { InputError } from '../errors.js';
import { Aggregates } from './aggregates.js';
import { errorResult, RESULTS_SCHEMA_VERSION, type CaseResult, type CaseType, type RunProvenance } from './case-result.js';
import { readResults, ResultsWriter, trimTornTail } from './results-file.js';
import { setupDifference } from './provenance.js';
import type { RunObserver } from './run-events.js';

export interface WorkItem {
  case_id: string;
  module: string;
  case_type: CaseType;
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
  run: RunProvenance;
  observer?: RunObserver;
}

export interface EvalOutcome {
  aggregates: Aggregates;
  resumed: number;
  duration_ms: number;
}

export async function runEval(options: RunEvalOptions): Promise<EvalOutcome> {
  const started = performance.now();
  const aggregates = new Aggregates(options.repeat);
  const done = new Set<string>();
  const resuming = options.resume && existsSync(options.resultsPath);
  if (resuming) await loadPrevious(options, aggregates, done);

  const writer = new ResultsWriter(options.resultsPath, resuming);
  if (!resuming) await writer.write({ type: 'run_header', schema_version: RESULTS_SCHEMA_VERSION, run: options.run });

  const total = options.plan.total * options.repeat;
  let finished = done.size;
  options.observer?.({ type: 'run_started', run: options.run, total, resumed: done.size });

  const limit = pLimit(options.concurrency);
  const inFlight = new Set<Promise<void>>();
  const record = async (result: CaseResult) => {
    aggregates.add(result);
    await writer.write(result);
    finished += 1;
    options.observer?.({ type: 'case_finished', result, done: finished, total });
  };

  try {
    for await (const item of options.plan.items()) {
      for (let trial = 0; trial < options.repeat; trial++) {
        if (done.has(key(item.case_id, trial))) continue;
        // Backpressure: pull the next case only when a slot is close to free.
        while (inFlight.size >= options.concurrency * 2) await Promise.race(inFlight);
        const task = limit(() => runSafely(item, trial)).then(record);
        inFlight.add(task);
        const forget = () => void inFlight.delete(task);
        task.then(forget, forget);
      }
    }
    await Promise.all(inFlight);
  } finally {
    await writer.close();
  }
  const duration_ms = performance.now() - started;
  options.observer?.({ type: 'run_finished', done: finished, total, duration_ms });
  return { aggregates, resumed: done.size, duration_ms };
}

const key = (caseId: string, trial: number) => `${caseId}#${trial}`;

/** A bug in a module or scorer becomes an `error` on that case, never the end of the run. */
async function runSafely(item: WorkItem, trial: number): Promise<CaseResult> {
  try {
    return await item.run(trial);
  } catch (error) {
    const kind = item.module === 'pipeline' ? 'pipeline' : 'module';
    return errorResult({ case_id: item.case_id, kind, module: item.module, case_type: item.case_type, trial }, `internal error: ${(error as Error)?.message ?? String(error)}`);
  }
}

/** --resume: keep what finished, and refuse to mix results of a different setup. */
async function loadPrevious(options: RunEvalOptions, aggregates: Aggregates, done: Set<string>): Promise<void> {
  await trimTornTail(options.resultsPath);
  let header = false;
  for await (const line of readResults(options.resultsPath)) {
    if (line.type === 'run_header') {
      header = true;
      const mismatch = setupDifference(line.run, options.run);
      if (mismatch) {
        throw new InputError({ file: options.resultsPath, field: mismatch, message: `cannot resume: ${mismatch} differs from the interrupted run`, expected: 'the same provider, model, repeat and prompt versions', severity: 'error' });
      }
      continue;
    }
    if (line.type !== 'case_result' || done.has(key(line.case_id, line.trial))) continue;
    done.add(key(line.case_id, line.trial));
    aggregates.add(line);
  }
  if (!header) throw new InputError({ file: options.resultsPath, message: 'not an orderflow results file (no run header)', severity: 'error' });
}
