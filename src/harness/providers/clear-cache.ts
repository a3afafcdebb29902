/**
 * `orderflow cache clear`: delete the response cache's entries. Only what the
 * cache itself writes is touched (`<two hex>/<sha256>.json` and leftover
 * temporary files), so a cache dir mistakenly set to a project folder loses
 * nothing else; and nothing is reached through a link (a shard folder or an
 * entry that is a symlink is left as it is), so nothing outside it either.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface ClearedCache {
  entries: number;
  bytes: number;
}

const SHARD = /^[0-9a-f]{2}$/;
const ENTRY = /^[0-9a-f]{64}\.json(\.\d+\.[0-9a-f]+\.tmp)?$/;

export async function clearCache(dir: string): Promise<ClearedCache> {
  const cleared: ClearedCache = { entries: 0, bytes: 0 };
  if (!existsSync(dir)) return cleared;
  for (const shard of await readdir(dir)) {
    if (!SHARD.test(shard)) continue;
    const shardDir = join(dir, shard);
    if (!(await lstat(shardDir)).isDirectory()) continue;
    for (const name of await readdir(shardDir)) {
      if (!ENTRY.test(name)) continue;
      const path = join(shardDir, name);
      const entry = await lstat(path);
      if (!entry.isFile()) continue;
      cleared.bytes += entry.size;
      await rm(path, { force: true });
      if (name.endsWith('.json')) cleared.entries += 1;
    }
    await rmdir(shardDir).catch(() => undefined);
  }
  await rmdir(dir).catch(() => undefined);
  return cleared;
}
