/**
 * The folder layout is the architecture: imports point down only. src/ holds
 * two parts, the harness (src/harness/) and the agent it evaluates
 * (src/agent/); each folder of a part, and the files directly in it, is a
 * layer with a rank of its own, so no two layers can lean on each other
 * unseen. A module that needs something from a layer above it is in the wrong
 * folder (or the thing it needs is); this test names each such import, and
 * each import of the agent by the harness that bypasses the registration point.
 */
import { appendFileSync, cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { importEdges, layerViolations, mutualPairs, PARTS, partViolations, ROOT, sourceFiles, type ImportEdge, type Ranks } from './import-graph.js';

const SRC = join(process.cwd(), 'src');

/**
 * Top to bottom; docs/layers.md says what each layer holds. The agent lies
 * between the harness's lower layers, which it builds on (a scenario, a
 * provider, a check result), and its upper ones, which run and report it; its
 * vocabulary, names that import nothing, lies low enough for the registry's
 * lint and the case loaders to check a file against.
 */
const RANK: Ranks = {
  [ROOT]: 21,
  'harness/cli': 20,
  'harness/view': 19,
  'harness/evaluate': 18,
  'harness/generate': 17,
  'harness/report': 16,
  'harness/runner': 15,
  'harness/*.ts': 14,
  'agent/*.ts': 13,
  'agent/judge': 12,
  'agent/pipeline': 11,
  'agent/models': 10,
  'agent/prompt-vocabulary': 9,
  'agent/scenarios': 8,
  'harness/scoring': 7,
  'harness/cases': 6,
  'harness/model-output': 5,
  'harness/providers': 4,
  'harness/config': 3,
  'harness/registry': 2,
  'agent/vocabulary': 1,
  'harness/base': 0,
};

/** Where the harness plugs the agent in: the one harness file that may import it. */
const REGISTRATION = 'harness/agent-registration.ts';

const edge = (from: string, to: string): ImportEdge => ({ file: `${from}/a.ts`, specifier: `../${to}/b.js`, target: `${to}/b.ts`, from, to });

describe('the folder layers', () => {
  it('src/ holds the two parts and index.ts; every folder of a part, and its own files, has a rank of its own and holds code', () => {
    const entries = readdirSync(SRC, { withFileTypes: true });
    expect(entries.filter((e) => e.isDirectory()).map((e) => e.name)).toEqual([...PARTS].sort());
    const layers = [ROOT];
    for (const part of PARTS) {
      const inPart = readdirSync(join(SRC, part), { withFileTypes: true });
      for (const e of inPart.filter((e) => e.isDirectory())) {
        expect(sourceFiles(join(SRC, part, e.name)).length, `${part}/${e.name}`).toBeGreaterThan(0);
        layers.push(`${part}/${e.name}`);
      }
      if (inPart.some((e) => e.isFile() && e.name.endsWith('.ts'))) layers.push(`${part}/*.ts`);
    }
    expect(Object.keys(RANK).sort()).toEqual(layers.sort());
    expect(new Set(Object.values(RANK)).size).toBe(Object.keys(RANK).length);
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

  it('the harness imports the agent only through its registration point', () => {
    const edges = importEdges(SRC);
    expect(partViolations(edges, REGISTRATION)).toEqual([]);
    expect(edges.some((e) => e.file === REGISTRATION && e.to.startsWith('agent/'))).toBe(true);
  });
});

describe('the layer rules', () => {
  it('name an upward import, a sideways one between equal ranks, and a layer with no rank', () => {
    expect(layerViolations([edge('harness/registry', 'harness/cli')], RANK)).toEqual([
      'harness/registry/a.ts imports ../harness/cli/b.js (harness/registry → harness/cli): rank 2 may import only lower ranks, harness/cli has 20',
    ]);
    expect(layerViolations([edge('left', 'right')], { left: 1, right: 1 })).toHaveLength(1);
    expect(layerViolations([edge('util', 'harness/base')], RANK)).toEqual(['util/a.ts imports ../harness/base/b.js (util → harness/base): util has no rank']);
    expect(layerViolations([edge('harness/cli', 'harness/registry')], RANK)).toEqual([]);
  });

  it('name a pair of layers that import each other once, whatever their ranks', () => {
    expect(
      mutualPairs([
        edge('agent/judge', 'agent/pipeline'),
        edge('agent/pipeline', 'agent/judge'),
        edge('agent/pipeline', 'agent/judge'),
        edge('harness/cli', 'harness/base'),
      ]),
    ).toEqual(['agent/judge ⇄ agent/pipeline']);
  });

  it('name an import of the agent by the harness, whatever its rank, unless through the registration point', () => {
    const named = (from: string, to: string, file = `${from}/a.ts`) => ({ ...edge(from, to), file, target: `${to}/b.ts` });
    expect(partViolations([named('harness/runner', 'agent/pipeline')], REGISTRATION)).toEqual([
      'harness/runner/a.ts imports ../agent/pipeline/b.js (harness/runner → agent/pipeline): the harness reaches the agent only through harness/agent-registration.ts',
    ]);
    expect(partViolations([named('harness/*.ts', 'agent/*.ts', REGISTRATION)], REGISTRATION)).toEqual([]);
    expect(partViolations([named('agent/judge', 'harness/scoring')], REGISTRATION)).toEqual([]);
  });

  it('catch imports planted in a copy of src/: an upward re-export, a bare import, a dynamic import, the harness into the agent', () => {
    const copy = join(tempDir(), 'src');
    cpSync(SRC, copy, { recursive: true });
    appendFileSync(join(copy, 'harness', 'base', 'errors.ts'), "\nexport { loadRegistry } from '../registry/registry.js';\n");
    appendFileSync(join(copy, 'harness', 'registry', 'registry.ts'), "\nimport '../cli/main.js';\n");
    appendFileSync(join(copy, 'agent', 'pipeline', 'trace.ts'), "\nconst api = () => import('../../index.js');\n");
    appendFileSync(join(copy, 'harness', 'runner', 'run-eval.ts'), "\nimport { runPipeline } from '../../agent/pipeline/orchestrator.js';\n");
    const edges = importEdges(copy);
    expect(
      layerViolations(edges, RANK)
        .map((v) => v.split(':')[0])
        .sort(),
    ).toEqual([
      `${join('agent', 'pipeline', 'trace.ts')} imports ../../index.js (agent/pipeline → src/*.ts)`,
      `${join('harness', 'base', 'errors.ts')} imports ../registry/registry.js (harness/base → harness/registry)`,
      `${join('harness', 'registry', 'registry.ts')} imports ../cli/main.js (harness/registry → harness/cli)`,
    ]);
    expect(mutualPairs(edges)).toEqual(['harness/base ⇄ harness/registry', 'harness/cli ⇄ harness/registry']);
    // Downward by rank, so only the part rule names it.
    expect(partViolations(edges, REGISTRATION).map((v) => v.split(':')[0])).toEqual([
      `${join('harness', 'runner', 'run-eval.ts')} imports ../../agent/pipeline/orchestrator.js (harness/runner → agent/pipeline)`,
    ]);
  });
});
