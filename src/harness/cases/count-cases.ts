/**
 * Case counts for `orderflow list`: how many cases of each type each folder
 * holds, without validating them (eval does that, with file:line errors).
 * Block-style YAML, what the suite is written in, is counted by a line scan
 * of its `case_type:` keys, checked against the number of ids; JSON files and
 * anything the scan cannot vouch for are parsed, without positions.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readUtf8File } from '../base/text-file.js';

export interface CaseCounts {
  /** folder (module, or "pipeline") → case type → count */
  counts: Record<string, Record<string, number>>;
  /** Files that could not be read or parsed: not counted. */
  unreadable: string[];
}

const TYPE_KEY = /^\s*(?:-\s+)?case_type:\s*["']?([a-z_]+)["']?\s*(?:#.*)?$/;
const ID_KEY = /^\s*(?:-\s+)?(?:case_id|scenario_id):/;
/** An id or type key the scan cannot place (inside a flow map, say), or a merge key: left to the YAML parser. */
const KEY_ANYWHERE = /\b(?:case_type|case_id|scenario_id)["']?\s*:|^\s*(?:-\s+)?<<\s*:/;

export async function countCases(casesDir: string): Promise<CaseCounts> {
  const result: CaseCounts = { counts: {}, unreadable: [] };
  let folders: string[];
  try {
    folders = (await readdir(casesDir)).sort();
  } catch {
    return result;
  }
  for (const folder of folders) {
    const dir = join(casesDir, folder);
    if (!(await stat(dir)).isDirectory()) continue;
    for (const name of (await readdir(dir)).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const decoded = await readUtf8File(join(dir, name), join(dir, name));
      const types = decoded.text === undefined ? undefined : await caseTypes(decoded.text);
      if (!types) {
        result.unreadable.push(join(folder, name));
        continue;
      }
      const byType = (result.counts[folder] ??= {});
      for (const t of types) byType[t] = (byType[t] ?? 0) + 1;
    }
  }
  return result;
}

async function caseTypes(text: string): Promise<string[] | undefined> {
  if (!/^\s*[{[]/.test(text)) {
    const lines = text.split('\n');
    const types: string[] = [];
    let ids = 0;
    let plain = true;
    for (const line of lines) {
      const m = TYPE_KEY.exec(line);
      if (m) types.push(m[1]!);
      else if (ID_KEY.test(line)) ids += 1;
      else if (KEY_ANYWHERE.test(line)) plain = false;
    }
    if (plain && types.length === ids) return types;
  }
  try {
    // The YAML library only for what the scan cannot vouch for: `orderflow list` on the suite never loads it.
    const doc = (/^\s*[{[]/.test(text) ? JSON.parse(text) : (await import('yaml')).parse(text, { logLevel: 'error' })) as {
      test_cases?: unknown;
      scenarios?: unknown;
    } | null;
    const items = doc?.test_cases ?? doc?.scenarios;
    if (!Array.isArray(items)) return undefined;
    return items.map((c) => String((c as { case_type?: unknown })?.case_type ?? 'unknown'));
  } catch {
    return undefined;
  }
}
