/**
 * What a case asks, not where it sits: file, line and description are left
 * out, so moving a case or rewording its description keeps its hash, while a
 * changed input or expectation gives a new one. A baseline tells an edited
 * case from a regression by it.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../base/canonical-json.js';
import type { LoadedModuleCase } from './load-module-cases.js';
import type { ScenarioItem } from './scenario-item.js';

type Item = LoadedModuleCase | ScenarioItem;

/** Expectation fields added after cases were first hashed: left empty, they must not change a case's hash (the baseline would see every case as edited). */
const LATER_EXPECTATIONS = ['output_ids_within', 'output_length_within'] as const;

/** Items parsed once are run many times in one process (recent-parses.ts), or read back from the parse cache with their hashes: hashed once. */
const hashed = new WeakMap<Item, string>();

export function caseContentHash(item: Item): string {
  let hash = hashed.get(item);
  if (hash === undefined) hashed.set(item, (hash = contentHash(item)));
  return hash;
}

/** An item read back from the parse cache, with the hash computed when it was stored (the same code, by the cache's fingerprint). */
export function knownContentHash(item: Item, hash: string): void {
  hashed.set(item, hash);
}

function contentHash(item: Item): string {
  const { file: _file, line: _line, description: _description, ...content } = item as Item & { description?: string };
  if (content.kind === 'module') {
    const expected: Record<string, unknown> = { ...content.expected_behavior };
    for (const key of LATER_EXPECTATIONS) if (Object.keys(content.expected_behavior[key] ?? {}).length === 0) delete expected[key];
    (content as { expected_behavior: unknown }).expected_behavior = expected;
  }
  // A fresh 16-character string: slicing the hex digest would keep all 64 alive for every case of the suite.
  return createHash('sha256').update(canonicalJson(content)).digest().toString('hex', 0, 8);
}
