/** `orderflow reports prune --keep N` and `orderflow cache clear`: housekeeping of the folders a run leaves behind. */
import { loadConfig } from '../../config/config.js';
import { InputError } from '../../errors.js';
import { clearCache } from '../../providers/clear-cache.js';
import { displayPath } from '../../registry/registry.js';
import { pruneReports } from '../../report/prune-reports.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export async function pruneCommand(options: { config?: string; keep?: string; dryRun?: boolean }, output: Output): Promise<number> {
  const keep = Number(options.keep);
  if (options.keep === undefined || !/^\d+$/.test(options.keep) || !Number.isSafeInteger(keep)) {
    throw new InputError({ file: '--keep', message: `"${options.keep ?? ''}" is not a whole number`, expected: 'how many of the newest run folders to keep, e.g. --keep 10', severity: 'error' });
  }
  const { config } = await loadConfig(options.config);
  const result = await pruneReports(config.paths.reports, keep, options.dryRun);
  for (const path of result.removed) output.out(`${options.dryRun ? 'would remove' : 'removed'} ${displayPath(path)}`);
  output.out(`${displayPath(config.paths.reports)}: kept ${result.kept.length} run folder(s), ${options.dryRun ? 'would remove' : 'removed'} ${result.removed.length}`);
  return EXIT_OK;
}

export async function cacheClearCommand(options: { config?: string }, output: Output): Promise<number> {
  const { config } = await loadConfig(options.config);
  const cleared = await clearCache(config.cache.dir);
  output.out(`${displayPath(config.cache.dir)}: removed ${cleared.entries} cached response(s), ${(cleared.bytes / 1024).toFixed(1)} KiB`);
  return EXIT_OK;
}
