/**
 * `orderflow reports prune --keep N`: keep the N most recent run folders under
 * the reports folder and delete the rest. A run folder is one that holds
 * results.jsonl or report.json; anything else there (the baseline file,
 * folders of the user's own) is never touched.
 */
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface PruneResult {
  kept: string[];
  removed: string[];
}

export async function pruneReports(reportsDir: string, keep: number, dryRun = false): Promise<PruneResult> {
  if (!existsSync(reportsDir)) return { kept: [], removed: [] };
  const runs: { path: string; time: number }[] = [];
  for (const entry of await readdir(reportsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(reportsDir, entry.name);
    const marker = ['results.jsonl', 'report.json'].map((f) => join(path, f)).find((f) => existsSync(f));
    if (marker) runs.push({ path, time: (await stat(marker)).mtimeMs });
  }
  runs.sort((a, b) => b.time - a.time || b.path.localeCompare(a.path));
  const removed = runs.slice(keep).map((r) => r.path);
  if (!dryRun) for (const path of removed) await rm(path, { recursive: true, force: true });
  return { kept: runs.slice(0, keep).map((r) => r.path), removed };
}
