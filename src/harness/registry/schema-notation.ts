/**
 * The seed's schema notation (docs/spec/modules.md#the-schema-notation) parsed into a small typed tree.
 * The tree, not zod, is the source of truth: zod validators, JSON Schema and
 * the breaking/compatible diff are all derived from it.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { parseJsonWithPositions } from '../base/json-positions.js';
import type { SchemaField, SchemaNode } from './schema-tree.js';
import { NotationError } from '../base/errors.js';

const SCALAR_EXPECTED =
  '"string", "string(..200)", "string | null", an enum like "a | b" (optionally "| null"), 0.0, 0, true/false, {}, [ ... ], [ item, "0..3" ] or { ... }';

/** `"0..3"`, `"..3"`, `"1.."`: how many items (or characters) are allowed. */
const RANGE = /^(\d*)\.\.(\d*)$/;

/**
 * Parses a schema block. `firstLine` is the 1-based line of the block's first
 * line in its file, so that every error and every node carries a file line.
 */
export function parseSchemaNotation(text: string, firstLine = 1): SchemaNode {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, logLevel: 'error' });
  const lineOf = (offset: number | undefined) => (offset === undefined ? firstLine : lineCounter.linePos(offset).line + firstLine - 1);
  // YAML (used here for positions) accepts more than JSON; JSON.parse decides validity.
  const json = parseJsonWithPositions(text, firstLine);
  if (json.error) throw new NotationError(`schema block is not valid JSON: ${json.error.message}`, json.error.line, '');
  // A root array (a list output) and a root enum string (a one-word output) are contracts of their own.
  if (!isMap(doc.contents) && !isSeq(doc.contents) && !(isScalar(doc.contents) && typeof doc.contents.value === 'string')) {
    throw new NotationError('schema block must be one JSON object, one array or one enum string', firstLine, '', 'a block starting with {, [ or "');
  }

  const walk = (node: YamlNode | null | undefined, path: string, hostKey: string): SchemaNode => {
    const line = lineOf(node?.range?.[0]);
    if (isMap(node)) {
      if (node.items.length === 0) return { kind: 'record', line };
      // `{ "*": <node> }`: keys the model chooses (ids it was shown), each value typed.
      const only = node.items.length === 1 && isScalar(node.items[0]!.key) ? (node.items[0]!.key as { value: unknown }).value : undefined;
      if (only === '*') return { kind: 'record', values: walk(node.items[0]!.value as YamlNode, path ? `${path}.*` : '*', '*'), line };
      const fields: SchemaField[] = [];
      for (const pair of node.items) {
        const keyNode = pair.key as YamlNode;
        if (!isScalar(keyNode) || typeof keyNode.value !== 'string' || keyNode.value === '') {
          throw new NotationError('object keys must be non-empty strings', lineOf(keyNode?.range?.[0]), path);
        }
        const key = keyNode.value;
        const childPath = path ? `${path}.${key}` : key;
        fields.push({ key, node: walk(pair.value as YamlNode, childPath, key), line: lineOf(keyNode.range?.[0]) });
      }
      return { kind: 'object', fields, line };
    }
    if (isSeq(node)) {
      const items = node.items as YamlNode[];
      if (items.length === 0) return { kind: 'array', items: null, line };
      if (items.length === 1) return { kind: 'array', items: walk(items[0], `${path}[]`, hostKey), line };
      const bound = items.length === 2 && isScalar(items[1]) && typeof items[1].value === 'string' ? RANGE.exec(items[1].value) : null;
      if (bound) return { kind: 'array', items: walk(items[0], `${path}[]`, hostKey), ...rangeOf(bound, line, path, 'Items'), line };
      const literals = items.map((item) => (isScalar(item) && typeof item.value === 'string' ? item.value : undefined));
      if (literals.some((l) => l === undefined || l === 'string' || l.includes('|'))) {
        throw new NotationError('an array with several items must list enum values', line, path, '["string"], [ { ... } ] or ["value_a", "value_b", ...]');
      }
      const values = literals as string[];
      assertUniqueEnum(values, line, path);
      return { kind: 'array', items: { kind: 'enum', values, nullable: false, line }, line };
    }
    if (isScalar(node)) {
      const v = node.value;
      if (typeof v === 'boolean') return { kind: 'boolean', line };
      if (typeof v === 'number') {
        const source = text.slice(node.range?.[0] ?? 0, node.range?.[1] ?? 0);
        const integer = /^-?\d+$/.test(source.trim());
        return hostKey === 'confidence' ? { kind: 'number', integer, min: 0, max: 1, line } : { kind: 'number', integer, line };
      }
      if (typeof v === 'string') return parseStringNotation(v, line, path);
    }
    throw new NotationError('unsupported value in schema notation', line, path, SCALAR_EXPECTED);
  };

  return walk(doc.contents, '', '');
}

function rangeOf(m: RegExpExecArray, line: number, path: string, unit: 'Items' | 'Length'): Record<string, number> {
  const min = m[1] ? Number(m[1]) : undefined;
  const max = m[2] ? Number(m[2]) : undefined;
  if (min === undefined && max === undefined) throw new NotationError(`".." bounds nothing`, line, path, 'a range such as "0..3", "..200" or "1.."');
  if (min !== undefined && max !== undefined && min > max) throw new NotationError(`range ${m[0]} is empty`, line, path, 'min..max with min ≤ max');
  return { ...(min !== undefined ? { [`min${unit}`]: min } : {}), ...(max !== undefined ? { [`max${unit}`]: max } : {}) };
}

function parseStringNotation(value: string, line: number, path: string): SchemaNode {
  const bounded = /^string\(([^)]*)\)(\s*\|\s*null)?$/.exec(value.trim());
  if (bounded) {
    const range = RANGE.exec(bounded[1]!.trim());
    if (!range) throw new NotationError(`"${value}" has no valid length range`, line, path, '"string(..200)", "string(1..80)" or "string(1..)"');
    return { kind: 'string', nullable: Boolean(bounded[2]), ...rangeOf(range, line, path, 'Length'), line };
  }
  const parts = value.split('|').map((p) => p.trim());
  if (parts.some((p) => p === '')) {
    throw new NotationError(`empty alternative in "${value}"`, line, path, 'values separated by " | "');
  }
  const nullable = parts.length > 1 && parts[parts.length - 1] === 'null';
  const alternatives = nullable ? parts.slice(0, -1) : parts;
  if (alternatives.includes('null')) {
    throw new NotationError(`"null" may only come last in "${value}"`, line, path);
  }
  if (alternatives.length === 1 && alternatives[0] === 'string') return { kind: 'string', nullable, line };
  if (alternatives.includes('string')) {
    throw new NotationError(`"string" cannot be mixed with enum values in "${value}"`, line, path, SCALAR_EXPECTED);
  }
  const bad = alternatives.find((a) => !/^[A-Za-z0-9_.-]+$/.test(a));
  if (bad !== undefined) {
    throw new NotationError(`"${bad}" is not a valid enum value`, line, path, 'identifiers such as refund_request');
  }
  assertUniqueEnum(alternatives, line, path);
  return { kind: 'enum', values: alternatives, nullable, line };
}

function assertUniqueEnum(values: string[], line: number, path: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new NotationError(`enum value "${v}" is listed twice`, line, path);
    seen.add(v);
  }
}
