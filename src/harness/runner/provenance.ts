/** What a run used, recorded in results.jsonl and report.json: commit, provider, model, prompt files and hashes, config. */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config/config.js';
import type { PromptFile } from '../registry/prompt-file.js';
import type { CaseFilter } from '../cases/case-filter.js';
import { displayPath } from '../base/display-path.js';
import type { RunProvenance } from './case-result.js';

const run = promisify(execFile);

const ORDERFLOW_VERSION = '0.1.0';

export function newRunId(provider: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${provider.replace(/[^a-z0-9]+/gi, '-')}-${randomBytes(2).toString('hex')}`;
}

/**
 * The commit, and whether the run used anything git does not have: a tracked
 * file modified anywhere, or an untracked file under the prompt and case
 * folders or the config — an untracked `prompts/response_v3.md` is how a new
 * version starts. `--no-optional-locks`: never take .git/index.lock, which
 * would collide with the user's own git commands.
 */
export async function gitState(cwd = process.cwd(), watched: string[] = []): Promise<RunProvenance['git']> {
  const git = async (...args: string[]) => (await run('git', ['--no-optional-locks', ...args], { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout;
  try {
    // One rev-parse for both answers, then both status questions at once: each git is a process start.
    const [commit = '', top = ''] = (await git('rev-parse', 'HEAD', '--show-toplevel')).trim().split('\n');
    const inside = watched.map((p) => relative(top, resolve(cwd, p))).filter((p) => p !== '' && !p.startsWith('..') && !isAbsolute(p));
    const [changes, others] = await Promise.all([
      git('status', '--porcelain', '--untracked-files=no'),
      inside.length ? git('-C', top, 'status', '--porcelain', '--untracked-files=all', '--', ...inside) : '',
    ]);
    const tracked = changes.trim() !== '';
    const untracked = others.split('\n').filter((l) => l.startsWith('??'));
    const paths = untracked.map((l) => l.slice(3).trim());
    return { commit, dirty: tracked || paths.length > 0, ...(paths.length ? { untracked: paths.slice(0, UNTRACKED_CAP), untracked_count: paths.length } : {}) };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** report.json names this many untracked files; the count is exact. */
const UNTRACKED_CAP = 50;

export interface ProvenanceInput {
  id: string;
  provider: string;
  model: string;
  callSettings?: Record<string, string | number>;
  concurrency: number;
  repeat: number;
  guards: boolean;
  cacheMode: string;
  filter: CaseFilter;
  active: Map<string, PromptFile>;
  config: Config;
  configFile: string | null;
  suite?: RunProvenance['suite'];
  /** The prompt and case folders and the config file the run read: untracked files there make it dirty. */
  watched?: string[];
  /** The git state when the caller asked for it already (gitState), so that git runs while the suite loads. */
  git?: Promise<RunProvenance['git']>;
}

export async function buildProvenance(input: ProvenanceInput): Promise<RunProvenance> {
  return {
    id: input.id,
    started_at: new Date().toISOString(),
    orderflow_version: ORDERFLOW_VERSION,
    node_version: process.version,
    git: await (input.git ?? gitState(process.cwd(), input.watched ?? [])),
    provider: input.provider,
    model: input.model,
    ...(input.callSettings ? { call_settings: input.callSettings } : {}),
    concurrency: input.concurrency,
    repeat: input.repeat,
    guards_enabled: input.guards,
    gates_enabled: input.guards,
    cache_mode: input.cacheMode,
    shard: input.filter.shard ?? null,
    filters: { modules: input.filter.modules ?? [], case_types: input.filter.caseTypes ?? [], ids: input.filter.ids ?? [] },
    prompts: promptRefs(input.active),
    ...(input.suite ? { suite: input.suite } : {}),
    config_file: input.configFile,
    config: redactConfig(input.config),
  };
}

/** The prompt each module ran with, as the run header records it. */
export function promptRefs(active: Map<string, PromptFile>): RunProvenance['prompts'] {
  return Object.fromEntries(
    [...active.entries()].map(([module, p]) => [module, { name: p.metadata.name, version: p.metadata.version, path: p.path, sha256: p.sha256 }]),
  );
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

/** What the case selections of two runs differ in (filters, and the shard unless shards are what is being put together), or undefined. */
export function selectionDifference(before: RunProvenance, now: RunProvenance, options: { shard: boolean }): string | undefined {
  const same = (a: string[] = [], b: string[] = []) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
  if (!same(before.filters?.modules, now.filters?.modules)) return 'filters.modules';
  if (!same(before.filters?.case_types, now.filters?.case_types)) return 'filters.case_types';
  if (!same(before.filters?.ids, now.filters?.ids)) return 'filters.ids';
  if (options.shard && (before.shard?.index !== now.shard?.index || before.shard?.count !== now.shard?.count)) return 'shard';
  return undefined;
}

/** What differs between two runs whose results may not be mixed (resume, merge), or undefined. */
export function setupDifference(before: RunProvenance, now: RunProvenance): string | undefined {
  if (before.provider !== now.provider) return 'provider';
  if (before.model !== now.model) return 'model';
  // Recorded since call settings were: an older header without them is taken as it is.
  if (before.call_settings && now.call_settings) {
    for (const key of new Set([...Object.keys(before.call_settings), ...Object.keys(now.call_settings)])) {
      if (before.call_settings[key] !== now.call_settings[key]) return `call_settings.${key}`;
    }
  }
  if (before.repeat !== now.repeat) return 'repeat';
  // --repeat auto (repeat is its cap) and --repeat N plan their trials differently.
  if ((before.repeat_mode ?? 'fixed') !== (now.repeat_mode ?? 'fixed')) return 'repeat_mode';
  if ((before.guards_enabled ?? before.gates_enabled) !== now.guards_enabled) return 'guards_enabled';
  for (const [module, p] of Object.entries(now.prompts)) {
    if (before.prompts[module]?.sha256 !== p.sha256) return `prompts.${module}`;
  }
  return undefined;
}
