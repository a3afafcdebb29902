/**
 * What every command starts from: the config, the prompt registry, and the
 * active prompt version of each module. The prompts are checked against the
 * names of the agent the registration point plugs in.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_CONFIG_FILE, loadConfig, parsePinFlags, type Config } from './config/config.js';
import { displayPath } from './base/display-path.js';
import { InputError, hasErrors, type Problem } from './base/errors.js';
import type { PromptFile } from './registry/prompt-file.js';
import { loadRegistry, resolveActive, type Registry, type RegistryOptions } from './registry/registry.js';
import { agent } from './agent-registration.js';

export interface WorkspaceOptions {
  config?: string;
  prompts?: string;
  /** `--prompt module=name` flags. */
  prompt?: string[];
}

export interface Workspace {
  config: Config;
  configFile: string | null;
  registry: Registry;
  /** module → active prompt version */
  active: Map<string, PromptFile>;
  /** Warnings from loading (errors throw). */
  warnings: Problem[];
}

export async function loadWorkspace(options: WorkspaceOptions = {}, registryOptions: Omit<RegistryOptions, 'contracts'> = {}): Promise<Workspace> {
  const { config, file, lineOf } = await loadConfig(options.config);
  const promptsDir = resolve(options.prompts ?? config.paths.prompts);
  if (!options.prompts && !existsSync(promptsDir)) throw missingProject(promptsDir, file, lineOf?.(['paths', 'prompts']));
  const { registry, problems } = await loadRegistry(promptsDir, { contracts: agent.contracts, ...registryOptions });
  if (hasErrors(problems)) throw new InputError(problems.filter((p) => p.severity === 'error'));
  // Config pins are checked on their own first, so that a bad one is reported against the config file, at its line.
  try {
    resolveActive(registry, config.pins, file ?? 'orderflow.config.yaml');
  } catch (error) {
    if (!(error instanceof InputError) || !lineOf) throw error;
    throw new InputError(error.problems.map((p) => ({ ...p, line: lineOf(['pins', p.field ?? '']), field: `pins.${p.field}` })));
  }
  const active = resolveActive(registry, { ...config.pins, ...parsePinFlags(options.prompt) }, '{prompt}');
  return { config, configFile: file, registry, active, warnings: problems };
}

/** Run outside a project, or with a config whose prompt folder is gone: say which folder and which config. */
function missingProject(promptsDir: string, configFile: string | null, line: number | undefined): InputError {
  if (configFile) {
    return new InputError({
      file: configFile,
      ...(line ? { line } : {}),
      field: 'paths.prompts',
      message: `prompt folder ${displayPath(promptsDir)} not found`,
      expected: 'a folder of <name>.md prompt files',
      severity: 'error',
    });
  }
  return new InputError({
    file: displayPath(promptsDir),
    message: `prompt folder not found, and no ${DEFAULT_CONFIG_FILE} in ${process.cwd()} or any folder above it`,
    expected: 'to run inside an orderflow project, {config} FILE, or a new project made with `orderflow init`',
    severity: 'error',
  });
}
