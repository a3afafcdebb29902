/**
 * The imports of src/ between its layers, and the rules they must keep:
 * each import points to a layer of lower rank, no two layers import each
 * other, and the harness reaches the agent only through its registration
 * point. Pure functions over a file tree, so that the layer test can run them
 * on a copy with a planted import as well as on src/ itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** The layer of the files directly under src/ (index.ts, the public API). */
export const ROOT = 'src/*.ts';

/** The two parts of src/: each folder of a part is a layer, and so are the files directly in it (`harness/*.ts`). */
export const PARTS = ['harness', 'agent'] as const;

export interface ImportEdge {
  /** The importing file, relative to src/. */
  file: string;
  specifier: string;
  /** The imported file, relative to src/, with the .ts its .js specifier stands for. */
  target: string;
  from: string;
  to: string;
}

/** Higher imports lower; a layer never imports one of equal or higher rank. */
export type Ranks = Readonly<Record<string, number>>;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** A folder of a part (`harness/runner`), a part's own files (`harness/*.ts`), a folder outside the parts, or ROOT. */
function layerOf(pathInSrc: string): string {
  const parts = pathInSrc.split(sep);
  if (parts.length === 1) return ROOT;
  if (!(PARTS as readonly string[]).includes(parts[0]!)) return parts[0]!;
  return parts.length === 2 ? `${parts[0]}/*.ts` : `${parts[0]}/${parts[1]}`;
}

// `from '…'`, `import('…')` and the bare `import '…'`: every way a module reaches another.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Every relative import that crosses from one layer to another. */
export function importEdges(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const path of sourceFiles(srcDir)) {
    const file = relative(srcDir, path);
    const from = layerOf(file);
    for (const m of readFileSync(path, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = normalize(join(dirname(file), m[1]!)).replace(/\.js$/, '.ts');
      const to = layerOf(target);
      if (to !== from) edges.push({ file, specifier: m[1]!, target, from, to });
    }
  }
  return edges;
}

/** The imports that break the ranks: to a layer of equal or higher rank, or from or to a layer with no rank. */
export function layerViolations(edges: readonly ImportEdge[], ranks: Ranks): string[] {
  return edges.flatMap((e) => {
    const where = `${e.file} imports ${e.specifier} (${e.from} → ${e.to})`;
    const [from, to] = [ranks[e.from], ranks[e.to]];
    if (from === undefined || to === undefined) return [`${where}: ${from === undefined ? e.from : e.to} has no rank`];
    return to >= from ? [`${where}: rank ${from} may import only lower ranks, ${e.to} has ${to}`] : [];
  });
}

/** Pairs of layers that import each other, whatever their ranks, each pair named once. */
export function mutualPairs(edges: readonly ImportEdge[]): string[] {
  const pairs = new Set(edges.map((e) => `${e.from} → ${e.to}`));
  return [...pairs]
    .filter((pair) => {
      const [a, b] = pair.split(' → ') as [string, string];
      return a < b && pairs.has(`${b} → ${a}`);
    })
    .map((pair) => pair.replace(' → ', ' ⇄ '))
    .sort();
}

/** The harness's imports of the agent that do not go through its registration point (a path relative to src/, / between folders). */
export function partViolations(edges: readonly ImportEdge[], registration: string): string[] {
  const slash = (path: string) => path.split(sep).join('/');
  return edges.flatMap((e) => {
    if (!e.from.startsWith('harness/') || !e.to.startsWith('agent/') || slash(e.file) === registration) return [];
    return [`${e.file} imports ${e.specifier} (${e.from} → ${e.to}): the harness reaches the agent only through ${registration}`];
  });
}
