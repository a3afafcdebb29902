import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../../config/config.js';
import { loadBaseline } from '../../report/baseline.js';
import { mergeRuns } from '../../report/merge-runs.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';
import { renderSummary } from '../render-summary.js';

export interface MergeCommandOptions {
  config?: string;
  out?: string;
  baseline?: string;
}

export async function mergeCommand(dirs: string[], options: MergeCommandOptions, output: Output): Promise<number> {
  const { config } = await loadConfig(options.config);
  const baselinePath = options.baseline ?? config.baseline;
  const baseline = baselinePath && (options.baseline || existsSync(baselinePath)) ? await loadBaseline(resolve(baselinePath)) : null;
  const merged = await mergeRuns({ inputs: dirs, ...(options.out ? { out: options.out } : {}), reportsDir: config.paths.reports, baseline, config });
  output.out(renderSummary(merged.head));
  output.out(`reports: ${merged.outDir}`);
  return merged.head.gate.passed ? EXIT_OK : EXIT_FAILED;
}
