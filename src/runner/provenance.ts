/** What a run used, recorded in results.jsonl and report.json: commit, provider, model, prompt files and hashes, config. */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Config } from '../config/config.js';
import type { PromptFile } from '../registry/prompt-file.js';
import type { CaseFilter } from '../cases/case-filter.js';
import { displayPath } from '../registry/registry.js';
import type { RunProvenance } from './case-result.js';

const run = promisify(execFile);

export const ORDERFLOW_VERSION = '0.1.0';

export function newRunId(provider: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${provider.replace(/[^a-z0-9]+/gi, '-')}-${randomBytes(2).toString('hex')}`;
}

export async function gitState(cwd = process.cwd()): Promise<RunProvenance['git']> {
  try {
    const commit = (await run('git', ['rev-parse', 'HEAD'], { cwd })).stdout.trim();
    const dirty = (await run('git', ['status', '--porcelain', '--untracked-files=no'], { cwd })).stdout.trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

export interface ProvenanceInput {
  id: string;
  provider: string;
  model: string;
  concurrency: number;
  repeat: number;
  gates: boolean;
  cacheMode: string;
  filter: CaseFilter;
  active: Map<string, PromptFile>;
  config: Config;
  configFile: string | null;
}

export async function buildProvenance(input: ProvenanceInput): Promise<RunProvenance> {
  return {
    id: input.id,
    started_at: new Date().toISOString(),
    orderflow_version: ORDERFLOW_VERSION,
    node_version: process.version,
    git: await gitState(),
    provider: input.provider,
    model: input.model,
    concurrency: input.concurrency,
    repeat: input.repeat,
    gates_enabled: input.gates,
    cache_mode: input.cacheMode,
    shard: input.filter.shard ?? null,
    filters: { modules: input.filter.modules ?? [], case_types: input.filter.caseTypes ?? [], ids: input.filter.ids ?? [] },
    prompts: Object.fromEntries(
      [...input.active.entries()].map(([module, p]) => [module, { name: p.metadata.name, version: p.metadata.version, path: p.path, sha256: p.sha256 }]),
    ),
    config_file: input.configFile,
    config: redactConfig(input.config),
  };
}

/**
 * Config never holds the API key, but a base URL can carry credentials: drop
 * them. Paths are shown relative to the working directory, so a committed
 * baseline does not carry one machine's folders.
 */
function redactConfig(config: Config): Record<string, unknown> {
  const copy = structuredClone(config) as Config;
  copy.paths = { prompts: displayPath(copy.paths.prompts), cases: displayPath(copy.paths.cases), reports: displayPath(copy.paths.reports) };
  copy.cache.dir = displayPath(copy.cache.dir);
  if (copy.baseline) copy.baseline = displayPath(copy.baseline);
  if (copy.openai.base_url) {
    try {
      const url = new URL(copy.openai.base_url);
      url.username = '';
      url.password = '';
      copy.openai.base_url = url.toString();
    } catch {
      copy.openai.base_url = '(unparseable)';
    }
  }
  return copy as unknown as Record<string, unknown>;
}

/** What differs between two runs whose results may not be mixed (resume, merge), or undefined. */
export function setupDifference(before: RunProvenance, now: RunProvenance): string | undefined {
  if (before.provider !== now.provider) return 'provider';
  if (before.model !== now.model) return 'model';
  if (before.repeat !== now.repeat) return 'repeat';
  if (before.gates_enabled !== now.gates_enabled) return 'gates_enabled';
  for (const [module, p] of Object.entries(now.prompts)) {
    if (before.prompts[module]?.sha256 !== p.sha256) return `prompts.${module}`;
  }
  return undefined;
}
