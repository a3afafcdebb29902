/**
 * The folder layout is the architecture: imports point down only. A module
 * that needs something from a layer above it is in the wrong folder (or the
 * thing it needs is); this test names each such import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.cwd(), 'src');
/** Higher imports lower; equal ranks may import each other. */
const RANK: Record<string, number> = {
  cli: 8,
  evaluate: 7,
  generate: 7,
  report: 6,
  runner: 5,
  pipeline: 4,
  scoring: 4,
  cases: 4,
  providers: 3,
  config: 2,
  registry: 1,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const layerOf = (path: string) => relative(SRC, path).split('/')[0]!;

function upwardImports(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = layerOf(file);
    if (RANK[from] === undefined) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const to = layerOf(normalize(join(dirname(file), m[1]!)));
      if (RANK[to] !== undefined && RANK[to]! > RANK[from]!) out.push(`${relative(SRC, file)} imports ${m[1]} (${from} → ${to})`);
    }
  }
  return out;
}

describe('the folder layers', () => {
  it('every layer folder exists and holds code', () => {
    for (const layer of Object.keys(RANK)) expect(sourceFiles(join(SRC, layer)).length, layer).toBeGreaterThan(0);
  });

  it('no module imports a layer above its own', () => {
    expect(upwardImports()).toEqual([]);
  });
});
