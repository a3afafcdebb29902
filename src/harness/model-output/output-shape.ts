/** The shape a prompt's output must have, read from its output_mode and the root of its Output Schema. */
import type { PromptFile } from '../registry/prompt-file.js';
import type { OutputShape } from './parse-model-output.js';

export function outputShapeOf(prompt: PromptFile): OutputShape {
  const root = prompt.outputSchema?.tree;
  if (prompt.metadata.output_mode === 'text_enum') return { kind: 'text_enum', words: root?.kind === 'enum' ? root.values : [] };
  return root?.kind === 'array' ? { kind: 'array' } : { kind: 'object' };
}
