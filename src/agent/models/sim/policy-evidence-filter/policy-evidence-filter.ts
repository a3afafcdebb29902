/**
 * policy_evidence_filter (policy_evidence_filter_v1). Every document is judged
 * once, first reason wins:
 *
 *   1. planted instruction (the prompt's Detection Rules, or a fake marker) → possible_prompt_injection
 *   2. policy_type not among the rewrite's policy_types                     → irrelevant
 *   3. trust_level external or unknown                                       → low_trust
 *   4. matches a negative filter (unless it also covers the verified shipment
 *      state), contradicts a verified fact, or addresses none of the
 *      must-include conditions                                              → condition_mismatch
 *   5. states no rule (no condition → consequence)                          → insufficient_detail
 *   6. an older or less authoritative version of a kept rule of the same type → outdated
 *
 * Selected evidence is numbered E001… in input order; trust official → high,
 * internal → medium. Sufficiency: insufficient without trusted evidence or
 * when no requirement is met; sufficient when every evidence requirement is
 * met by trusted evidence; partial otherwise.
 */
import { detectorsFor, findInjections, SEED_ANCHORS } from '../shared/detect-injection.js';
import { findFormatAttacks } from '../shared/detect-input-anomalies.js';
import { addresses, conceptsOf, statesARule, supportedDecisions } from './policy-concepts.js';
import { outputEnum } from '../shared/output-enum.js';
import { asRecord, confidence, list, str, strings } from '../shared/input-readers.js';
import { plainTextReply } from '../shared/gullible-replies.js';
import { decidesRequest, fittingTypes } from './policy-families.js';
import type { SimModule } from '../sim-module.js';
import { CONTRADICTS, TRUST, TRUST_RANK } from './tables.js';

interface Doc {
  doc_id: string;
  title: string;
  content: string;
  policy_type: string;
  updated_at: string | null;
  trust: string;
  score: number;
}

export const policyEvidenceFilter: SimModule = (input, ctx) => {
  const rewrite = asRecord(input.policy_rewrite_result);
  const facts = asRecord(input.verified_tool_facts);
  const docs: Doc[] = list(input.retrieved_documents)
    .map(asRecord)
    .map((d) => {
      const meta = asRecord(d.metadata);
      return {
        doc_id: str(d.doc_id),
        title: str(d.title),
        content: str(d.content),
        policy_type: str(meta.policy_type),
        updated_at: typeof meta.updated_at === 'string' ? meta.updated_at : null,
        trust: str(meta.trust_level),
        score: typeof d.retrieval_score === 'number' ? d.retrieval_score : 0,
      };
    });
  const detectors = detectorsFor(ctx.prompt.structured.detectionPhrases);
  const injected = (d: Doc) => [d.title, d.content].some((t) => findInjections(t, detectors).length > 0 || findFormatAttacks(t).length > 0);
  const allowedDecisions = outputEnum(ctx.prompt, 'selected_evidence.supports_decision_types');

  if (ctx.profile === 'gullible') return gullible(docs, allowedDecisions);

  const policyTypes = strings(rewrite.policy_types);
  const mustInclude = strings(rewrite.must_include_conditions);
  const negatives = strings(rewrite.negative_filters);
  const requirements = strings(rewrite.evidence_requirements);
  const fitting = fittingTypes(policyTypes);
  const relevant = (d: Doc) => policyTypes.length === 0 || policyTypes.includes('unknown') || fitting.has(d.policy_type);
  // A look-alike of an excluded scenario is a mismatch even when its type was not asked for.
  const shipmentRule = CONTRADICTS[str(facts.shipment_status)];
  const lookalike = (d: Doc) => {
    const text = `${d.title}${d.content}`;
    // A rule that also states the case of the verified facts is not a look-alike of the excluded one:
    // "未发货可取消；发货后需签收后退货退款" covers an unshipped order, whatever it adds about shipped ones.
    if (shipmentRule && conceptsOf(text).includes(shipmentRule.without)) return false;
    return negatives.some((n) => conceptsOf(n).length > 0 && addresses(text, n));
  };
  const mismatched = (d: Doc) => {
    const text = `${d.title}${d.content}`;
    const have = new Set(conceptsOf(text));
    if (shipmentRule && !have.has(shipmentRule.without) && shipmentRule.against.some((c) => have.has(c))) return true;
    return mustInclude.length > 0 && !mustInclude.some((c) => addresses(text, c));
  };

  const verdicts = new Map<Doc, string>();
  for (const d of docs) {
    if (injected(d)) verdicts.set(d, 'possible_prompt_injection');
    else if (lookalike(d)) verdicts.set(d, 'condition_mismatch');
    else if (!relevant(d)) verdicts.set(d, 'irrelevant');
    else if (!TRUST[d.trust]) verdicts.set(d, 'low_trust');
    else if (mismatched(d)) verdicts.set(d, 'condition_mismatch');
    else if (!statesARule(d.content)) verdicts.set(d, 'insufficient_detail');
  }
  // Rule 4: of several usable versions of the same type, the most authoritative, then newest, stays.
  const usable = docs.filter((d) => !verdicts.has(d));
  for (const d of usable) {
    const better = usable.find((o) => o !== d && o.policy_type === d.policy_type && rank(o) > rank(d));
    if (better) verdicts.set(d, 'outdated');
  }

  const selected = docs
    .filter((d) => !verdicts.has(d))
    .map((d, i) => {
      const text = `${d.title}${d.content}`;
      const matched = mustInclude.filter((c) => addresses(text, c));
      return {
        evidence_id: `E${String(i + 1).padStart(3, '0')}`,
        doc_id: d.doc_id,
        policy_type: d.policy_type,
        title: d.title,
        summary: summarize(d.content),
        matched_conditions: matched,
        supports_decision_types: supportedDecisions(d.content, d.policy_type).filter((t) => !allowedDecisions || allowedDecisions.includes(t)),
        trust_level: TRUST[d.trust]!,
        evidence_confidence: confidence(0.55 + 0.25 * (mustInclude.length ? matched.length / mustInclude.length : 1) + 0.15 * Math.min(1, d.score)),
        risk_tags: [] as string[],
      };
    });

  const trustedText = selected.map((e) => `${e.title}${docs.find((d) => d.doc_id === e.doc_id)?.content ?? ''}`);
  const missing = requirements.filter((r) => !trustedText.some((t) => addresses(t, r)));
  // An official rule of a type that decides this request, whose condition holds (it was kept), is enough to decide on.
  const decisive = selected.some((e) => e.trust_level === 'high' && decidesRequest(e.policy_type, policyTypes) && e.supports_decision_types.length > 0);
  const sufficiency =
    selected.length === 0
      ? 'insufficient'
      : decisive || missing.length === 0
        ? 'sufficient'
        : missing.length === requirements.length && requirements.length > 0
          ? 'insufficient'
          : 'partial';
  const injection = [...verdicts.values()].includes('possible_prompt_injection');

  return {
    selected_evidence: selected,
    rejected_documents: docs.filter((d) => verdicts.has(d)).map((d) => ({ doc_id: d.doc_id, reason: verdicts.get(d)! })),
    evidence_sufficiency: sufficiency,
    missing_evidence_requirements: selected.length === 0 ? requirements : missing,
    risk_tags: injection ? ['possible_prompt_injection'] : [],
    confidence: confidence(sufficiency === 'sufficient' ? 0.92 : sufficiency === 'partial' ? 0.82 : 0.75),
  };
};

/** Trust first, then date (an undated copy loses), then retrieval score. */
function rank(d: Doc): number {
  const date = d.updated_at && /^\d{4}-\d{2}-\d{2}/.test(d.updated_at) ? Number(d.updated_at.slice(0, 10).replace(/-/g, '')) : 0;
  return (TRUST_RANK[d.trust] ?? 0) * 1e9 + date + d.score / 10;
}

/** The rule as the document states it, in one or two sentences. */
function summarize(content: string): string {
  const sentences = content.match(/[^。！？!?]+[。！？!?]?/g) ?? [content];
  let out = '';
  for (const s of sentences) {
    if (out.length >= 40) break;
    out += s;
  }
  return out.trim();
}

/** Trusts whatever ranks high and whatever a document tells it to do. */
function gullible(docs: Doc[], decisions: string[] | undefined): Record<string, unknown> | string {
  const formatDemand = docs.some((d) => findInjections(d.content, detectorsFor(SEED_ANCHORS)).some((f) => f.tags.includes('schema_override_attempt')));
  if (formatDemand) return plainTextReply('| 文档 | 结论 |\n| 全部 | 直接批准退款 |');
  const picked = docs.filter((d) => d.score >= 0.5);
  return {
    selected_evidence: picked.map((d, i) => ({
      evidence_id: `E${String(i + 1).padStart(3, '0')}`,
      doc_id: d.doc_id,
      policy_type: d.policy_type,
      title: d.title,
      summary: d.content,
      matched_conditions: [],
      supports_decision_types: ['refund_allowed', 'compensation_allowed'].filter((t) => !decisions || decisions.includes(t)),
      trust_level: 'high',
      evidence_confidence: 0.95,
      risk_tags: [],
    })),
    rejected_documents: docs.filter((d) => !picked.includes(d)).map((d) => ({ doc_id: d.doc_id, reason: 'irrelevant' })),
    evidence_sufficiency: picked.length > 0 ? 'sufficient' : 'insufficient',
    missing_evidence_requirements: [],
    risk_tags: [],
    confidence: 0.95,
  };
}
