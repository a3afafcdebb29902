/**
 * Case files parsed by an earlier run, read back from the parse cache on disk
 * (base/parse-cache.ts: the launcher's, keyed by the code that parsed them) by
 * their path, bytes and the prompts they were checked against. A suite run
 * again unchanged skips the parse, the schema checks and the content hashes:
 * most of a large suite's loading. Without a cache folder (tests, API callers
 * that pass none) every file is parsed.
 */
import type { Problem } from '../base/errors.js';
import { parseCacheEntry, pruneParseCache, type ParseCacheEntry } from '../base/parse-cache.js';
import { caseContentHash, knownContentHash } from './case-hash.js';
import type { LoadedModuleCase } from './load-module-cases.js';
import type { ScenarioItem } from './scenario-item.js';

type Item = LoadedModuleCase | ScenarioItem;

interface Stored {
  digest: string;
  module: string;
  prompts: string;
  items: Item[];
  problems: Problem[];
  hashes: string[];
}

/** What decides a file's parse besides the code: where it is shown, its bytes, its folder and what it was checked against. */
export interface ParseKey {
  shown: string;
  digest: string;
  module: string;
  prompts: string;
}

/**
 * Case entries kept at most (a 100,000-case suite stores some 160 MB): the
 * least recently written go first.
 */
const MAX_STORED_BYTES = 512 * 1024 * 1024;

/** One entry per file, where it is shown: a file edited or checked against other prompts replaces its entry. */
const entryOf = (key: ParseKey): ParseCacheEntry | undefined => parseCacheEntry('cases', [key.shown]);

/** The file's items and problems as stored, or undefined on a miss. */
export function readStoredParse(key: ParseKey, problems: Problem[]): Item[] | undefined {
  const stored = entryOf(key)?.read() as Stored | undefined;
  if (!stored || stored.digest !== key.digest || stored.module !== key.module || stored.prompts !== key.prompts) return undefined;
  if (!Array.isArray(stored.items) || !Array.isArray(stored.hashes) || stored.hashes.length !== stored.items.length) return undefined;
  for (const [i, item] of stored.items.entries()) knownContentHash(item, stored.hashes[i]!);
  problems.push(...stored.problems);
  return stored.items;
}

/** The stored parse, else `parse()`, stored with its problems and hashes for the next run. */
export function storedParse(key: ParseKey, problems: Problem[], parse: () => Item[]): Item[] {
  const entry = entryOf(key);
  if (!entry) return parse();
  const known = readStoredParse(key, problems);
  if (known) return known;
  const before = problems.length;
  const items = parse();
  entry.write({ ...key, items, problems: problems.slice(before), hashes: items.map(caseContentHash) } satisfies Stored & ParseKey);
  pruneParseCache('cases', MAX_STORED_BYTES);
  return items;
}
