import { resolve } from 'node:path';
import { loadConfig } from '../../config/config.js';
import type { Problem } from '../../base/errors.js';
import { loadRegistry } from '../../registry/registry.js';
import { resolveBaseline } from '../../report/baseline.js';
import { parseAcceptFlags } from '../../report/gate.js';
import { mergeRuns } from '../../report/merge-runs.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import { printProblems, type Output } from '../output.js';
import { renderSummary } from '../render-summary.js';
import { agent } from '../../agent-registration.js';

export interface MergeCommandOptions {
  config?: string;
  prompts?: string;
  out?: string;
  baseline?: string | false;
  partial?: boolean;
  accept?: string[];
}

export async function mergeCommand(dirs: string[], options: MergeCommandOptions, output: Output): Promise<number> {
  const { config } = await loadConfig(options.config);
  const accepted = parseAcceptFlags(options.accept);
  const warnings: Problem[] = [];
  const baseline = await resolveBaseline(options.baseline, config.baseline, warnings);
  printProblems(output, warnings.splice(0));
  // The registry only serves the prompt review: a folder that cannot be read leaves it to references.
  const registry = await loadRegistry(resolve(options.prompts ?? config.paths.prompts), { contracts: agent.contracts }).then(
    (r) => r.registry,
    () => undefined,
  );
  const merged = await mergeRuns({
    inputs: dirs,
    ...(options.out ? { out: options.out } : {}),
    reportsDir: config.paths.reports,
    baseline,
    config,
    ...(registry ? { registry } : {}),
    partial: options.partial ?? false,
    accepted,
    warnings,
  });
  printProblems(output, warnings.splice(0));
  output.out(renderSummary(merged.head));
  output.out(`reports: ${merged.outDir}`);
  return merged.head.gate.passed ? EXIT_OK : EXIT_FAILED;
}
