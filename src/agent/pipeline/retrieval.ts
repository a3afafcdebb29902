/**
 * search_policy over the scenario's policy documents: the documents a policy
 * rewrite's types and keywords point at, scored and ranked. Deliberately plain;
 * what is measured is what the evidence filter does with what comes back.
 */
import type { WorldPolicy } from '../scenarios/scenario-schema.js';

export interface RetrievedDocument {
  doc_id: string;
  title: string;
  content: string;
  source: string;
  retrieval_score: number;
  metadata: { policy_type: string; updated_at: string | null; trust_level: WorldPolicy['trust_level'] };
}

export interface PolicyQuery {
  query: string;
  policy_types: string[];
  keywords: string[];
}

const TOP_K = 6;

export function searchPolicies(policies: WorldPolicy[], q: PolicyQuery): RetrievedDocument[] {
  const scored = policies.map((doc) => {
    const typeHit = q.policy_types.includes(doc.policy_type) ? 0.6 : 0;
    const text = `${doc.title} ${doc.content}`;
    const terms = [...q.keywords, ...q.query.split(/[\s,，。;；]+/)].filter((k) => k.length >= 2);
    const hits = terms.filter((k) => text.includes(k)).length;
    const keywordScore = terms.length ? (0.4 * hits) / terms.length : 0;
    return { doc, score: Math.round((typeHit + keywordScore) * 1000) / 1000 };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.doc.doc_id.localeCompare(b.doc.doc_id))
    .slice(0, TOP_K)
    .map(({ doc, score }) => ({
      doc_id: doc.doc_id,
      title: doc.title,
      content: doc.content,
      source: doc.source,
      retrieval_score: score,
      metadata: { policy_type: doc.policy_type, updated_at: doc.updated_at, trust_level: doc.trust_level },
    }));
}
