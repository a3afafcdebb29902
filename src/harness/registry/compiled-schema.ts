/**
 * A prompt's Input or Output Schema: its tree, and the zod validator and JSON
 * Schema derived from it on first use. zod is loaded by whoever parses a prompt
 * file, or by loadSchemaCompiler() for prompts read back from the parse cache:
 * `orderflow list` and `lint` on cached prompts never load it.
 */
import type { z } from 'zod';
import type { SchemaNode } from './schema-tree.js';

export interface CompiledSchema {
  tree: SchemaNode;
  zod: z.ZodType;
  /** Line of the schema block's first line. */
  line: number;
  jsonSchema(): Record<string, unknown>;
}

type SchemaCompiler = typeof import('./schema-to-zod.js');

let compiler: SchemaCompiler | undefined;

/** Makes the validators of every compiled schema available. */
export async function loadSchemaCompiler(): Promise<void> {
  compiler ??= await import('./schema-to-zod.js');
}

/** For the prompt parser, which has the compiler loaded already. */
export function provideSchemaCompiler(loaded: SchemaCompiler): void {
  compiler ??= loaded;
}

export function compiledSchema(tree: SchemaNode, line: number): CompiledSchema {
  let zod: z.ZodType | undefined;
  let json: Record<string, unknown> | undefined;
  return {
    tree,
    get zod() {
      return (zod ??= loaded().schemaToZod(tree));
    },
    line,
    jsonSchema: () => (json ??= loaded().schemaToJsonSchema(tree)),
  };
}

function loaded(): SchemaCompiler {
  if (!compiler) throw new Error('a schema validator was asked for before loadSchemaCompiler() (loadRegistry with validators: false)');
  return compiler;
}
