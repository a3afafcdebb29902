import type { PromptFile } from '../../../../harness/registry/prompt-file.js';
import { schemaAt } from '../../../../harness/registry/schema-tree.js';

/**
 * The enum values the active prompt's Output Schema allows at a dotted path
 * (for an array, its items), so that sim never emits a value the prompt does
 * not define; undefined when the path is not an enum.
 */
export function outputEnum(prompt: PromptFile, path: string): string[] | undefined {
  const root = prompt.outputSchema?.tree;
  let node = root ? schemaAt(root, path) : undefined;
  while (node?.kind === 'array') node = node.items ?? undefined;
  return node?.kind === 'enum' ? node.values : undefined;
}
