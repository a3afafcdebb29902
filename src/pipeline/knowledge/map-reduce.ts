/**
 * The map-reduce read of a document too large to inject (docs/spec/retrieval-memory-safety.md#map_reduce_extractor): each
 * bounded group is distilled on its own; a group whose call fails, or whose
 * summary is empty or over the limit, is skipped and the others still count.
 * When every group fails there is no document evidence - never an invented one.
 */
import type { Provider } from '../../providers/provider.js';
import type { PromptFile } from '../../registry/prompt-file.js';
import { askModule, type AskOptions } from './ask-module.js';

export type MapReduceResult =
  | { ok: true; summaries: string[]; skipped: { group: number; reason: string }[] }
  | { ok: false; reason: string; skipped: { group: number; reason: string }[] };

export async function mapReduce(
  provider: Provider,
  prompt: PromptFile,
  question: string,
  groups: string[],
  maxChars: number,
  options: AskOptions,
): Promise<MapReduceResult> {
  const summaries: string[] = [];
  const skipped: { group: number; reason: string }[] = [];
  for (const [group, chunk] of groups.entries()) {
    const call = await askModule<{ summary: string }>(provider, prompt, { question, max_chars: maxChars, document_chunk: chunk }, options);
    if (!call.ok) skipped.push({ group, reason: `${call.failure}: ${call.reason}` });
    else if (call.value.summary.trim() === '') skipped.push({ group, reason: 'nothing relevant' });
    else if ([...call.value.summary].length > maxChars) skipped.push({ group, reason: `summary over ${maxChars} characters` });
    else summaries.push(call.value.summary);
  }
  if (summaries.length === 0) return { ok: false, reason: `no group gave evidence (${skipped.length} skipped)`, skipped };
  return { ok: true, summaries, skipped };
}
