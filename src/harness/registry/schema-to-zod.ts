import { z } from 'zod';
import type { SchemaNode } from './schema-tree.js';

/** Compiles the notation tree to a zod validator: every key required, unknown keys rejected. */
export function schemaToZod(node: SchemaNode): z.ZodType {
  switch (node.kind) {
    case 'string': {
      let s = z.string();
      if (node.minLength !== undefined) s = s.min(node.minLength);
      if (node.maxLength !== undefined) s = s.max(node.maxLength);
      return node.nullable ? s.nullable() : s;
    }
    case 'enum': {
      const e = z.enum(node.values as [string, ...string[]]);
      return node.nullable ? e.nullable() : e;
    }
    case 'number': {
      let n = node.integer ? z.number().int() : z.number();
      if (node.min !== undefined) n = n.min(node.min);
      if (node.max !== undefined) n = n.max(node.max);
      return n;
    }
    case 'boolean':
      return z.boolean();
    case 'record':
      return z.record(z.string(), node.values ? schemaToZod(node.values) : z.unknown());
    case 'array': {
      let a = z.array(node.items ? schemaToZod(node.items) : z.unknown());
      if (node.minItems !== undefined) a = a.min(node.minItems);
      if (node.maxItems !== undefined) a = a.max(node.maxItems);
      return a;
    }
    case 'object': {
      const shape: Record<string, z.ZodType> = {};
      for (const field of node.fields) shape[field.key] = schemaToZod(field.node);
      return z.strictObject(shape);
    }
  }
}

/** JSON Schema for providers with structured output and for editors. */
export function schemaToJsonSchema(node: SchemaNode): Record<string, unknown> {
  return z.toJSONSchema(schemaToZod(node), { target: 'draft-2020-12' }) as Record<string, unknown>;
}

/** One readable line per problem: `slots.intent: Invalid option: expected one of ...`. */
export function formatZodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}
