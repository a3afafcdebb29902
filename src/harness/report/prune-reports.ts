/**
 * `orderflow reports prune --keep N`: keep the N most recent run folders under
 * the reports folder and delete the rest. A run folder is one orderflow made:
 * it holds the marker every run writes (RUN_MARKER), as a real file. A folder
 * that merely holds a report.json, the baseline, a link and a run that is
 * still being written (its lock names a live process) are never touched.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isRunFolder, RUN_MARKER } from '../runner/out-folder.js';
import { liveWriter } from '../runner/run-folder-lock.js';

export interface PruneResult {
  kept: string[];
  removed: string[];
  /** Run folders left alone because a run is writing them now. */
  running: string[];
}

export async function pruneReports(reportsDir: string, keep: number, dryRun = false): Promise<PruneResult> {
  if (!existsSync(reportsDir)) return { kept: [], removed: [], running: [] };
  const runs: { path: string; time: number }[] = [];
  const running: string[] = [];
  // Dirents are lstat's: a link to a folder is not a directory here, so nothing is reached through one.
  for (const entry of await readdir(reportsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(reportsDir, entry.name);
    if (!isRunFolder(path)) continue;
    if (liveWriter(path)) running.push(path);
    else runs.push({ path, time: (await lstat(join(path, RUN_MARKER))).mtimeMs });
  }
  runs.sort((a, b) => b.time - a.time || b.path.localeCompare(a.path));
  const removed = runs.slice(keep).map((r) => r.path);
  if (!dryRun) {
    for (const path of removed) {
      // Checked again just before: a run may have started in it, or it may have been swapped for a link, since the listing.
      if ((await lstat(path)).isDirectory() && !liveWriter(path)) await rm(path, { recursive: true, force: true });
    }
  }
  return { kept: runs.slice(0, keep).map((r) => r.path), removed, running };
}
