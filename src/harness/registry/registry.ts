/**
 * The prompt registry: every prompt file in a folder, grouped by module, and
 * the resolution of one active version per module.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, type Problem } from '../base/errors.js';
import { readUtf8File } from '../base/text-file.js';
import { displayPath } from '../base/display-path.js';
import { parsePromptCached } from './cached-prompt.js';
import { loadSchemaCompiler } from './compiled-schema.js';
import type { PromptFile } from './prompt-file.js';
import type { AgentContracts } from './agent-contracts.js';

/** Prompt files are a few kilobytes; anything near this is a mistake, not a prompt. */
const MAX_PROMPT_BYTES = 512 * 1024;

interface ModuleVersions {
  module: string;
  /** Ascending by version. */
  versions: PromptFile[];
}

export interface Registry {
  dir: string;
  prompts: PromptFile[];
  modules: Map<string, ModuleVersions>;
}

export interface LoadedRegistry {
  registry: Registry;
  problems: Problem[];
}

export interface RegistryOptions {
  /** The agent's names the prompts are checked against (AgentPlugin.contracts). */
  contracts: AgentContracts;
  /**
   * false: the caller never validates against a prompt's schemas (list, lint),
   * so prompts from the parse cache need not load zod. Default true.
   */
  validators?: boolean;
}

export async function loadRegistry(dir: string, { contracts, validators = true }: RegistryOptions): Promise<LoadedRegistry> {
  const problems: Problem[] = [];
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.md')).sort();
  } catch {
    throw new InputError({ file: displayPath(dir), message: 'prompt folder not found', severity: 'error', expected: 'a folder of <name>.md prompt files' });
  }
  const prompts: PromptFile[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const shown = displayPath(path);
    const size = (await stat(path)).size;
    if (size > MAX_PROMPT_BYTES) {
      problems.push({
        file: shown,
        severity: 'error',
        message: `file is ${(size / 1024 / 1024).toFixed(1)} MB`,
        expected: `a prompt file under ${MAX_PROMPT_BYTES / 1024} KiB`,
      });
      continue;
    }
    const decoded = await readUtf8File(path, shown);
    if (decoded.problem) {
      problems.push(decoded.problem);
      continue;
    }
    const result = await parsePromptCached(shown, decoded.text, contracts);
    problems.push(...result.problems);
    if (result.prompt) prompts.push(result.prompt);
  }
  const modules = groupByModule(prompts, problems);
  if (validators) await loadSchemaCompiler();
  return { registry: { dir, prompts, modules }, problems };
}

function groupByModule(prompts: PromptFile[], problems: Problem[]): Map<string, ModuleVersions> {
  const modules = new Map<string, ModuleVersions>();
  for (const prompt of prompts) {
    const entry = modules.get(prompt.metadata.module) ?? { module: prompt.metadata.module, versions: [] };
    const clash = entry.versions.find((p) => p.metadata.version === prompt.metadata.version);
    if (clash) {
      problems.push({
        file: prompt.path,
        line: prompt.metadataLines.version,
        field: 'version',
        severity: 'error',
        message: `module ${prompt.metadata.module} ${prompt.metadata.version} is also claimed by ${clash.path}`,
        expected: 'one file per module version',
      });
      continue;
    }
    entry.versions.push(prompt);
    modules.set(entry.module, entry);
  }
  for (const entry of modules.values()) entry.versions.sort((a, b) => compareVersions(a.metadata.version, b.metadata.version));
  return new Map([...modules.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

export function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split('.').map(Number);
  const pb = b.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** module → prompt name, from config and `--prompt module=name`. */
export type Pins = Record<string, string>;

/**
 * One prompt version per module: the pinned one, else the highest. A pin that
 * names nothing is an error, never a silent fallback to the latest.
 */
export function resolveActive(registry: Registry, pins: Pins, source = '{prompt}'): Map<string, PromptFile> {
  const problems: Problem[] = [];
  for (const [module, name] of Object.entries(pins)) {
    const entry = registry.modules.get(module);
    if (!entry) {
      problems.push({
        file: source,
        field: module,
        severity: 'error',
        message: `no prompt module "${module}"`,
        expected: `one of ${[...registry.modules.keys()].join(', ')}`,
      });
    } else if (!entry.versions.some((p) => p.metadata.name === name)) {
      problems.push({
        file: source,
        field: module,
        severity: 'error',
        message: `module ${module} has no prompt "${name}"`,
        expected: `one of ${entry.versions.map((p) => p.metadata.name).join(', ')}`,
      });
    }
  }
  if (problems.length > 0) throw new InputError(problems);
  const active = new Map<string, PromptFile>();
  for (const [module, entry] of registry.modules) {
    const pinned = pins[module];
    active.set(module, pinned ? entry.versions.find((p) => p.metadata.name === pinned)! : entry.versions[entry.versions.length - 1]!);
  }
  return active;
}

/** Finds a prompt by name (`intent_v2`) or by path. */
export function findPrompt(registry: Registry, ref: string): PromptFile | undefined {
  const name = ref.replace(/^.*\//, '').replace(/\.md$/, '');
  return registry.prompts.find((p) => p.metadata.name === name || p.fileName === `${name}.md`);
}
