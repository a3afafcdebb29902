/**
 * `orderflow merge`: the results of several shards (`--shard i/n`) folded into
 * one run — one results.jsonl and one set of reports, as if run in one go.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { InputError } from '../errors.js';
import { displayPath } from '../registry/registry.js';
import { Aggregates } from '../runner/aggregates.js';
import { RESULTS_SCHEMA_VERSION, type RunProvenance } from '../runner/case-result.js';
import { newRunId, setupDifference } from '../runner/provenance.js';
import { readResults, ResultsWriter } from '../runner/results-file.js';
import type { Baseline } from './baseline.js';
import { writeReports, type WrittenReports } from './write-reports.js';

export interface MergeOptions {
  inputs: string[];
  out?: string;
  reportsDir: string;
  baseline: Baseline | null;
  config: Pick<Config, 'gate' | 'max_new_failures'>;
}

export async function mergeRuns(options: MergeOptions): Promise<WrittenReports & { outDir: string }> {
  if (options.inputs.length < 2) throw new InputError({ file: 'orderflow merge', message: 'needs at least two report folders', severity: 'error' });
  const files = options.inputs.map((dir) => join(resolve(dir), 'results.jsonl'));
  for (const file of files) {
    if (!existsSync(file)) throw new InputError({ file: displayPath(file), message: 'no results.jsonl here', expected: 'a report folder written by orderflow eval', severity: 'error' });
  }
  const headers: RunProvenance[] = [];
  for (const file of files) {
    for await (const line of readResults(file)) {
      if (line.type === 'run_header') headers.push(line.run);
      break;
    }
  }
  if (headers.length !== files.length) throw new InputError({ file: displayPath(files[headers.length]!), message: 'results.jsonl has no run header', severity: 'error' });
  const first = headers[0]!;
  headers.forEach((h, i) => {
    const difference = setupDifference(first, h);
    if (difference) throw new InputError({ file: displayPath(files[i]!), field: difference, message: `${difference} differs from the first input`, expected: 'shards of one run: the same provider, model, repeat, gates setting and prompt versions', severity: 'error' });
  });

  const run: RunProvenance = { ...first, id: newRunId(`${first.provider}-merged`), started_at: headers.map((h) => h.started_at).sort()[0]!, shard: null };
  const outDir = resolve(options.out ?? join(options.reportsDir, run.id));
  await mkdir(outDir, { recursive: true });
  const resultsPath = join(outDir, 'results.jsonl');
  const writer = new ResultsWriter(resultsPath, false);
  const aggregates = new Aggregates(first.repeat);
  const seen = new Set<string>();
  try {
    await writer.write({ type: 'run_header', schema_version: RESULTS_SCHEMA_VERSION, run });
    for (const file of files) {
      for await (const line of readResults(file)) {
        if (line.type !== 'case_result') continue;
        const key = `${line.case_id}#${line.trial}`;
        if (seen.has(key)) throw new InputError({ file: displayPath(file), message: `case ${line.case_id} (trial ${line.trial}) also appears in an earlier input`, expected: 'disjoint shards', severity: 'error' });
        seen.add(key);
        aggregates.add(line);
        await writer.write(line);
      }
    }
  } finally {
    await writer.close();
  }
  const written = await writeReports({ outDir, resultsPath, run, duration_ms: 0, snapshot: aggregates.snapshot(), repeat: first.repeat, baseline: options.baseline, config: options.config });
  return { ...written, outDir };
}
