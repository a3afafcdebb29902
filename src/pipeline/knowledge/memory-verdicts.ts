/**
 * What the program does with the memory helpers' answers (docs/spec/retrieval-memory-safety.md#memory_conflict). A saved
 * memory is marked stale only by an explicit `stale` for its own id; an
 * unknown id, another word, a malformed answer or a failed call leaves every
 * memory as it was. A duplicate is accepted only for an id of the shown set;
 * identical text needs no model at all.
 */
import type { Provider } from '../../providers/provider.js';
import type { PromptFile } from '../../registry/prompt-file.js';
import { askModule, type AskOptions } from './ask-module.js';

export interface ConflictRequest {
  new_fact: { slot: string; memory_text: string; value: string };
  existing: { memory_id: string; value: string }[];
}

export interface ConflictOutcome {
  stale: string[];
  unchanged: string[];
  /** Set when the model's answer was not used at all. */
  failure?: string;
}

export async function adjudicateConflicts(provider: Provider, prompt: PromptFile, request: ConflictRequest, options: AskOptions): Promise<ConflictOutcome> {
  const ids = request.existing.map((m) => m.memory_id);
  const call = await askModule<Record<string, string>>(provider, prompt, { ...request }, options);
  if (!call.ok) return { stale: [], unchanged: ids, failure: `${call.failure}: ${call.reason}` };
  const stale = ids.filter((id) => call.value[id] === 'stale');
  return { stale, unchanged: ids.filter((id) => !stale.includes(id)) };
}

export interface DedupRequest {
  new_fact: string;
  existing: { memory_id: string; memory_text: string }[];
}

export interface DedupOutcome {
  duplicate_of: string | null;
  via: 'identical_text' | 'model' | 'new';
  /** An id the model returned that was not shown: ignored. */
  ignored_id?: string;
  failure?: string;
}

export async function findDuplicate(provider: Provider, prompt: PromptFile, request: DedupRequest, options: AskOptions): Promise<DedupOutcome> {
  const same = request.existing.find((m) => m.memory_text.trim() === request.new_fact.trim());
  if (same) return { duplicate_of: same.memory_id, via: 'identical_text' };
  const call = await askModule<{ duplicate_of: string }>(provider, prompt, { ...request }, options);
  if (!call.ok) return { duplicate_of: null, via: 'new', failure: `${call.failure}: ${call.reason}` };
  const id = call.value.duplicate_of.trim();
  if (id === '') return { duplicate_of: null, via: 'new' };
  return request.existing.some((m) => m.memory_id === id) ? { duplicate_of: id, via: 'model' } : { duplicate_of: null, via: 'new', ignored_id: id };
}
