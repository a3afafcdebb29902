/**
 * The iterative retrieval loop around the evidence judge (docs/spec/retrieval-memory-safety.md#evidence_judge): search,
 * judge, search again for what is missing. Follow-up queries are cleaned,
 * de-duplicated against every earlier query and capped; they are only ever
 * search text. A judge that fails stops the expansion, and the best evidence
 * found so far is what the answer gets.
 */
import type { Provider } from '../../providers/provider.js';
import type { PromptFile } from '../../registry/prompt-file.js';
import { askModule, type AskOptions } from './ask-module.js';
import { MAX_QUERIES, MAX_QUERY_CHARS } from './document-routing.js';

export interface EvidenceItem {
  id: string;
  title: string;
  content: string;
}

export interface Expansion {
  evidence: EvidenceItem[];
  queries: string[];
  rounds: number;
  stopped: 'sufficient' | 'judge_failed' | 'no_new_queries' | 'max_rounds';
  reason?: string;
}

export interface ExpansionRequest {
  question: string;
  firstQueries: string[];
  search: (query: string) => EvidenceItem[];
  maxRounds: number;
}

export async function expandEvidence(provider: Provider, prompt: PromptFile, request: ExpansionRequest, options: AskOptions): Promise<Expansion> {
  const queries: string[] = [];
  const evidence: EvidenceItem[] = [];
  const runQueries = (wanted: string[]) => {
    for (const q of wanted) {
      queries.push(q);
      for (const item of request.search(q)) if (!evidence.some((e) => e.id === item.id)) evidence.push(item);
    }
  };
  runQueries(fresh(request.firstQueries, queries));
  for (let round = 1; round <= request.maxRounds; round++) {
    const call = await askModule<{ sufficient: boolean; queries: string[] }>(
      provider,
      prompt,
      { question: request.question, queries: [...queries], evidence: [...evidence] },
      options,
    );
    if (!call.ok) return { evidence, queries, rounds: round, stopped: 'judge_failed', reason: `${call.failure}: ${call.reason}` };
    if (call.value.sufficient) return { evidence, queries, rounds: round, stopped: 'sufficient' };
    const next = fresh(call.value.queries, queries);
    if (next.length === 0) return { evidence, queries, rounds: round, stopped: 'no_new_queries' };
    runQueries(next);
  }
  return { evidence, queries, rounds: request.maxRounds, stopped: 'max_rounds' };
}

/** Trimmed, at most 200 characters, not searched before, at most three. */
function fresh(wanted: string[], searched: string[]): string[] {
  const seen = new Set(searched.map((q) => q.toLowerCase()));
  const out: string[] = [];
  for (const raw of wanted) {
    const q = [...raw.replace(/\s+/g, ' ').trim()].slice(0, MAX_QUERY_CHARS).join('');
    if (!q || seen.has(q.toLowerCase())) continue;
    seen.add(q.toLowerCase());
    out.push(q);
    if (out.length === MAX_QUERIES) break;
  }
  return out;
}
