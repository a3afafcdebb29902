/**
 * YAML and JSON parsed with node positions, so that a validation issue on a
 * value names the line of the offending key (file:line), not just the file.
 */
import { LineCounter, parseDocument, type Node as YamlNode } from 'yaml';

export interface PositionedValue {
  value?: unknown;
  error?: { message: string; line: number };
  /** 1-based file line of the value at a path (falls back to the nearest parent). */
  lineOf(path: readonly PropertyKey[]): number;
}

/** Aliases are never needed in our files; refusing them makes alias bombs harmless. */
const YAML_OPTIONS = { uniqueKeys: true, prettyErrors: false } as const;

export function parseYamlWithPositions(text: string, firstLine = 1): PositionedValue {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter });
  const toLine = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  const lineOf = lineLookup(doc, toLine, firstLine);
  const first = doc.errors[0];
  if (first) return { error: { message: first.message.split('\n')[0]!, line: toLine(first.pos[0]) }, lineOf };
  try {
    return { value: doc.toJS({ maxAliasCount: 0 }), lineOf };
  } catch (error) {
    return { error: { message: (error as Error).message, line: firstLine }, lineOf };
  }
}

export function parseJsonWithPositions(text: string, firstLine = 1): PositionedValue {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...YAML_OPTIONS, lineCounter });
  const toLine = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  const lineOf = lineLookup(doc, toLine, firstLine);
  try {
    // JSON.parse is the arbiter of validity: YAML accepts more than JSON does.
    return { value: JSON.parse(text), lineOf };
  } catch (error) {
    const yamlError = doc.errors[0];
    const line = yamlError ? toLine(yamlError.pos[0]) : lineFromJsonError(text, error as Error, firstLine);
    return { error: { message: (error as Error).message, line }, lineOf };
  }
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

function lineFromJsonError(text: string, error: Error, firstLine: number): number {
  const m = /position (\d+)/.exec(error.message);
  if (!m) return firstLine;
  return text.slice(0, Number(m[1])).split('\n').length + firstLine - 1;
}
