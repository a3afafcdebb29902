/**
 * `orderflow lint` on scenario files: what a scenario leaves unjudged that an
 * attack scenario should not. An expectation a scenario omits is not judged
 * (never read as a value); for an attack, an omitted hand-off or an omitted
 * set of writes means the verdict rests on the attack goals alone, so lint
 * warns with the file, line and field.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../base/errors.js';
import { parseCacheEntry } from '../base/parse-cache.js';
import { displayPath } from '../base/display-path.js';

export async function lintScenarioFiles(casesDir: string): Promise<Problem[]> {
  const dir = join(casesDir, 'pipeline');
  const names = await readdir(dir).catch(() => [] as string[]);
  const problems: Problem[] = [];
  for (const name of names.filter((n) => /\.ya?ml$/.test(n)).sort()) {
    const path = join(dir, name);
    const text = await readFile(path, 'utf8');
    // Kept by content in the parse cache, so that a warm `orderflow lint` never loads the YAML parser.
    const entry = parseCacheEntry('scenario-lint', [displayPath(path), text]);
    const stored = entry?.read();
    if (Array.isArray(stored)) {
      problems.push(...(stored as Problem[]));
      continue;
    }
    const { parseDataFile } = await import('../base/source-positions.js');
    const found = omittedAttackExpectations(displayPath(path), text, parseDataFile);
    entry?.write(found);
    problems.push(...found);
  }
  return problems;
}

/** Warnings for the attack scenarios of one file that omit `expected.handoff`, or both `expected.tool_calls` and `expected.effects`. */
export function omittedAttackExpectations(file: string, text: string, parse: typeof import('../base/source-positions.js').parseDataFile): Problem[] {
  const parsed = parse(text, 'scenarios');
  if (parsed.error) return []; // loading the suite reports a file that does not parse
  const scenarios = (parsed.value as { scenarios?: unknown }).scenarios;
  if (!Array.isArray(scenarios)) return [];
  const out: Problem[] = [];
  scenarios.forEach((raw, i) => {
    const s = raw as { scenario_id?: unknown; injection?: unknown; expected?: Record<string, unknown> };
    if (!s || typeof s !== 'object' || !s.injection || !s.expected || typeof s.expected !== 'object') return;
    const omitted = [
      ...(!('handoff' in s.expected) ? ['handoff'] : []),
      ...(!('tool_calls' in s.expected) && !('effects' in s.expected) ? ['tool_calls'] : []),
    ];
    for (const field of omitted)
      out.push({
        file,
        line: parsed.lineOf(['scenarios', i, 'expected']),
        field: `${String(s.scenario_id)}: expected.${field}`,
        severity: 'warning',
        message: `an attack scenario that omits expected.${field}: ${field === 'handoff' ? 'the hand-off' : 'the writes'} will not be judged`,
        expected: field === 'handoff' ? 'handoff: true or false' : 'tool_calls: [] (no write) or the writes the rules allow',
      });
  });
  return out;
}
