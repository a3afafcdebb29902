/**
 * One prompt file parsed, or read back from the parse cache by its path and
 * text. A prompt read back has the same fields; its schemas get their
 * validators from loadSchemaCompiler() instead of the parser.
 */
import type { Problem } from '../base/errors.js';
import { parseCacheEntry } from '../base/parse-cache.js';
import { compiledSchema, type CompiledSchema } from './compiled-schema.js';
import type { ParseResult, PromptFile } from './prompt-file.js';
import type { SchemaNode } from './schema-tree.js';

interface StoredSchema {
  tree: SchemaNode;
  line: number;
}

type StoredPrompt = Omit<PromptFile, 'inputSchema' | 'outputSchema'> & { inputSchema?: StoredSchema; outputSchema?: StoredSchema };

interface StoredParse {
  prompt?: StoredPrompt;
  problems: Problem[];
}

export async function parsePromptCached(shown: string, text: string): Promise<ParseResult> {
  const entry = parseCacheEntry('prompt', [shown, text]);
  // The entry's checksum and the code fingerprint in its key say this code wrote it, in this shape.
  const stored = entry?.read() as StoredParse | undefined;
  if (stored) return revive(stored);
  const { parsePromptFile } = await import('./prompt-file.js');
  const result = parsePromptFile(shown, text);
  entry?.write(toStored(result));
  return result;
}

function toStored(result: ParseResult): StoredParse {
  if (!result.prompt) return { problems: result.problems };
  const { inputSchema, outputSchema, ...rest } = result.prompt;
  return { problems: result.problems, prompt: { ...rest, inputSchema: bare(inputSchema), outputSchema: bare(outputSchema) } };
}

const bare = (schema: CompiledSchema | undefined): StoredSchema | undefined => (schema ? { tree: schema.tree, line: schema.line } : undefined);

function revive(stored: StoredParse): ParseResult {
  if (!stored.prompt) return { problems: stored.problems };
  const { inputSchema, outputSchema, ...rest } = stored.prompt;
  const compiled = (s: StoredSchema | undefined) => (s ? compiledSchema(s.tree, s.line) : undefined);
  return { problems: stored.problems, prompt: { ...rest, inputSchema: compiled(inputSchema), outputSchema: compiled(outputSchema) } };
}
