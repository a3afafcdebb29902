/**
 * Two measures of the shape of src/: how long each function is, and which
 * modules import each other round in a circle. Pure functions over source
 * text and a file tree, so that the test can run them on planted examples as
 * well as on src/ itself.
 *
 * TypeScript 7 (the typescript devDependency) ships the compiler as a native
 * binary with no JavaScript API, so the functions are found with the oxc
 * parser that vite (a devDependency) exports.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { parseSync } from 'vite';
import { sourceFiles } from './import-graph.js';

export interface FunctionSpan {
  /** `file › name`: the name the function is declared or assigned under, `<anonymous>` when it has none. */
  where: string;
  /** Lines from its first to its last, both included: a nested function counts in its outer one too. */
  lines: number;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && typeof (x as Node).type === 'string';

/** The name a child node gives the functions under it: a declared function, a variable, a method, a property. */
function nameOf(node: Node): string | undefined {
  const key = (node.id ?? node.key) as { name?: unknown } | null | undefined;
  const named = ['FunctionDeclaration', 'VariableDeclarator', 'MethodDefinition', 'Property', 'PropertyDefinition'].includes(node.type);
  return named && typeof key?.name === 'string' ? key.name : undefined;
}

/** Every function of one source file with its length in lines. */
export function functionSpans(file: string, text: string): FunctionSpan[] {
  const lineStarts = [...text.matchAll(/\n/g)].map((m) => m.index);
  const lineOf = (offset: number) => lineStarts.filter((at) => at < offset).length + 1;
  const spans: FunctionSpan[] = [];
  const visit = (node: Node, name: string): void => {
    const own = nameOf(node) ?? name;
    if (FUNCTIONS.has(node.type)) spans.push({ where: `${file} › ${own}`, lines: lineOf(node.end) - lineOf(node.start) + 1 });
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child, own);
    }
  };
  const { program, errors } = parseSync(file, text);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);
  visit(program as unknown as Node, '<anonymous>');
  return spans;
}

/** The functions of every file under srcDir longer than maxLines, longest first. */
export function longFunctions(srcDir: string, maxLines: number): FunctionSpan[] {
  return sourceFiles(srcDir)
    .flatMap((path) => functionSpans(relative(srcDir, path), readFileSync(path, 'utf8')))
    .filter((f) => f.lines > maxLines)
    .sort((a, b) => b.lines - a.lines);
}

// Every way a module reaches another, types included: a type-only circle still means two files that cannot be read apart.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The modules of srcDir that import each other in a circle, each circle as its files sorted, relative to srcDir. */
export function importCircles(srcDir: string): string[][] {
  const files = sourceFiles(srcDir).map((path) => relative(srcDir, path));
  const known = new Set(files);
  const imports = new Map(
    files.map((file) => {
      const text = readFileSync(join(srcDir, file), 'utf8');
      const targets = [...text.matchAll(RELATIVE_IMPORT)].map((m) => normalize(join(dirname(file), m[1]!.replace(/\.js$/, '.ts'))));
      return [file, targets.filter((t) => known.has(t))];
    }),
  );
  return stronglyConnected(imports)
    .filter((group) => group.length > 1)
    .map((group) => group.sort())
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Tarjan's strongly connected components: each group of nodes that reach one another. */
function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    groups.push(group);
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}
