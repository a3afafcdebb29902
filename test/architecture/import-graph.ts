/**
 * The imports of src/ between its layers, and the two rules they must keep:
 * each import points to a layer of lower rank, and no two layers import each
 * other. Pure functions over a file tree, so that the layer test can run them
 * on a copy with a planted import as well as on src/ itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** The layer of the files directly under src/ (index.ts, the public API). */
export const ROOT = 'src/*.ts';

export interface ImportEdge {
  /** The importing file, relative to src/. */
  file: string;
  specifier: string;
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

/** The first folder under src/ of a path relative to src/, or ROOT for a file directly in it. */
function layerOf(pathInSrc: string): string {
  const parts = pathInSrc.split(sep);
  return parts.length === 1 ? ROOT : parts[0]!;
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
      const to = layerOf(normalize(join(dirname(file), m[1]!)));
      if (to !== from) edges.push({ file, specifier: m[1]!, from, to });
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
