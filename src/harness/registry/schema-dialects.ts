/**
 * What an endpoint's structured-output mechanism can guarantee about a module's
 * Output Schema, per output dialect. Every constraint of the notation tree is
 * listed once (a key required, no unknown key, a type, an enum, a numeric
 * bound); each dialect keeps the ones it cannot enforce:
 *
 * - `openai_strict`: OpenAI structured outputs with `strict: true` enforce the
 *   whole schema, bounds included, but refuse some shapes (a free-form `{}`
 *   object, an array without an item type). Such a schema is sent with
 *   `strict: false`, where the schema is only a hint: nothing is enforced.
 * - `llama_cpp_grammar`: llama.cpp (and Ollama, which uses its converter)
 *   turns the JSON Schema into a grammar. Keys, types, enums and integer
 *   ranges hold; `minimum`/`maximum` on a `number` are dropped.
 * - `json_object`: at most "one JSON object"; no key, type or value is
 *   enforced (llama.cpp does not even enforce that).
 *
 * The runner uses this to label a failed schema check that the endpoint could
 * not have prevented, so a reader can tell a model's mistake from a constraint
 * that was never enforced.
 */
import type { SchemaNode } from './schema-tree.js';

export const SCHEMA_DIALECTS = ['openai_strict', 'llama_cpp_grammar', 'json_object'] as const;
export type SchemaDialect = (typeof SCHEMA_DIALECTS)[number];

export type ConstraintKind = 'required' | 'no_unknown_keys' | 'type' | 'enum' | 'minimum' | 'maximum';

export interface SchemaConstraint {
  /** Dotted path, `[]` for array items: `planned_queries[].tool_name`; '' for the root. */
  path: string;
  kind: ConstraintKind;
  /** e.g. `confidence <= 1`, `intent in enum(9)`. */
  text: string;
  line: number;
}

/** A field that keeps OpenAI's strict mode from accepting the schema. */
export interface StrictBlocker {
  path: string;
  line: number;
  reason: string;
}

export interface DialectAnalysis {
  dialect: SchemaDialect;
  /** The constraints of the schema this dialect does not enforce. */
  unenforced: SchemaConstraint[];
}

/** Every constraint the notation tree states. */
function schemaConstraints(root: SchemaNode): SchemaConstraint[] {
  const out: SchemaConstraint[] = [];
  const walk = (node: SchemaNode, path: string) => {
    const at = path || '(root)';
    switch (node.kind) {
      case 'object':
        out.push({ path, kind: 'type', text: `${at} is an object`, line: node.line });
        for (const f of node.fields) {
          const child = path ? `${path}.${f.key}` : f.key;
          out.push({ path: child, kind: 'required', text: `${child} is present`, line: f.line });
        }
        out.push({ path, kind: 'no_unknown_keys', text: `${at} has no other keys`, line: node.line });
        for (const f of node.fields) walk(f.node, path ? `${path}.${f.key}` : f.key);
        return;
      case 'record':
        out.push({ path, kind: 'type', text: `${at} is an object`, line: node.line });
        return;
      case 'array':
        out.push({ path, kind: 'type', text: `${at} is an array`, line: node.line });
        if (node.items) walk(node.items, `${path}[]`);
        return;
      case 'enum':
        out.push({ path, kind: 'enum', text: `${at} in enum(${node.values.length})${node.nullable ? ' or null' : ''}`, line: node.line });
        return;
      case 'number':
        out.push({ path, kind: 'type', text: `${at} is ${node.integer ? 'an integer' : 'a number'}`, line: node.line });
        if (node.min !== undefined) out.push({ path, kind: 'minimum', text: `${at} >= ${node.min}`, line: node.line });
        if (node.max !== undefined) out.push({ path, kind: 'maximum', text: `${at} <= ${node.max}`, line: node.line });
        return;
      case 'string':
        out.push({ path, kind: 'type', text: `${at} is a string${node.nullable ? ' or null' : ''}`, line: node.line });
        return;
      case 'boolean':
        out.push({ path, kind: 'type', text: `${at} is a boolean`, line: node.line });
        return;
    }
  };
  walk(root, '');
  return out;
}

/** The fields that make OpenAI's strict mode refuse the schema; empty when `strict: true` can be sent. */
export function strictBlockers(root: SchemaNode): StrictBlocker[] {
  const out: StrictBlocker[] = [];
  const walk = (node: SchemaNode, path: string) => {
    if (node.kind === 'record')
      out.push({
        path: path || '(root)',
        line: node.line,
        reason: node.values ? 'a map keyed by the ids it was shown ({"*": ...}) lists no keys' : 'a free-form object ({}) lists no keys',
      });
    if (node.kind === 'array') {
      if (!node.items) out.push({ path: path || '(root)', line: node.line, reason: 'an array ([]) has no item type' });
      else walk(node.items, `${path}[]`);
    }
    if (node.kind === 'object') for (const f of node.fields) walk(f.node, path ? `${path}.${f.key}` : f.key);
  };
  walk(root, '');
  return out;
}

export function analyzeDialect(root: SchemaNode, dialect: SchemaDialect): DialectAnalysis {
  const all = schemaConstraints(root);
  switch (dialect) {
    case 'openai_strict':
      return { dialect, unenforced: strictBlockers(root).length ? all : [] };
    case 'llama_cpp_grammar':
      // Integer ranges become grammar rules; bounds on a non-integer number are dropped by the converter.
      return { dialect, unenforced: all.filter((c) => (c.kind === 'minimum' || c.kind === 'maximum') && isFloat(root, c.path)) };
    case 'json_object':
      return { dialect, unenforced: all };
  }
}

function isFloat(root: SchemaNode, path: string): boolean {
  let node: SchemaNode | undefined = root;
  for (const segment of path.split('.')) {
    const key = segment.replace(/(\[\])+$/, '');
    if (node?.kind !== 'object') return false;
    node = node.fields.find((f) => f.key === key)?.node;
    for (let i = 0; i < (segment.match(/\[\]/g)?.length ?? 0); i++) node = node?.kind === 'array' ? (node.items ?? undefined) : undefined;
  }
  return node?.kind === 'number' && !node.integer;
}

/** Per dialect, one short line for a table cell: what it leaves unenforced in this schema. */
export function enforcementSummary(root: SchemaNode): Record<SchemaDialect, string> {
  const total = schemaConstraints(root).length;
  const blockers = strictBlockers(root);
  const cell = (dialect: SchemaDialect): string => {
    const { unenforced } = analyzeDialect(root, dialect);
    if (unenforced.length === 0) return 'all enforced';
    if (dialect === 'openai_strict') return `nothing: strict off (${blockers[0]!.path}${blockers.length > 1 ? ` +${blockers.length - 1}` : ''})`;
    if (unenforced.length === total) return `nothing (${total} constraints)`;
    return unenforced.map((c) => c.text).join(', ');
  };
  return { openai_strict: cell('openai_strict'), llama_cpp_grammar: cell('llama_cpp_grammar'), json_object: cell('json_object') };
}

/** A zod issue path as a constraint path: numeric indices become `[]`. */
export function constraintPath(issuePath: readonly PropertyKey[]): string {
  let out = '';
  for (const p of issuePath) {
    if (typeof p === 'number') out += '[]';
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

/** The zod issue codes that name each kind of constraint. */
export function issueKind(code: string, message: string): ConstraintKind | undefined {
  if (code === 'invalid_type') return /received undefined/.test(message) ? 'required' : 'type';
  if (code === 'invalid_value') return 'enum';
  if (code === 'too_big') return 'maximum';
  if (code === 'too_small') return 'minimum';
  if (code === 'unrecognized_keys') return 'no_unknown_keys';
  return undefined;
}

/** The unenforced constraint a schema problem at `path` of `kind` breaks, if the dialect leaves it unenforced. */
export function unenforcedConstraint(analysis: DialectAnalysis, path: string, kind: ConstraintKind): SchemaConstraint | undefined {
  return analysis.unenforced.find((c) => c.path === path && c.kind === kind);
}
