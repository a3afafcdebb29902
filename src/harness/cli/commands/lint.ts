import { loadConfig } from '../../config/config.js';
import { hasErrors } from '../../base/errors.js';
import { lintRegistryCached } from '../../registry/lint.js';
import { loadRegistry } from '../../registry/registry.js';
import { resolve } from 'node:path';
import { lintScenarioFiles } from '../../cases/scenario-lint.js';
import { EXIT_INPUT, EXIT_OK } from '../exit-codes.js';
import { printProblems, type Output } from '../output.js';
import { agent } from '../../agent-registration.js';

export interface LintOptions {
  config?: string;
  prompts?: string;
  cases?: string;
  json?: boolean;
}

export async function lintCommand(options: LintOptions, output: Output): Promise<number> {
  const { config } = await loadConfig(options.config);
  const { registry, problems } = await loadRegistry(resolve(options.prompts ?? config.paths.prompts), { contracts: agent.contracts, validators: false });
  const scenarios = await lintScenarioFiles(resolve(options.cases ?? config.paths.cases));
  const all = [...problems, ...(await lintRegistryCached(registry, agent.contracts)), ...scenarios].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
  const errors = all.filter((p) => p.severity === 'error').length;
  if (options.json) {
    output.out(JSON.stringify({ prompts: registry.prompts.length, errors, warnings: all.length - errors, problems: all }, null, 2));
  } else {
    printProblems(output, all);
    output.out(`${registry.prompts.length} prompts in ${registry.modules.size} modules: ${errors} error(s), ${all.length - errors} warning(s)`);
  }
  return hasErrors(all) ? EXIT_INPUT : EXIT_OK;
}
