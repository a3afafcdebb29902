/**
 * The policy-consultation path (seed 001): search only the capability's
 * knowledge, only the versions in force on the catalog's date, and answer
 * from what was found. No personal record is read and nothing is written:
 * a rule question needs no one's order or refund.
 */
import type { PipelineContext } from '../pipeline-context.js';
import { searchPolicies } from '../retrieval.js';
import type { WorldPolicy } from '../../cases/scenario-schema.js';
import type { CapabilityCatalogSpec } from '../../cases/capability-scenario-schema.js';
import { knowledgeOf } from './capability-scenario.js';

/** The answer cites the best hits, not everything in scope. */
const CITED = 2;

export interface PolicyAnswer {
  retrieved: string[];
  reason: string;
  reply: string;
}

/** In force on `date`: from its effective date (or always), until its end date (exclusive). */
function inForce(doc: WorldPolicy, date: string): boolean {
  return (!doc.effective_from || doc.effective_from <= date) && (!doc.effective_to || date < doc.effective_to);
}

/** Two-character pieces of the question: Chinese has no spaces to split keywords on. */
function pieces(text: string): string[] {
  const letters = text.replace(/[\s，。？！?!,.、“”"]/g, '');
  return [...new Set(Array.from({ length: Math.max(0, letters.length - 1) }, (_, i) => letters.slice(i, i + 2)))];
}

export function answerPolicy(ctx: PipelineContext, spec: CapabilityCatalogSpec): PolicyAnswer {
  const types = knowledgeOf(spec, 'policy.consult');
  const scoped = ctx.world.state.policies.filter((p) => types.includes(p.policy_type));
  const current = scoped.filter((p) => inForce(p, spec.as_of));
  const found = searchPolicies(current, { query: ctx.userTurn, policy_types: [], keywords: pieces(ctx.userTurn) });
  const args = { query: ctx.userTurn, policy_types: types };
  ctx.recordRead({
    tool: 'search_policy',
    args,
    proposed_by: 'program',
    status: 'executed',
    result: { success: true, data: { doc_ids: found.map((d) => d.doc_id) }, error: null },
  });
  for (const d of found) ctx.saw(`document:${d.doc_id}`, d.content);
  const outOfDate = scoped.length - current.length;
  const reason = `searched ${types.join(', ') || 'no knowledge'} on ${spec.as_of}: ${current.length} version(s) in force${outOfDate ? `, ${outOfDate} not in force left out` : ''}, ${found.length} hit(s)`;
  const cited = found.slice(0, CITED);
  const reply = cited.length
    ? `您好，${cited.map((d) => `根据《${d.title}》：${d.content}`).join('')}`
    : '您好，暂未找到与您的问题相关的现行政策说明，建议您稍后咨询人工客服确认。';
  return { retrieved: found.map((d) => d.doc_id), reason, reply };
}
