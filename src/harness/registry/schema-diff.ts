/**
 * Breaking/compatible changes between two versions of a schema tree. Breaking:
 * a field removed or renamed, an enum value removed, a type changed, a
 * nullable field made required, a bound tightened (a number's range, a string's
 * length, a list's number of items: output the old version could give is
 * refused by the new one). Compatible: a field or enum value added, a bound
 * loosened, null newly allowed.
 */
import { describeNode, type SchemaField, type SchemaNode } from './schema-tree.js';

export type ChangeSeverity = 'breaking' | 'compatible';

export interface SchemaChange {
  severity: ChangeSeverity;
  path: string;
  message: string;
}

export function diffSchemas(before: SchemaNode | undefined, after: SchemaNode | undefined, label: string): SchemaChange[] {
  if (!before && !after) return [];
  if (!before) return [{ severity: 'compatible', path: label, message: 'schema added' }];
  if (!after) return [{ severity: 'breaking', path: label, message: 'schema removed' }];
  const changes: SchemaChange[] = [];
  walk(before, after, '', changes);
  return changes.map((c) => ({ ...c, path: c.path ? `${label}.${c.path}` : label }));
}

function walk(a: SchemaNode | null, b: SchemaNode | null, path: string, out: SchemaChange[]): void {
  const at = path || '(root)';
  if (a === null || b === null) {
    if (a === null && b !== null) out.push({ severity: 'breaking', path: at, message: `items narrowed from any to ${describeNode(b)}` });
    if (a !== null && b === null) out.push({ severity: 'compatible', path: at, message: `items widened from ${describeNode(a)} to any` });
    return;
  }
  if (a.kind !== b.kind && !(isStringLike(a) && isStringLike(b))) {
    out.push({ severity: 'breaking', path: at, message: `type changed from ${describeNode(a)} to ${describeNode(b)}` });
    return;
  }
  switch (a.kind) {
    case 'object':
      diffFields(a.fields, (b as typeof a).fields, path, out);
      return;
    case 'array': {
      const n = b as typeof a;
      diffBound(a.minItems, n.minItems, 'min', at, out, 'items');
      diffBound(a.maxItems, n.maxItems, 'max', at, out, 'items');
      walk(a.items, n.items, `${path}[]`, out);
      return;
    }
    case 'number': {
      const n = b as typeof a;
      if (!a.integer && n.integer) out.push({ severity: 'breaking', path: at, message: 'number restricted to integers' });
      if (a.integer && !n.integer) out.push({ severity: 'compatible', path: at, message: 'integer widened to number' });
      diffBound(a.min, n.min, 'min', at, out);
      diffBound(a.max, n.max, 'max', at, out);
      return;
    }
    case 'string':
    case 'enum':
      diffStringLike(a, b as typeof a, at, out);
      return;
    default:
      return;
  }
}

function isStringLike(n: SchemaNode): n is Extract<SchemaNode, { kind: 'string' | 'enum' }> {
  return n.kind === 'string' || n.kind === 'enum';
}

function diffStringLike(
  a: Extract<SchemaNode, { kind: 'string' | 'enum' }>,
  b: Extract<SchemaNode, { kind: 'string' | 'enum' }>,
  at: string,
  out: SchemaChange[],
): void {
  if (a.nullable && !b.nullable) out.push({ severity: 'breaking', path: at, message: 'nullable field made required (null no longer allowed)' });
  if (!a.nullable && b.nullable) out.push({ severity: 'compatible', path: at, message: 'null now allowed' });
  if (a.kind === 'string' && b.kind === 'enum') {
    out.push({ severity: 'breaking', path: at, message: `free string narrowed to enum(${b.values.join(' | ')})` });
  } else if (a.kind === 'enum' && b.kind === 'string') {
    out.push({ severity: 'compatible', path: at, message: 'enum widened to free string' });
  } else if (a.kind === 'string' && b.kind === 'string') {
    diffBound(a.minLength, b.minLength, 'min', at, out, 'length');
    diffBound(a.maxLength, b.maxLength, 'max', at, out, 'length');
  } else if (a.kind === 'enum' && b.kind === 'enum') {
    for (const v of a.values.filter((v) => !b.values.includes(v))) out.push({ severity: 'breaking', path: at, message: `enum value "${v}" removed` });
    for (const v of b.values.filter((v) => !a.values.includes(v))) out.push({ severity: 'compatible', path: at, message: `enum value "${v}" added` });
  }
}

/** `of`: what the bound counts, when not the value itself (a string's length, a list's items). */
function diffBound(a: number | undefined, b: number | undefined, which: 'min' | 'max', at: string, out: SchemaChange[], of?: 'length' | 'items'): void {
  if (a === b) return;
  // A new bound, or one moved inward, refuses some output the old schema accepted.
  const tightened = b !== undefined && (a === undefined || (which === 'min' ? b > a : b < a));
  out.push({
    severity: tightened ? 'breaking' : 'compatible',
    path: at,
    message: `${of ? `${which} ${of}` : which} ${a ?? 'none'} → ${b ?? 'none'}${tightened ? ' (tightened)' : ' (loosened)'}`,
  });
}

function diffFields(a: SchemaField[], b: SchemaField[], path: string, out: SchemaChange[]): void {
  const join = (key: string) => (path ? `${path}.${key}` : key);
  const removed = a.filter((f) => !b.some((g) => g.key === f.key));
  const added = b.filter((f) => !a.some((g) => g.key === f.key));
  // One field out and one of the same shape in, side by side, reads as a rename.
  if (removed.length === 1 && added.length === 1 && describeNode(removed[0]!.node) === describeNode(added[0]!.node)) {
    out.push({ severity: 'breaking', path: join(removed[0]!.key), message: `field renamed to "${added[0]!.key}"` });
  } else {
    for (const f of removed) out.push({ severity: 'breaking', path: join(f.key), message: 'field removed' });
    for (const f of added) out.push({ severity: 'compatible', path: join(f.key), message: `field added (${describeNode(f.node)})` });
  }
  for (const f of a) {
    const g = b.find((x) => x.key === f.key);
    if (g) walk(f.node, g.node, join(f.key), out);
  }
}
