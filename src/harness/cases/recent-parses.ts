/**
 * Case files parsed recently in this process, by their bytes and the prompts
 * they were checked against, wherever they lie: a process that evaluates the
 * same suite again (an API caller's loop, a test file's runs, a copy of the
 * suite in another folder) parses each file once. Items are shared between
 * runs and so never changed after parsing (`eval --watch` shares them too).
 * Bounded by cases kept, oldest dropped first, so that a large suite is not
 * held in memory by its own run.
 */
import type { Problem } from '../base/errors.js';
import type { LoadedModuleCase } from './load-module-cases.js';
import type { ScenarioItem } from './scenario-item.js';

type Item = LoadedModuleCase | ScenarioItem;

interface Entry {
  shown: string;
  items: Item[];
  problems: Problem[];
}

/** About 1.6 KB a case: at most some 30 MB. */
const KEPT_CASES = 20_000;

class RecentParses {
  private readonly entries = new Map<string, Entry>();
  private kept = 0;

  /** The file's items and problems, as `shown` names it; `parse` runs on a miss. */
  parse(shown: string, key: string, problems: Problem[], parse: () => Item[]): Item[] {
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.shown !== shown) {
        // The file where it lies now: the next run is most likely from here again.
        hit.items = hit.items.map((item) => ({ ...item, file: shown }));
        hit.problems = hit.problems.map((p) => (p.file === hit.shown ? { ...p, file: shown } : p));
        hit.shown = shown;
      }
      problems.push(...hit.problems);
      return hit.items;
    }
    const before = problems.length;
    const items = parse();
    if (items.length <= KEPT_CASES) {
      this.entries.set(key, { shown, items, problems: problems.slice(before) });
      this.kept += items.length;
      for (const [k, e] of this.entries) {
        if (this.kept <= KEPT_CASES) break;
        this.entries.delete(k);
        this.kept -= e.items.length;
      }
    }
    return items;
  }

  clear(): void {
    this.entries.clear();
    this.kept = 0;
  }
}

export const recentParses = new RecentParses();
