/**
 * The router's output as the program uses it (docs/spec/retrieval-memory-safety.md#document_router): ids outside the
 * documents in scope are dropped, queries cut to three of 200 characters; a
 * timeout, a failure or an invalid output falls back to a bounded retrieval
 * on the raw question, so that routing never blocks the chat.
 */
import type { Provider } from '../../providers/provider.js';
import type { PromptFile } from '../../registry/prompt-file.js';
import { askModule, type AskOptions } from './ask-module.js';

export interface ScopedDocument {
  document_id: string;
  filename: string;
  current_turn: boolean;
  indexed: boolean;
}

export interface RoutePlan {
  strategy: 'none' | 'retrieve' | 'full_doc';
  document_ids: string[];
  queries: string[];
  /** Set when the router's answer was not used: why. */
  fallback?: string;
  /** Ids the router returned that are not in scope. */
  dropped_ids: string[];
}

export const MAX_QUERIES = 3;
export const MAX_QUERY_CHARS = 200;

export async function routeDocuments(
  provider: Provider,
  prompt: PromptFile,
  documents: ScopedDocument[],
  userMessage: string,
  options: AskOptions,
): Promise<RoutePlan> {
  const fallback = (why: string): RoutePlan => ({
    strategy: 'retrieve',
    document_ids: [],
    queries: [bounded(userMessage)].filter(Boolean),
    fallback: why,
    dropped_ids: [],
  });
  const call = await askModule<{ strategy: RoutePlan['strategy']; document_ids: string[]; queries: string[] }>(
    provider,
    prompt,
    { documents, user_message: userMessage },
    options,
  );
  if (!call.ok) return fallback(`router ${call.failure}: ${call.reason}`);
  const inScope = new Set(documents.map((d) => d.document_id));
  const kept = call.value.document_ids.filter((id) => inScope.has(id));
  const dropped_ids = call.value.document_ids.filter((id) => !inScope.has(id));
  // full_doc with nothing left in scope would read nothing: the raw question still gets its bounded retrieval.
  if (call.value.strategy === 'full_doc' && kept.length === 0) return { ...fallback('router chose full_doc with no document in scope'), dropped_ids };
  const queries = call.value.queries.map(bounded).filter(Boolean).slice(0, MAX_QUERIES);
  return { strategy: call.value.strategy, document_ids: kept, queries, dropped_ids };
}

function bounded(text: string): string {
  return [...text.trim()].slice(0, MAX_QUERY_CHARS).join('');
}
