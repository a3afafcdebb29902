/**
 * The policy-consultation path (docs/spec/capability-routing.md#policy-consultation): search only the capability's
 * knowledge, only the versions in force on the catalog's date, and answer
 * from what was found. No personal record is read and nothing is written:
 * a rule question needs no one's order or refund.
 */
import type { PipelineContext } from '../pipeline-context.js';
import { searchPolicies, type RetrievedDocument } from '../retrieval.js';
import type { WorldPolicy } from '../../scenarios/scenario-schema.js';
import type { CapabilityCatalogSpec } from '../../scenarios/capability-scenario-schema.js';
import { knowledgeOf } from './capability-scenario.js';
import { contactsIn } from '../guards/reply-contacts.js';

/** The answer cites the best hits, not everything in scope. */
const CITED = 2;

export interface PolicyAnswer {
  retrieved: string[];
  reason: string;
  reply: string;
  /** The official text the reply quotes word for word: the reply guard reads it for everything but claims. */
  quotes: string[];
  /** The text of every other document found: data, never quoted, and the guard keeps it out of the reply. */
  untrusted: string[];
}

const NOTHING_FOUND = '您好，暂未找到与您的问题相关的现行政策说明，建议您稍后咨询人工客服确认。';

/**
 * Only the platform's rulebook is quoted, and only text the scan passes: no
 * link, contact, phone number or account, no planted instruction. Any other
 * document (internal, external, community, unknown) is data and never reaches
 * the customer in its own words.
 */
function quotable(ctx: PipelineContext, doc: RetrievedDocument): boolean {
  const text = `${doc.title}\n${doc.content}`;
  return doc.metadata.trust_level === 'official' && contactsIn(text, []).length === 0 && ctx.scanner.scan(text).length === 0;
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
  const passed = found.filter((d) => quotable(ctx, d));
  const cited = passed.slice(0, CITED);
  const official = found.filter((d) => d.metadata.trust_level === 'official').length;
  const left = found.length - official;
  const unquoted = official - passed.length;
  const notes = [left ? `${left} non-official document(s) not quoted` : '', unquoted ? `${unquoted} official document(s) failed the scan` : ''].filter(Boolean);
  const reply = cited.length ? `您好，${cited.map((d) => `根据《${d.title}》：${d.content}`).join('')}` : NOTHING_FOUND;
  return {
    retrieved: found.map((d) => d.doc_id),
    reason: notes.length ? `${reason}; ${notes.join(', ')}` : reason,
    reply,
    quotes: cited.flatMap((d) => [`《${d.title}》`, d.content]),
    untrusted: found.filter((d) => !cited.includes(d)).flatMap((d) => [d.title, d.content]),
  };
}
