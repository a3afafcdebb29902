/**
 * Hand-written cases give only the input fields that matter; the rest are
 * filled with empty values derived from the module's Input Schema, so that a
 * case stays readable and still validates against the full schema.
 */
import type { SchemaNode } from '../registry/schema-tree.js';

function emptyValue(node: SchemaNode): unknown {
  switch (node.kind) {
    case 'string':
      return node.nullable ? null : '';
    case 'enum':
      return node.nullable ? null : node.values[0];
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'record':
      return {};
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(node.fields.map((f) => [f.key, emptyValue(f.node)]));
  }
}

/** Fills missing object keys (recursively, not inside arrays) with empty values. */
export function withInputDefaults(node: SchemaNode, value: unknown): unknown {
  if (node.kind !== 'object' || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const given = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of node.fields) {
    out[field.key] = field.key in given ? withInputDefaults(field.node, given[field.key]) : emptyValue(field.node);
  }
  // Unknown keys are kept so that strict validation reports them.
  for (const key of Object.keys(given)) if (!(key in out)) out[key] = given[key];
  return out;
}
