/**
 * The parse cache tells code versions apart by the modules in its fingerprinted
 * folders (src/harness/base/parse-cache.ts): every module that shapes a cached value must lie
 * there, or an edit of it would leave old entries in use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINGERPRINTED_FOLDERS } from '../../src/harness/base/parse-cache.js';

const SRC = join(process.cwd(), 'src');
/** What derives a cached value: a parsed prompt, a prompt's own lint problems, a validated config, a parsed case file and its hashes. */
const DERIVERS = [
  'harness/registry/prompt-file.ts',
  'harness/registry/lint-prompt.ts',
  'harness/config/config-schema.ts',
  'harness/cases/load-module-cases.ts',
  'agent/scenarios/load-scenarios.ts',
  'harness/cases/case-hash.ts',
];

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = start.map((f) => join(SRC, f));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = join(dirname(file), m[1]!.replace(/\.js$/, '.ts'));
      if (existsSync(target)) queue.push(target);
    }
  }
  return seen;
}

describe('the parse cache fingerprint', () => {
  it('covers every module that derives a cached value', () => {
    const folders = new Set<string>(FINGERPRINTED_FOLDERS);
    const outside = [...closure(DERIVERS)].map((f) => relative(SRC, f)).filter((f) => !folders.has(dirname(f)));
    expect(outside).toEqual([]);
  });

  it('would notice a module outside it (the check is not vacuous)', () => {
    const reached = [...closure(['harness/cli/commands/list.ts'])].map((f) => relative(SRC, f));
    expect(reached.some((f) => !new Set<string>(FINGERPRINTED_FOLDERS).has(dirname(f)))).toBe(true);
  });
});
