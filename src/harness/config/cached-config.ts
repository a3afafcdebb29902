/**
 * A config file validated, or read back from the parse cache by its text: zod
 * and the YAML parser are loaded on a miss only. The line of every key path is
 * kept with it, for the problems found after loading (a pin that names nothing).
 */
import { parseCacheEntry } from '../base/parse-cache.js';
import type { Config } from './config-schema.js';

type LineOf = (path: readonly PropertyKey[]) => number;

interface StoredConfig {
  config: Config;
  /** JSON of a key path → its line. */
  lines: Record<string, number>;
}

export interface ValidatedConfig {
  /** Paths as written, not yet resolved against the file's folder. */
  config: Config;
  /** Absent for the defaults (no file). */
  lineOf?: LineOf;
}

/** `text` null: no config file, the defaults. */
export async function validatedConfig(text: string | null, shown: string): Promise<ValidatedConfig> {
  const entry = text === null ? parseCacheEntry('config-defaults', []) : parseCacheEntry('config', [text]);
  // The entry's checksum and the code fingerprint in its key say this code wrote it, in this shape.
  const stored = entry?.read() as StoredConfig | undefined;
  if (stored) return { config: stored.config, ...(text === null ? {} : { lineOf: lineTable(stored.lines) }) };
  const { validateConfig } = await import('./config-schema.js');
  const { config, positions } = validateConfig(text, shown);
  entry?.write({ config, lines: positions ? keyLines(positions.value, positions.lineOf) : {} });
  return { config, ...(positions ? { lineOf: positions.lineOf } : {}) };
}

const pathKey = (path: readonly PropertyKey[]) => JSON.stringify(path.map(String));

/** The line of every path in the file's value: what lineOf answers for each. */
function keyLines(value: unknown, lineOf: LineOf): Record<string, number> {
  const lines: Record<string, number> = {};
  const walk = (node: unknown, path: PropertyKey[]) => {
    lines[pathKey(path)] = lineOf(path);
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(value, []);
  return lines;
}

/** Like the parser's lineOf: a path the file does not have falls back to its nearest parent. */
function lineTable(lines: Record<string, number>): LineOf {
  return (path) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const line = lines[pathKey(path.slice(0, depth))];
      if (line !== undefined) return line;
    }
    return 1;
  };
}
