import { loadConfig } from '../../config/config.js';
import type { Problem } from '../../errors.js';
import { resolveBaseline } from '../../report/baseline.js';
import { mergeRuns } from '../../report/merge-runs.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import { printProblems, type Output } from '../output.js';
import { renderSummary } from '../render-summary.js';

export interface MergeCommandOptions {
  config?: string;
  out?: string;
  baseline?: string;
}

export async function mergeCommand(dirs: string[], options: MergeCommandOptions, output: Output): Promise<number> {
  const { config } = await loadConfig(options.config);
  const warnings: Problem[] = [];
  const baseline = await resolveBaseline(options.baseline, config.baseline, warnings);
  printProblems(output, warnings);
  const merged = await mergeRuns({ inputs: dirs, ...(options.out ? { out: options.out } : {}), reportsDir: config.paths.reports, baseline, config });
  output.out(renderSummary(merged.head));
  output.out(`reports: ${merged.outDir}`);
  return merged.head.gate.passed ? EXIT_OK : EXIT_FAILED;
}
