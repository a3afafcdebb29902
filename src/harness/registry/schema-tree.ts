/**
 * The typed tree a schema block is parsed into, and the questions asked of it.
 * Apart from the parser (schema-notation.ts) so that what reads a tree, such as
 * lint and list on prompts from the parse cache, never loads the YAML library.
 */
export type SchemaNode =
  | { kind: 'string'; nullable: boolean; minLength?: number; maxLength?: number; line: number }
  | { kind: 'enum'; values: string[]; nullable: boolean; line: number }
  | { kind: 'number'; integer: boolean; min?: number; max?: number; line: number }
  | { kind: 'boolean'; line: number }
  | { kind: 'object'; fields: SchemaField[]; line: number }
  | { kind: 'record'; values?: SchemaNode; line: number }
  | { kind: 'array'; items: SchemaNode | null; minItems?: number; maxItems?: number; line: number };

export interface SchemaField {
  key: string;
  node: SchemaNode;
  line: number;
}

/** The field at a dotted path (`slots.order_id`), descending through arrays. */
export function schemaAt(root: SchemaNode, dotted: string): SchemaNode | undefined {
  // `$` is the output itself: a root list or a one-word output.
  if (dotted === '$') return root;
  let node: SchemaNode | undefined = root;
  for (const segment of dotted.replace(/\[\]/g, '').split('.')) {
    while (node?.kind === 'array') node = node.items ?? undefined;
    // A typed map (`{ "*": ... }`) has that type under every key.
    if (node?.kind === 'record' && node.values) {
      node = node.values;
      continue;
    }
    if (node?.kind === 'record') return node;
    if (node?.kind !== 'object') return undefined;
    node = node.fields.find((f) => f.key === segment)?.node;
  }
  return node;
}

/** A one-line description of a node's type, for messages and diffs. */
export function describeNode(node: SchemaNode | null): string {
  if (node === null) return 'any';
  switch (node.kind) {
    case 'string': {
      const bounds = node.minLength !== undefined || node.maxLength !== undefined ? `(${node.minLength ?? ''}..${node.maxLength ?? ''})` : '';
      return `string${bounds}${node.nullable ? ' | null' : ''}`;
    }
    case 'enum':
      return `enum(${node.values.join(' | ')})${node.nullable ? ' | null' : ''}`;
    case 'number':
      return node.integer ? 'integer' : node.min !== undefined ? `number in [${node.min}, ${node.max}]` : 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    case 'record':
      return node.values ? `map of ${describeNode(node.values)}` : 'free-form object';
    case 'array': {
      const bounds = node.minItems !== undefined || node.maxItems !== undefined ? ` (${node.minItems ?? 0}..${node.maxItems ?? ''} items)` : '';
      return `array of ${describeNode(node.items)}${bounds}`;
    }
  }
}
