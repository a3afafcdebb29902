/**
 * YAML and JSON parsed with node positions, so that a validation issue on a
 * value names the line of the offending key (file:line), not just the file.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { LineCounter, parseDocument, visit, type Node as YamlNode } from 'yaml';
import { TOO_DEEP, tooDeepOffset, tooDeepPath } from './nesting-depth.js';
import { readPlainYaml } from './plain-yaml.js';

export interface PositionedValue {
  value?: unknown;
  error?: { message: string; line: number };
  /** 1-based file line of the value at a path (falls back to the nearest parent). */
  lineOf(path: readonly PropertyKey[]): number;
}

/** What to do about an alias, which every YAML file orderflow reads refuses. */
export const ALIAS_HINT = 'aliases (*name) are not allowed; write the value out';

/**
 * Aliases are never needed in our files; refusing them makes alias bombs harmless.
 * The library's warnings (a key that is a list, say) would reach the terminal as
 * Node process warnings; the validation error that follows says it better.
 */
const YAML_OPTIONS = { uniqueKeys: true, prettyErrors: false, logLevel: 'error' } as const;

export function parseYamlWithPositions(text: string, firstLine = 1): PositionedValue {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter });
  const toLine = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  const lineOf = lineLookup(doc, toLine, firstLine);
  const first = doc.errors[0];
  if (first) return { error: { message: withYamlHint(first.message.split('\n')[0]!, first.code), line: toLine(first.pos[0]) }, lineOf };
  try {
    const value: unknown = doc.toJS({ maxAliasCount: 0 });
    const deep = tooDeepPath(value);
    return deep ? { error: { message: TOO_DEEP, line: lineOf(deep) }, lineOf } : { value, lineOf };
  } catch (error) {
    // The one thing toJS refuses here is an alias: point at the first one.
    let at: number | undefined;
    visit(doc, { Alias: (_, node) => ((at = node.range?.[0]), visit.BREAK) });
    return { error: { message: `${(error as Error).message}: ${ALIAS_HINT}`, line: at === undefined ? firstLine : toLine(at) }, lineOf };
  }
}

/** The YAML library says what is wrong; these say what to do about it, by error code. */
const YAML_HINTS: Record<string, string> = {
  BLOCK_AS_IMPLICIT_KEY: 'quote a value that contains ": " (e.g. description: "退款: 已到账"), or fix the indentation of this line',
  MULTILINE_IMPLICIT_KEY: 'a key must sit on one line: quote a value that contains ": ", or fix the indentation',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  MISSING_CHAR: 'close the quote or bracket that was opened',
  BAD_INDENT: 'close the [ or { of this value, or indent its continuation lines further',
  DUPLICATE_KEY: 'each key only once per mapping',
  BAD_SCALAR_START: 'quote a value that starts with @ or `',
  UNEXPECTED_TOKEN: 'check the indentation: items of one list or mapping start in the same column; quote values that contain ": " or " #"',
  BAD_DQ_ESCAPE: 'in double quotes write a backslash as \\\\, or use single quotes',
};

/** Library messages that address the library's user (a programmer), not the file's author: said instead. */
const YAML_MESSAGES: Record<string, string> = {
  MULTIPLE_DOCS: 'the file holds more than one YAML document (a line of ---); keep one document, with all the items in one list',
};

function withYamlHint(message: string, code: string): string {
  if (YAML_MESSAGES[code]) return YAML_MESSAGES[code];
  if (/Maximum call stack size exceeded/.test(message)) return TOO_DEEP;
  const hint = YAML_HINTS[code];
  return hint ? `${message}; ${hint}` : message;
}

export function parseJsonWithPositions(text: string, firstLine = 1): PositionedValue {
  const lineAt = lineIndex(text, firstLine);
  // The position tree is built on first use only: valid files at scale never pay for it.
  let tree: ReturnType<typeof parseTree> | null = null;
  const errors: ParseError[] = [];
  const buildTree = () => (tree ??= parseTree(text, errors, { disallowComments: true, allowTrailingComma: false }) ?? undefined);
  // Generated files are often one line: every position is then on it, no tree needed.
  const oneLine = !text.trimEnd().includes('\n');
  const lineOf = (path: readonly PropertyKey[]) => {
    if (oneLine) return firstLine;
    const root = buildTree();
    for (let depth = path.length; depth >= 0; depth--) {
      const node = root && findNodeAtLocation(root, path.slice(0, depth) as (string | number)[]);
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
    const message = first ? `${printParseErrorCode(first.error)} (${(error as Error).message.split('\n')[0]})` : (error as Error).message;
    return { error: { message, line: first ? lineAt(first.offset) : firstLine }, lineOf };
  }
}

/**
 * JSON files go the fast way (JSON is YAML, but JSON.parse is far quicker);
 * plain YAML through js-yaml, with the line of each item of the root's
 * `listKey` list; anything else, and every other position, through the `yaml`
 * library, read only when asked for.
 */
export function parseDataFile(text: string, listKey?: string): PositionedValue {
  if (/^\s*[{[]/.test(text)) return parseJsonWithPositions(text);
  const plain = listKey === undefined ? undefined : readPlainYaml(text, listKey);
  if (!plain) return parseYamlWithPositions(text);
  // Too deep for the fast way's positions: the `yaml` library reads it again and says where.
  if (tooDeepPath(plain.value)) return parseYamlWithPositions(text);
  const lineAt = lineIndex(text, 1);
  let positioned: PositionedValue | undefined;
  return {
    value: plain.value,
    lineOf: (path) => {
      const start = path.length === 2 && path[0] === listKey && typeof path[1] === 'number' ? plain.itemStarts[path[1]] : undefined;
      return start !== undefined ? lineAt(start) : (positioned ??= parseYamlWithPositions(text)).lineOf(path);
    },
  };
}

/** offset → 1-based line, by binary search over the newline offsets. */
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

function lineLookup(doc: ReturnType<typeof parseDocument>, toLine: (offset: number) => number, firstLine: number) {
  return (path: readonly PropertyKey[]) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = doc.getIn(path.slice(0, depth) as unknown[], true) as YamlNode | undefined;
      if (node?.range) return toLine(node.range[0]);
    }
    return firstLine;
  };
}

/** Where a validation issue points: an unknown key at the key itself, not at the object holding it. */
export function issuePath(issue: { code: string; path: PropertyKey[]; keys?: string[] }): PropertyKey[] {
  return issue.code === 'unrecognized_keys' && issue.keys?.[0] !== undefined ? [...issue.path, issue.keys[0]] : issue.path;
}

/** The 1-based line of a JSON.parse error, from the position V8 puts in its message (or undefined). */
export function jsonErrorLine(text: string, error: unknown): number | undefined {
  const at = /at position (\d+)/.exec(String((error as Error)?.message ?? ''));
  return at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
}
