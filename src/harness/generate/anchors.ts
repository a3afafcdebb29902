import type { PromptFile } from '../registry/prompt-file.js';
import type { DetectionPhrase } from '../registry/structured-sections.js';

/** The active detection phrases the strategies rewrite: the precheck's list and the target module's own. */
export function anchorsOf(active: Map<string, PromptFile>, target?: PromptFile): DetectionPhrase[] {
  const seen = new Map<string, DetectionPhrase>();
  for (const p of [...(active.get('input_safety_precheck')?.structured.detectionPhrases ?? []), ...(target?.structured.detectionPhrases ?? [])])
    if (!seen.has(p.phrase)) seen.set(p.phrase, p);
  return [...seen.values()];
}
