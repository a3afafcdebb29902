/** `orderflow reports prune --keep N` and `orderflow cache clear`: housekeeping of the folders a run leaves behind. */
import { loadConfig } from '../../config/config.js';
import { InputError } from '../../base/errors.js';
import { clearCache } from '../../providers/clear-cache.js';
import { displayPath } from '../../base/display-path.js';
import { pruneReports } from '../../report/prune-reports.js';
import { EXIT_OK } from '../exit-codes.js';
import { folderToClean } from '../folder-to-clean.js';
import type { Output } from '../output.js';

export async function pruneCommand(options: { config?: string; keep?: string; dryRun?: boolean; dir?: string }, output: Output): Promise<number> {
  const keep = Number(options.keep);
  if (options.keep === undefined || !/^\d+$/.test(options.keep) || !Number.isSafeInteger(keep)) {
    throw new InputError({
      file: '--keep',
      message: `"${options.keep ?? ''}" is not a whole number`,
      expected: 'how many of the newest run folders to keep, e.g. --keep 10',
      severity: 'error',
    });
  }
  const loaded = await loadConfig(options.config);
  const dir = folderToClean(loaded, loaded.config.paths.reports, 'paths.reports', options.dir);
  const result = await pruneReports(dir, keep, options.dryRun);
  for (const path of result.removed) output.out(`${options.dryRun ? 'would remove' : 'removed'} ${displayPath(path)}`);
  for (const path of result.running) output.out(`kept ${displayPath(path)}: a run is writing it now`);
  output.out(
    `${displayPath(dir)}: kept ${result.kept.length + result.running.length} run folder(s), ${options.dryRun ? 'would remove' : 'removed'} ${result.removed.length}`,
  );
  return EXIT_OK;
}

export async function cacheClearCommand(options: { config?: string; dir?: string }, output: Output): Promise<number> {
  const loaded = await loadConfig(options.config);
  const dir = folderToClean(loaded, loaded.config.cache.dir, 'cache.dir', options.dir);
  const cleared = await clearCache(dir);
  output.out(`${displayPath(dir)}: removed ${cleared.entries} cached response(s), ${(cleared.bytes / 1024).toFixed(1)} KiB`);
  return EXIT_OK;
}
