/**
 * `orderflow eval` as a function, in three phases: the plan checks everything
 * (config, prompts, cases, options) before anything is written, the run streams
 * every result to disk, the report phase writes the reports and the verdict. It
 * never prints and never exits; the CLI renders what it returns. It sits above
 * both runner/ and report/ (it drives the one and then the other), so neither
 * of those has to import the other upwards.
 */
import type { Problem } from '../base/errors.js';
import { claimRunFolder, createOutFolder, removeStaleTempFiles } from '../runner/out-folder.js';
import type { WrittenReports } from '../report/report-options.js';
import { closeArmProviders } from './arm-providers.js';
import type { EvaluateOptions } from './evaluate-options.js';
import { planRun, type RunSession } from './plan-run.js';
import { reportRun } from './report-phase.js';
import { runPlanned } from './run-phase.js';

export type { EvaluateOptions } from './evaluate-options.js';

export interface EvaluateResult extends WrittenReports {
  outDir: string;
  baselineUpdated: string | null;
  warnings: Problem[];
}

export async function evaluate(given: EvaluateOptions = {}): Promise<EvaluateResult> {
  return evaluateIn(given, {});
}

export async function evaluateIn(given: EvaluateOptions, session: RunSession): Promise<EvaluateResult> {
  const plan = await planRun(given, session);
  const { outDir, warnings } = plan;
  await createOutFolder(outDir);
  const lock = claimRunFolder(outDir, warnings, { newRun: !plan.options.resume });
  try {
    if (plan.options.resume) await removeStaleTempFiles(outDir);
    const outcome = await runPlanned(plan);
    warnings.push(...outcome.warnings);
    const reported = await reportRun(plan, outcome);
    return { ...reported, outDir, warnings };
  } finally {
    lock.release();
    await closeArmProviders(plan.providers);
  }
}
