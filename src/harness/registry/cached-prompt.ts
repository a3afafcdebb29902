/**
 * One prompt file parsed, or read back from the parse cache by its path and
 * text. A prompt read back has the same fields; its schemas get their
 * validators from loadSchemaCompiler() instead of the parser.
 */
import { basename } from 'node:path';
import type { Problem } from '../base/errors.js';
import { parseCacheEntry, type ParseCacheEntry } from '../base/parse-cache.js';
import { BoundedMap } from '../base/bounded-map.js';
import { compiledSchema, type CompiledSchema } from './compiled-schema.js';
import type { ParseResult, PromptFile } from './prompt-file.js';
import type { SchemaNode } from './schema-tree.js';
import type { AgentContracts } from './agent-contracts.js';

interface StoredSchema {
  tree: SchemaNode;
  line: number;
}

type StoredPrompt = Omit<PromptFile, 'inputSchema' | 'outputSchema'> & { inputSchema?: StoredSchema; outputSchema?: StoredSchema };

interface StoredParse {
  prompt?: StoredPrompt;
  problems: Problem[];
}

/**
 * Prompts parsed in this process, by their text, where there is no cache on
 * disk (an API caller, a test): a process that loads the prompts again (each
 * run of an API loop or of a test file) parses a prompt once. A hit is handed
 * out under the path it lies at now; the parse is shared, so nothing changes a
 * prompt after parsing.
 */
const parsedHere = new BoundedMap<string, { shown: string; result: ParseResult }>(64);

export async function parsePromptCached(shown: string, text: string, contracts: AgentContracts): Promise<ParseResult> {
  // The agent's names decide which of a prompt's module and section names are problems.
  const names = contractsKey(contracts);
  const entry = parseCacheEntry('prompt', [shown, text, names]);
  // The launcher's cache on disk, when there is one, is what a run reads and fills.
  if (entry) return parseOnce(entry, shown, text, contracts);
  const key = `${names}\u0000${text}`;
  const known = parsedHere.get(key);
  if (known) {
    if (known.shown !== shown) {
      known.result = atPath(known.result, known.shown, shown);
      known.shown = shown;
    }
    return known.result;
  }
  const result = await parseOnce(undefined, shown, text, contracts);
  parsedHere.set(key, { shown, result });
  return result;
}

const contractsKeys = new WeakMap<AgentContracts, string>();

function contractsKey(contracts: AgentContracts): string {
  let key = contractsKeys.get(contracts);
  if (key === undefined) contractsKeys.set(contracts, (key = JSON.stringify([contracts.modules, contracts.tools, contracts.riskLevels, contracts.claimKinds])));
  return key;
}

function atPath(result: ParseResult, was: string, shown: string): ParseResult {
  const problems = result.problems.map((p) => (p.file === was ? { ...p, file: shown } : p));
  return result.prompt ? { problems, prompt: { ...result.prompt, path: shown, fileName: basename(shown) } } : { problems };
}

async function parseOnce(entry: ParseCacheEntry | undefined, shown: string, text: string, contracts: AgentContracts): Promise<ParseResult> {
  // The entry's checksum and the code fingerprint in its key say this code wrote it, in this shape.
  const stored = entry?.read() as StoredParse | undefined;
  if (stored) return revive(stored);
  const { parsePromptFile } = await import('./prompt-file.js');
  const result = parsePromptFile(shown, text, contracts);
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
