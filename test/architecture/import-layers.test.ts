/**
 * The folder layout is the architecture: imports point down only. A module
 * that needs something from a layer above it is in the wrong folder (or the
 * thing it needs is); this test names each such import. Every folder of src/
 * and the files directly in it have a rank of their own, so no two layers can
 * lean on each other unseen.
 */
import { appendFileSync, cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { importEdges, layerViolations, mutualPairs, ROOT, sourceFiles, type ImportEdge, type Ranks } from './import-graph.js';

const SRC = join(process.cwd(), 'src');

/** Top to bottom; docs/layers.md says what each layer holds. */
const RANK: Ranks = {
  [ROOT]: 14,
  cli: 13,
  view: 12,
  evaluate: 11,
  generate: 10,
  report: 9,
  runner: 8,
  scoring: 7,
  pipeline: 6,
  cases: 5,
  'model-output': 4,
  providers: 3,
  config: 2,
  registry: 1,
  base: 0,
};

const edge = (from: string, to: string): ImportEdge => ({ file: `${from}/a.ts`, specifier: `../${to}/b.js`, from, to });

describe('the folder layers', () => {
  it('every folder of src/, and its root files, has a rank of its own and holds code', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(Object.keys(RANK).sort()).toEqual([ROOT, ...folders].sort());
    expect(new Set(Object.values(RANK)).size).toBe(Object.keys(RANK).length);
    for (const folder of folders) expect(sourceFiles(join(SRC, folder)).length, folder).toBeGreaterThan(0);
  });

  it('docs/layers.md gives each layer the rank the test holds', () => {
    const rows = readFileSync(join(process.cwd(), 'docs', 'layers.md'), 'utf8').matchAll(/^\| *(\d+) *\| *`([^`]+)`/gm);
    const documented = Object.fromEntries([...rows].map(([, rank, layer]) => [layer === 'src/index.ts' ? ROOT : layer!.replace(/\/$/, ''), Number(rank)]));
    expect(documented).toEqual(RANK);
  });

  it('no module imports a layer of its own rank or above', () => {
    expect(layerViolations(importEdges(SRC), RANK)).toEqual([]);
  });

  it('no two layers import each other', () => {
    expect(mutualPairs(importEdges(SRC))).toEqual([]);
  });
});

describe('the layer rules', () => {
  it('name an upward import, a sideways one between equal ranks, and a layer with no rank', () => {
    expect(layerViolations([edge('registry', 'cli')], RANK)).toEqual([
      'registry/a.ts imports ../cli/b.js (registry → cli): rank 1 may import only lower ranks, cli has 13',
    ]);
    expect(layerViolations([edge('left', 'right')], { left: 1, right: 1 })).toHaveLength(1);
    expect(layerViolations([edge('util', 'base')], RANK)).toEqual(['util/a.ts imports ../base/b.js (util → base): util has no rank']);
    expect(layerViolations([edge('cli', 'registry')], RANK)).toEqual([]);
  });

  it('name a pair of layers that import each other once, whatever their ranks', () => {
    expect(mutualPairs([edge('scoring', 'pipeline'), edge('pipeline', 'scoring'), edge('pipeline', 'scoring'), edge('cli', 'base')])).toEqual([
      'pipeline ⇄ scoring',
    ]);
  });

  it('catch imports planted in a copy of src/: an upward re-export, a bare import, a dynamic import', () => {
    const copy = join(tempDir(), 'src');
    cpSync(SRC, copy, { recursive: true });
    appendFileSync(join(copy, 'base', 'errors.ts'), "\nexport { loadRegistry } from '../registry/registry.js';\n");
    appendFileSync(join(copy, 'registry', 'registry.ts'), "\nimport '../cli/main.js';\n");
    appendFileSync(join(copy, 'pipeline', 'trace.ts'), "\nconst api = () => import('../index.js');\n");
    const edges = importEdges(copy);
    expect(
      layerViolations(edges, RANK)
        .map((v) => v.split(':')[0])
        .sort(),
    ).toEqual([
      'base/errors.ts imports ../registry/registry.js (base → registry)',
      'pipeline/trace.ts imports ../index.js (pipeline → src/*.ts)',
      'registry/registry.ts imports ../cli/main.js (registry → cli)',
    ]);
    expect(mutualPairs(edges)).toEqual(['base ⇄ registry', 'cli ⇄ registry']);
  });
});
