/**
 * YAML and JSON parsed with node positions, so that a validation issue on a
 * value names the line of the offending key (file:line), not just the file.
 */
import type * as Yaml from 'yaml';
import type { Node as YamlNode } from 'yaml';
import { lazyPackage } from './lazy-package.js';
import { lineIndex, parseJsonWithPositions, type PositionedValue } from './json-positions.js';
import { TOO_DEEP, tooDeepPath } from './nesting-depth.js';
import { readPlainYaml } from './plain-yaml.js';

export { jsonErrorLine, parseJsonWithPositions, type PositionedValue } from './json-positions.js';

const yaml = lazyPackage<typeof Yaml>('yaml');

/** What to do about an alias, which every YAML file orderflow reads refuses. */
export const ALIAS_HINT = 'aliases (*name) are not allowed; write the value out';

/**
 * Aliases are never needed in our files; refusing them makes alias bombs harmless.
 * The library's warnings (a key that is a list, say) would reach the terminal as
 * Node process warnings; the validation error that follows says it better.
 */
const YAML_OPTIONS = { uniqueKeys: true, prettyErrors: false, logLevel: 'error' } as const;

export function parseYamlWithPositions(text: string, firstLine = 1): PositionedValue {
  const { LineCounter, parseDocument, visit } = yaml();
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
    visit(doc, {
      Alias: (_, node) => {
        at = node.range?.[0];
        return visit.BREAK;
      },
    });
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

function lineLookup(doc: ReturnType<typeof Yaml.parseDocument>, toLine: (offset: number) => number, firstLine: number) {
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
