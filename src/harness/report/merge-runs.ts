/**
 * `orderflow merge`: the results of several shards (`--shard i/n`) folded into
 * one run — one results.jsonl and one set of reports, as if run in one go.
 * Every shard of the set must be there: a missing one is an error naming it,
 * unless `--partial` says otherwise, and then the report says so and the gate
 * fails.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileFilter, shardOf } from '../cases/case-filter.js';
import type { Config } from '../config/config.js';
import { InputError, type Problem } from '../base/errors.js';
import { snapshotBySha, snapshotPrompt } from '../registry/prompt-snapshot.js';
import { displayPath } from '../base/display-path.js';
import { findPrompt, type Registry } from '../registry/registry.js';
import { Aggregates } from '../runner/aggregates.js';
import { RESULTS_SCHEMA_VERSION, type CaseResult, type RunProvenance } from '../runner/case-result.js';
import { checkNewOutFolder, claimRunFolder, createOutFolder, RESULTS_FILE } from '../runner/out-folder.js';
import { refuseIfLocked } from '../runner/run-folder-lock.js';
import { newRunId, selectionDifference, setupDifference } from '../runner/provenance.js';
import { caseResultProblem, isRunHeader } from '../runner/result-line-shape.js';
import { readResults, readResultsLines, ResultsWriter } from '../runner/results-file.js';
import type { Baseline } from './baseline.js';
import type { Acceptance } from './gate.js';
import type { CurrentPrompts } from './prompt-review.js';
import type { WrittenReports } from './report-options.js';
import { writeReports } from './write-reports.js';
import { repeatsReport } from './repeats-report.js';
import type { RepeatedCase } from '../runner/trial-rounds.js';

export interface MergeOptions {
  inputs: string[];
  out?: string;
  reportsDir: string;
  baseline: Baseline | null;
  /** `statistics` defaults to the config defaults. */
  config: Pick<Config, 'gate' | 'max_new_failures' | 'max_removed_cases'> & Partial<Pick<Config, 'statistics'>>;
  /** The prompt registry, to review prompt changes against the baseline; the shards name the files by sha256. */
  registry?: Registry;
  /** Merge an incomplete set of shards: the report is marked partial and its gate fails. */
  partial?: boolean;
  accepted?: readonly Acceptance[];
  /** Where a lock taken over from a dead run is said. */
  warnings?: Problem[];
}

export async function mergeRuns(options: MergeOptions): Promise<WrittenReports & { outDir: string }> {
  if (options.inputs.length < 1) throw new InputError({ file: 'orderflow merge', message: 'needs the report folders of the shards', severity: 'error' });
  const files = options.inputs.map((dir) => join(resolve(dir), 'results.jsonl'));
  for (const file of files) {
    if (!existsSync(file))
      throw new InputError({
        file: displayPath(file),
        message: 'no results.jsonl here',
        expected: 'a report folder written by orderflow eval',
        severity: 'error',
      });
    // A shard still being written has a torn tail and more to come.
    refuseIfLocked(resolve(file, '..'));
  }
  const headers = readHeaders(files);
  const first = headers[0]!;
  checkHeadersAgree(headers, files);
  const partial = shardCompleteness(headers, files, options.partial ?? false);

  const selected = headers.every((h) => h.suite?.selected !== undefined) ? headers.reduce((n, h) => n + h.suite!.selected!, 0) : undefined;
  // Whole runs of different selections (--module a, then --module b) merge into their union (shown per filter; an
  // unfiltered input selects all).
  const union = (pick: (h: RunProvenance) => string[]) => (headers.some((h) => pick(h).length === 0) ? [] : [...new Set(headers.flatMap(pick))].sort());
  const filters = first.shard
    ? first.filters
    : { modules: union((h) => h.filters.modules), case_types: union((h) => h.filters.case_types), ids: union((h) => h.filters.ids) };
  const run: RunProvenance = {
    ...first,
    filters,
    id: newRunId(`${first.provider}-merged`),
    started_at: headers.map((h) => h.started_at).sort()[0]!,
    shard: null,
    ...(first.suite ? { suite: { fingerprint: first.suite.fingerprint, cases: first.suite.cases, ...(selected !== undefined ? { selected } : {}) } } : {}),
    ...(partial ? { partial } : {}),
  };
  const outDir = resolve(options.out ?? join(options.reportsDir, run.id));
  checkNewOutFolder(outDir);
  // Damaged lines, unfinished shards and overlapping shards are found before anything is written: a refused merge leaves nothing behind.
  checkInputResults(options, files, headers);
  await createOutFolder(outDir);
  const lock = claimRunFolder(outDir, options.warnings ?? [], { newRun: true });
  try {
    return { ...(await writeMerged(options, files, headers, run, outDir)), outDir };
  } finally {
    lock.release();
  }
}

/** The run header of each input: the first line of its results.jsonl. */
function readHeaders(files: readonly string[]): RunProvenance[] {
  const headers: RunProvenance[] = [];
  for (const file of files) {
    let header: RunProvenance | undefined;
    let at = 1;
    for (const { lineNo, value } of readResultsLines(file)) {
      at = lineNo;
      if (isRunHeader(value)) header = value.run as unknown as RunProvenance;
      break;
    }
    if (!header)
      throw new InputError({
        file: displayPath(file),
        line: at,
        message: 'results.jsonl has no run header',
        expected: 'a results file written by orderflow eval',
        severity: 'error',
      });
    headers.push(header);
  }
  return headers;
}

/** Shards of one run: the same setup, suite and filters as the first input; no partial merge, no run with arms. */
function checkHeadersAgree(headers: readonly RunProvenance[], files: readonly string[]): void {
  const first = headers[0]!;
  headers.forEach((h, i) => {
    const difference =
      setupDifference(first, h) ??
      (h.suite?.fingerprint !== first.suite?.fingerprint ? 'suite' : undefined) ??
      (first.shard ? selectionDifference(first, h, { shard: false }) : undefined);
    if (difference)
      throw new InputError({
        file: displayPath(files[i]!),
        field: difference,
        message: `${difference} differs from the first input`,
        expected: 'shards of one run: the same provider, model, repeat, guards setting, prompt versions, suite and filters ({module}, {caseType}, {id})',
        severity: 'error',
      });
    if (h.partial)
      throw new InputError({
        file: displayPath(files[i]!),
        message: 'is itself a partial merge',
        expected: 'the report folders of the shards themselves',
        severity: 'error',
      });
    // The results of several arms are not shards of one run: each arm's folder is.
    if (h.arms?.length)
      throw new InputError({
        file: displayPath(files[i]!),
        message: `holds the results of ${h.arms.length} arms (${h.arms.join(', ')})`,
        expected: `each arm's own folder: orderflow merge <shard>/arms/<arm> …, one arm at a time`,
        severity: 'error',
      });
  });
}

/** Every line of every input a case result, no trial of a case twice, and each input as complete as its run planned. */
function checkInputResults(options: MergeOptions, files: readonly string[], headers: readonly RunProvenance[]): void {
  const first = headers[0]!;
  const trials = new Set<string>();
  const auto = first.repeat_mode === 'auto';
  for (const [i, file] of files.entries()) {
    const shown = displayPath(file);
    let held = 0;
    // --repeat auto: trials per case differ; a finished input holds trials 0…n−1 of each case it selected.
    const trialsOfCase = auto ? new Map<string, number[]>() : null;
    let header = true;
    for (const { lineNo, value } of readResultsLines(file)) {
      // The first line is the header, checked above.
      if (header) {
        header = false;
        continue;
      }
      const problem = value === undefined ? 'not JSON (a torn or damaged line)' : caseResultProblem(value, first.repeat);
      if (problem)
        throw new InputError({
          file: shown,
          line: lineNo,
          message: `not a case result: ${problem}`,
          expected: `a results file as orderflow eval wrote it; finish or repair that run first (orderflow eval {resume} {out} ${displayPath(options.inputs[i]!)} sets damaged lines aside and runs those cases again)`,
          severity: 'error',
        });
      const line = value as CaseResult;
      const key = `${line.case_id}#${line.trial}`;
      if (trials.has(key))
        throw new InputError({
          file: shown,
          line: lineNo,
          message: `case ${line.case_id} (trial ${line.trial}) also appears in an earlier input`,
          expected: 'disjoint shards, each folder given once',
          severity: 'error',
        });
      trials.add(key);
      held += 1;
      trialsOfCase?.set(line.case_id, [...(trialsOfCase.get(line.case_id) ?? []), line.trial]);
    }
    const planned = headers[i]!.suite?.selected;
    if (trialsOfCase) {
      checkAutoComplete(trialsOfCase, planned, shown, displayPath(options.inputs[i]!));
      continue;
    }
    if (planned !== undefined && held !== planned * first.repeat) {
      throw new InputError({
        file: shown,
        message: `holds ${held} of the ${planned * first.repeat} results its run planned (interrupted, or stopped by {maxCost})`,
        expected: `a finished run; finish it first with orderflow eval {resume} {out} ${displayPath(options.inputs[i]!)} (and the flags it was started with)`,
        severity: 'error',
      });
    }
  }
}

async function writeMerged(options: MergeOptions, files: string[], headers: RunProvenance[], run: RunProvenance, outDir: string): Promise<WrittenReports> {
  const first = headers[0]!;
  const resultsPath = join(outDir, RESULTS_FILE);
  const writer = new ResultsWriter(resultsPath, false);
  const auto = first.repeat_mode === 'auto';
  const aggregates = new Aggregates(first.repeat, auto);
  const seen = new Map<string, string | undefined>();
  // --repeat auto: the trials each case got, for the repeats block.
  const caseTrials = auto ? new Map<string, number>() : null;
  try {
    await writer.write({ type: 'run_header', schema_version: RESULTS_SCHEMA_VERSION, run });
    for (const file of files) {
      for (const line of readResults(file)) {
        if (line.type !== 'case_result') continue;
        seen.set(line.case_id, line.case_hash);
        caseTrials?.set(line.case_id, (caseTrials.get(line.case_id) ?? 0) + 1);
        aggregates.add(line);
        await writer.write(line);
      }
    }
  } finally {
    await writer.close();
  }
  // In scope: what any input selected (each input's filters hold together; across inputs, either will do).
  const selections = headers.map((h) => compileFilter({ modules: h.filters.modules, caseTypes: h.filters.case_types, ids: h.filters.ids }));
  const filtered = (key: Parameters<(typeof selections)[number]>[0]) => selections.some((select) => select(key));
  const present = new Set(headers.map((h) => h.shard?.index));
  const count = first.shard?.count;
  return writeReports({
    outDir,
    resultsPath,
    run,
    duration_ms: 0,
    snapshot: aggregates.snapshot(),
    repeat: first.repeat,
    ...(caseTrials ? { repeats: repeatsReport(repeatedOf(caseTrials), first.repeat, caseTrials.size, aggregates.snapshot()) } : {}),
    baseline: options.baseline,
    // The merged shards are the suite; in a partial merge, only the shards that are here.
    scope: { hashes: seen, inScope: (k) => filtered(k) && (!count || present.has(shardOf(k.case_id, count) + 1)) },
    prompts: currentPrompts(run, options.registry),
    knownPrompt: snapshotBySha(options.registry?.prompts ?? []),
    config: options.config,
    accepted: options.accepted ?? [],
    finish: 'run the merge again (its inputs are untouched)',
  });
}

/** An auto run's input is finished when it holds every case it selected, each with trials 0…n−1 and no gap. */
function checkAutoComplete(trialsOfCase: Map<string, number[]>, planned: number | undefined, shown: string, input: string): void {
  const finish = `a finished run; finish it first with orderflow eval {resume} {out} ${input} (and the flags it was started with)`;
  if (planned !== undefined && trialsOfCase.size !== planned)
    throw new InputError({
      file: shown,
      message: `holds results of ${trialsOfCase.size} of the ${planned} cases its run selected (interrupted, or stopped by {maxCost})`,
      expected: finish,
      severity: 'error',
    });
  for (const [id, held] of trialsOfCase) {
    const sorted = [...held].sort((a, b) => a - b);
    const gap = sorted.findIndex((t, k) => t !== k);
    if (gap !== -1)
      throw new InputError({
        file: shown,
        message: `case ${id} has trial ${sorted[gap]} but not trial ${gap} (an interrupted round)`,
        expected: finish,
        severity: 'error',
      });
  }
}

function repeatedOf(caseTrials: Map<string, number>): RepeatedCase[] {
  return [...caseTrials]
    .filter(([, n]) => n > 1)
    .map(([id, trials]) => ({ id, trials }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

function shardCompleteness(headers: RunProvenance[], files: string[], allowPartial: boolean): RunProvenance['partial'] {
  const sharded = headers.filter((h) => h.shard);
  if (sharded.length === 0) {
    if (headers.length < 2)
      throw new InputError({ file: 'orderflow merge', message: 'needs at least two report folders, or the shards of one run', severity: 'error' });
    return undefined;
  }
  if (sharded.length !== headers.length) {
    const whole = headers.findIndex((h) => !h.shard);
    throw new InputError({
      file: displayPath(files[whole]!),
      message: 'is a whole run, the other inputs are shards',
      expected: 'the report folders of one {shard} i/n set',
      severity: 'error',
    });
  }
  const count = sharded[0]!.shard!.count;
  const seen = new Map<number, string>();
  headers.forEach((h, i) => {
    if (h.shard!.count !== count)
      throw new InputError({
        file: displayPath(files[i]!),
        field: 'shard',
        message: `is shard ${h.shard!.index}/${h.shard!.count}, the first input is one of ${count}`,
        expected: 'shards of one {shard} i/n set',
        severity: 'error',
      });
    const other = seen.get(h.shard!.index);
    if (other)
      throw new InputError({
        file: displayPath(files[i]!),
        field: 'shard',
        message: `shard ${h.shard!.index}/${count} is also ${other}`,
        expected: 'each shard once',
        severity: 'error',
      });
    seen.set(h.shard!.index, displayPath(files[i]!));
  });
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length === 0) return undefined;
  if (!allowPartial) {
    throw new InputError({
      file: 'orderflow merge',
      message: `shard(s) ${missing.join(', ')} of ${count} missing (have ${[...seen.keys()].sort((a, b) => a - b).join(', ')})`,
      expected: `every shard 1..${count}, or {partial} to merge these (the report is marked partial and the gate fails)`,
      severity: 'error',
    });
  }
  return { missing_shards: missing, of: count };
}

/** The prompts the shards ran, found in the registry by name and sha256; where the file changed since, only the reference is known. */
function currentPrompts(run: RunProvenance, registry?: Registry): CurrentPrompts {
  const out: CurrentPrompts = new Map();
  for (const [module, p] of Object.entries(run.prompts)) {
    const file = registry ? findPrompt(registry, p.name) : undefined;
    out.set(module, { ref: { name: p.name, version: p.version, sha256: p.sha256 }, snapshot: file && file.sha256 === p.sha256 ? snapshotPrompt(file) : null });
  }
  return out;
}
