/**
 * JSON parsed with node positions (file:line of a validation issue). Apart
 * from the YAML side (source-positions.ts) so that lint can check a prompt's
 * JSON examples without loading the YAML library.
 */
import type * as JsoncParser from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import { lazyPackage } from './lazy-package.js';
import { TOO_DEEP, tooDeepOffset } from './nesting-depth.js';

const jsonc = lazyPackage<typeof JsoncParser>('jsonc-parser');

export interface PositionedValue {
  value?: unknown;
  error?: { message: string; line: number };
  /** 1-based file line of the value at a path (falls back to the nearest parent). */
  lineOf(path: readonly PropertyKey[]): number;
}

export function parseJsonWithPositions(text: string, firstLine = 1): PositionedValue {
  const lineAt = lineIndex(text, firstLine);
  // The position tree is built on first use only: valid files at scale never pay for it.
  let tree: ReturnType<typeof JsoncParser.parseTree> | null = null;
  const errors: ParseError[] = [];
  const buildTree = () => (tree ??= jsonc().parseTree(text, errors, { disallowComments: true, allowTrailingComma: false }) ?? undefined);
  // Generated files are often one line: every position is then on it, no tree needed.
  const oneLine = !text.trimEnd().includes('\n');
  const lineOf = (path: readonly PropertyKey[]) => {
    if (oneLine) return firstLine;
    const root = buildTree();
    for (let depth = path.length; depth >= 0; depth--) {
      const node = root && jsonc().findNodeAtLocation(root, path.slice(0, depth) as (string | number)[]);
      if (node) return lineAt(node.parent?.type === 'property' ? node.parent.offset : node.offset);
    }
    return firstLine;
  };
  try {
    // JSON.parse is the arbiter of validity; jsonc-parser only supplies positions.
    const value: unknown = JSON.parse(text);
    // The position tree of such a file cannot be built (jsonc-parser recurses): the line comes from the text.
    const deep = tooDeepOffset(text);
    return deep >= 0 ? { error: { message: TOO_DEEP, line: lineAt(deep) }, lineOf: () => lineAt(deep) } : { value, lineOf };
  } catch (error) {
    const deep = tooDeepOffset(text);
    if (deep >= 0) return { error: { message: TOO_DEEP, line: lineAt(deep) }, lineOf: () => lineAt(deep) };
    buildTree();
    const first = errors[0];
    const message = first ? `${jsonc().printParseErrorCode(first.error)} (${(error as Error).message.split('\n')[0]})` : (error as Error).message;
    return { error: { message, line: first ? lineAt(first.offset) : firstLine }, lineOf };
  }
}

export /** offset → 1-based line, by binary search over the newline offsets. */
function lineIndex(text: string, firstLine: number): (offset: number) => number {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + firstLine;
  };
}

/** The 1-based line of a JSON.parse error, from the position V8 puts in its message (or undefined). */
export function jsonErrorLine(text: string, error: unknown): number | undefined {
  const at = /at position (\d+)/.exec(String((error as Error)?.message ?? ''));
  return at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
}
