/**
 * `--replay` answers only from the cache. With no cache at all every case
 * would fail as a miss — hundreds of identical errors and exit 1 — when the
 * real problem is one: nothing was recorded. That is bad input, said once.
 */
import { readdir } from 'node:fs/promises';
import { InputError } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';
import type { Provider } from '../providers/provider.js';
import { CachedProvider } from '../providers/response-cache.js';

export async function checkReplayCache(provider: Provider): Promise<void> {
  // Providers without a cache (sim) answer the same either way: nothing to check.
  if (!(provider instanceof CachedProvider)) return;
  const { dir } = provider;
  if (!(await holdsEntry(dir))) {
    throw new InputError({
      file: displayPath(dir),
      message: `{replay}: the response cache is ${(await exists(dir)) ? 'empty' : 'missing'}, so no case could be answered`,
      expected: 'record the responses first (a run with cache mode read_write), or point cache.dir at the recorded cache',
      severity: 'error',
    });
  }
}

async function exists(dir: string): Promise<boolean> {
  try {
    await readdir(dir);
    return true;
  } catch {
    return false;
  }
}

/** Entries live at `<dir>/<two hex>/<hash>.json`: one is enough. */
async function holdsEntry(dir: string): Promise<boolean> {
  let shards: string[];
  try {
    shards = await readdir(dir);
  } catch {
    return false;
  }
  for (const shard of shards) {
    try {
      if ((await readdir(`${dir}/${shard}`)).some((n) => n.endsWith('.json'))) return true;
    } catch {
      // a stray file beside the shard folders
    }
  }
  return false;
}
