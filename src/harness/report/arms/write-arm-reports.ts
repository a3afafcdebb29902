/**
 * The reports of a run with arms: each arm's results go to
 * arms/<name>/results.jsonl with that arm's full set of reports beside them;
 * the run folder's own reports are those of the arm the gate judges, with the
 * `arms` block (per-arm metrics, the paired comparison with the first arm,
 * the differing cases side by side) added.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_STATISTICS } from '../../config/statistics-config.js';
import { displayPath } from '../../base/display-path.js';
import { Aggregates } from '../../runner/aggregates.js';
import { RESULTS_SCHEMA_VERSION, type RunProvenance } from '../../runner/case-result.js';
import { readResults, ResultsWriter } from '../../runner/results-file.js';
import { caseEntries, type CaseEntry } from '../case-entries.js';
import type { CurrentPrompts } from '../prompt-review.js';
import type { WriteReportsOptions, WrittenReports } from '../report-options.js';
import { writeReports } from '../write-reports.js';
import { compareArms, type ArmComparison } from './arm-comparison.js';
import type { ArmsReport } from './arms-report.js';

export interface ArmSetup {
  /** What differs between the arms. */
  varied: string;
  designated: string;
  arms: { name: string; run: RunProvenance; prompts: CurrentPrompts }[];
}

/** Folder names are arm names (prompt, provider or model names): anything else becomes "_". */
const folderOf = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

export async function writeArmReports(options: WriteReportsOptions, setup: ArmSetup): Promise<WrittenReports> {
  const split = await splitResults(options, setup);
  const alpha = (options.config.statistics ?? DEFAULT_STATISTICS).alpha;
  const perArm = [];
  for (const arm of setup.arms) {
    const { resultsPath, aggregates, outDir } = split.get(arm.name)!;
    const written = await writeReports({
      ...options,
      outDir,
      resultsPath,
      run: arm.run,
      snapshot: aggregates.snapshot(),
      baseline: arm.name === setup.designated ? options.baseline : null,
      prompts: arm.prompts,
    });
    perArm.push({ arm, written, entries: entriesOf(resultsPath, options.repeat) });
  }
  const [reference, ...rest] = perArm;
  const comparisons: ArmComparison[] = rest.map((b) =>
    compareArms(
      { name: reference!.arm.name, entries: reference!.entries, metrics: reference!.written.head.metrics },
      { name: b.arm.name, entries: b.entries, metrics: b.written.head.metrics },
      alpha,
    ),
  );
  const arms: ArmsReport = {
    varied: setup.varied,
    designated: setup.designated,
    reference: reference!.arm.name,
    arms: perArm.map(({ arm, written }) => ({
      name: arm.name,
      provider: arm.run.provider,
      model: arm.run.model,
      prompts: Object.fromEntries(Object.entries(arm.run.prompts).map(([m, p]) => [m, p.name])),
      summary: written.head.summary,
      metrics: written.head.metrics,
      report_dir: displayPath(split.get(arm.name)!.outDir),
    })),
    comparisons,
  };
  const gated = setup.arms.find((a) => a.name === setup.designated)!;
  const { resultsPath, aggregates } = split.get(gated.name)!;
  return writeReports({ ...options, resultsPath, run: gated.run, snapshot: aggregates.snapshot(), prompts: gated.prompts, arms });
}

async function splitResults(options: WriteReportsOptions, setup: ArmSetup) {
  const split = new Map<string, { resultsPath: string; outDir: string; aggregates: Aggregates; writer: ResultsWriter }>();
  for (const arm of setup.arms) {
    const outDir = join(options.outDir, 'arms', folderOf(arm.name));
    await mkdir(outDir, { recursive: true });
    const resultsPath = join(outDir, 'results.jsonl');
    const writer = new ResultsWriter(resultsPath, false);
    await writer.write({ type: 'run_header', schema_version: RESULTS_SCHEMA_VERSION, run: arm.run });
    split.set(arm.name, { resultsPath, outDir, aggregates: new Aggregates(options.repeat, options.run.repeat_mode === 'auto'), writer });
  }
  try {
    for (const line of readResults(options.resultsPath)) {
      if (line.type !== 'case_result' || line.arm === undefined) continue;
      const target = split.get(line.arm);
      if (!target) continue;
      target.aggregates.add(line);
      await target.writer.write(line);
    }
  } finally {
    for (const s of split.values()) await s.writer.close();
  }
  return split;
}

function entriesOf(resultsPath: string, repeat: number): Map<string, CaseEntry> {
  const entries = new Map<string, CaseEntry>();
  for (const e of caseEntries(resultsPath, repeat, { passedTraces: true })) entries.set(e.id, e);
  return entries;
}
