/**
 * orderflow.config.yaml: provider, concurrency, prices, gate thresholds and
 * pinned prompt versions. Flags and environment variables override it.
 */
import { existsSync, lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';
import { readUtf8File } from '../base/text-file.js';
import type { Config } from './config-schema.js';
import { validatedConfig } from './cached-config.js';

export type { Config, Threshold } from './config-schema.js';

export const DEFAULT_CONFIG_FILE = 'orderflow.config.yaml';

export { baseUrlProblem } from './base-url.js';
export { DEFAULT_GATE, MAX_CONCURRENCY } from './config-defaults.js';

export interface LoadedConfig {
  config: Config;
  /** The file it came from, or null when defaults were used. */
  file: string | null;
  /** The file's line of a key path (`['pins', 'intent_recognition']`), for problems found after loading. */
  lineOf?: (path: readonly PropertyKey[]) => number;
}

/**
 * The config of the project the working directory is in: orderflow.config.yaml
 * here or in the nearest folder above, as git and npm find their roots.
 */
function findConfigFile(from: string = process.cwd()): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, DEFAULT_CONFIG_FILE);
    // lstat, not exists: a broken link is a config that cannot be read (said when reading it), not a config that is absent.
    if (lstatSync(candidate, { throwIfNoEntry: false })) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

export async function loadConfig(path?: string): Promise<LoadedConfig> {
  if (path && !existsSync(resolve(path))) throw new InputError({ file: path, message: 'config file not found', severity: 'error' });
  const file = path ? resolve(path) : findConfigFile();
  if (!file) return { config: (await validatedConfig(null, '')).config, file: null };
  const shown = displayPath(file);
  const decoded = await readUtf8File(file, shown);
  if (decoded.problem) throw new InputError(decoded.problem);
  const { config, lineOf } = await validatedConfig(decoded.text, shown);
  return { config: relativeTo(dirname(file), config), file: shown, lineOf };
}

/** Paths in a config file mean paths next to that file, wherever orderflow is run from. */
function relativeTo(dir: string, config: Config): Config {
  const at = (p: string) => resolve(dir, p);
  return {
    ...config,
    paths: { prompts: at(config.paths.prompts), cases: at(config.paths.cases), reports: at(config.paths.reports) },
    baseline: config.baseline === null ? null : at(config.baseline),
    cache: { ...config.cache, dir: at(config.cache.dir) },
  };
}

/** `--prompt intent_recognition=intent_v3` (repeatable) → pins, over config pins. */
export function parsePinFlags(flags: string[] = []): Record<string, string> {
  const pins: Record<string, string> = {};
  for (const flag of flags) {
    const m = /^([a-z][a-z0-9_]*)=([a-z][a-z0-9_]*)$/.exec(flag);
    if (!m)
      throw new InputError({
        file: '{prompt}',
        message: `"${flag}" is not module=prompt_name`,
        expected: 'e.g. {prompt} intent_recognition=intent_v3',
        severity: 'error',
      });
    pins[m[1]!] = m[2]!;
  }
  return pins;
}
