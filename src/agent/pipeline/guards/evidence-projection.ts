/**
 * Selected policy evidence as the deciding modules receive it. Every retrieved
 * document is data, whatever its label: only the platform's own rulebook — an
 * official document in which the program's normalised scan found nothing —
 * reaches a decider as text, and then as the document's own words quoted by the
 * program, never as a model's summary. Any other document (internal, external,
 * unknown, or official with a planted phrase) reaches a decider as structured
 * evidence only: its id, its policy type, the decision types the evidence
 * filter named from the prompt's closed list, and the conditions and numbers
 * the program reads out of it (policy-conditions.ts). The summary field the
 * responsibility schema has is then written by the program from those values.
 */
import type { Output, PipelineContext } from '../pipeline-context.js';
import type { RetrievedDocument } from '../retrieval.js';
import { conditionsNamed, numbersStated } from './policy-conditions.js';
import { schemaAt } from '../../../harness/registry/schema-tree.js';

export interface DeciderEvidence {
  evidence_id: string;
  doc_id: string;
  policy_type: string;
  summary: string;
  supports_decision_types: string[];
  trust_level: 'high' | 'medium' | 'low';
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const POLICY_TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const TRUST: Record<string, DeciderEvidence['trust_level']> = { official: 'high', internal: 'medium' };
const LABEL: Record<string, string> = { official: '官方', internal: '内部', external: '外部', unknown: '来源不明' };

/** The platform's rulebook: an official document the program's scan found clean. */
function isRulebook(ctx: PipelineContext, doc: RetrievedDocument): boolean {
  return doc.metadata.trust_level === 'official' && !ctx.injectedDocIds.includes(doc.doc_id);
}

export function evidenceForDeciders(ctx: PipelineContext, selected: Output[]): DeciderEvidence[] {
  if (!ctx.options.guards) return selected.map(asGiven);
  const allowed = decisionTypes(ctx);
  const out: DeciderEvidence[] = [];
  for (const e of selected) {
    // Evidence the filter names must be a document the search returned: an invented id is no evidence.
    const doc = ctx.retrieved.find((d) => d.doc_id === String(e.doc_id));
    if (!doc || !ID.test(doc.doc_id)) continue;
    const types = strings(e.supports_decision_types).filter((t) => allowed.has(t));
    const policyType = POLICY_TYPE.test(doc.metadata.policy_type) ? doc.metadata.policy_type : 'unknown';
    out.push({
      evidence_id: `E${String(out.length + 1).padStart(3, '0')}`,
      doc_id: doc.doc_id,
      policy_type: policyType,
      summary: isRulebook(ctx, doc) ? doc.content : structuredSummary(doc, policyType, types),
      supports_decision_types: types,
      trust_level: TRUST[doc.metadata.trust_level] ?? 'low',
    });
  }
  return out;
}

/** The program's sentence for a document that is not the rulebook: structured values only. */
function structuredSummary(doc: RetrievedDocument, policyType: string, types: string[]): string {
  const text = `${doc.title} ${doc.content}`;
  const list = (xs: string[]) => (xs.length ? xs.join('、') : '无');
  return (
    `${LABEL[doc.metadata.trust_level] ?? '来源不明'}文件（${policyType}，原文不予转交）` +
    `条件：${list(conditionsNamed(text))}；数值：${list(numbersStated(text))}；支持的决定：${list(types)}`
  );
}

/** The decision types the evidence filter's output schema allows; none when it states no list. */
function decisionTypes(ctx: PipelineContext): Set<string> {
  const root = ctx.options.active.get('policy_evidence_filter')?.outputSchema?.tree;
  let node = root ? schemaAt(root, 'selected_evidence.supports_decision_types') : undefined;
  while (node?.kind === 'array') node = node.items ?? undefined;
  return new Set(node?.kind === 'enum' ? node.values : []);
}

function asGiven(e: Output): DeciderEvidence {
  return {
    evidence_id: String(e.evidence_id),
    doc_id: String(e.doc_id),
    policy_type: String(e.policy_type),
    summary: String(e.summary),
    supports_decision_types: strings(e.supports_decision_types),
    trust_level: e.trust_level as DeciderEvidence['trust_level'],
  };
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
