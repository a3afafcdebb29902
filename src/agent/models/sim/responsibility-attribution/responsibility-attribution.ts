/**
 * responsibility_attribution: the decision table of responsibility_v2
 * (Hard Rules and Decision Table). A decision rests only on verified tool
 * facts and usable evidence; an allowed high-risk decision always waits for
 * the customer's confirmation, or for a human under manipulation risk.
 */
import type { SimModule } from '../sim-module.js';
import { FACT_FIELD_NAMES } from '../shared/fact-tables.js';
import { factContradictions, factPhrases, readFacts, type FactMap } from '../shared/fact-wording.js';
import { readEvidence, responsibleParty, usableEvidence, type Evidence } from './evidence.js';
import { BYPASS_TAG, INJECTION_TAG, instructingToolText, underManipulationRisk } from '../shared/manipulation-text.js';
import { reviewClaims } from './user-claims.js';
import { asRecord, asString, asStrings, confidence, unique } from '../shared/input-readers.js';
import { ACTIONS, SAFETY_TAGS, TOOL_ACTIONS, UNSEEN_TAGS } from './tables.js';

type Outcome =
  | { kind: 'allowed'; decision: string; used: Evidence[]; process: string }
  | { kind: 'denied'; decision: string; used: Evidence[]; process: string }
  | { kind: 'handoff'; used: Evidence[]; why: string }
  | { kind: 'more_info'; next: 'query_more_facts' | 'search_policy' | 'generate_response'; why: string };

/** A query intent whose secondary intent asks for an action is decided as that action. */
function effectiveIntent(ir: Record<string, unknown>): string {
  const intent = asString(ir.intent) ?? 'unknown';
  if (ACTIONS[intent] || intent === 'complaint' || intent === 'human_service_request' || intent === 'modify_order') return intent;
  return asStrings(ir.secondary_intents).find((s) => ACTIONS[s]) ?? intent;
}

function decide(intent: string, facts: FactMap, conflicts: string[], evidence: Evidence[], sufficiency: string): Outcome {
  const { usable, mismatched } = usableEvidence(evidence, facts);
  const supporting = (type: string) => usable.filter((e) => e.supports.includes(type));
  if (intent === 'human_service_request') return { kind: 'handoff', used: [], why: '用户明确要求转人工' };
  if (conflicts.length > 0) return { kind: 'handoff', used: [], why: conflicts.join('；') };
  if (intent === 'complaint') return { kind: 'handoff', used: supporting('human_handoff'), why: '投诉需由人工专员受理核实' };
  if (intent === 'modify_order') return { kind: 'handoff', used: [], why: '订单修改不在本模块可建议的决策范围内，需人工处理' };
  const rule = ACTIONS[intent];
  if (!rule) return { kind: 'more_info', next: 'generate_response', why: '当前诉求无需执行业务动作，按已核实事实答复' };

  const missing = rule.needs.filter((f) => facts[f] === null);
  if (missing.length > 0) return { kind: 'more_info', next: 'query_more_facts', why: `缺少工具事实：${missing.map((f) => FACT_FIELD_NAMES[f]).join('、')}` };
  if (rule.alreadyInProgress(facts)) return { kind: 'more_info', next: 'generate_response', why: `该订单已有${rule.process}相关的售后记录，不重复发起` };
  if (sufficiency !== 'sufficient') return { kind: 'more_info', next: 'search_policy', why: '规则证据不足，需补充检索' };

  const forbid = rule.factsForbid(facts);
  if (forbid && intent === 'cancel_order') return { kind: 'handoff', used: [], why: forbid };
  const allowing = supporting(rule.allowed);
  if (!forbid && allowing.length > 0) return { kind: 'allowed', decision: rule.allowed, used: allowing, process: rule.process };
  const denying = rule.denied ? supporting(rule.denied) : [];
  if (rule.denied && denying.length > 0) return { kind: 'denied', decision: rule.denied, used: denying, process: rule.process };
  if (forbid) return { kind: 'more_info', next: 'generate_response', why: forbid };
  if (mismatched.length > 0) return { kind: 'more_info', next: 'search_policy', why: '已选规则的适用条件与工具事实不符' };
  return { kind: 'more_info', next: 'search_policy', why: `没有支持${rule.process}决定的规则证据` };
}

const reference: SimModule = (input) => {
  const ir = asRecord(input.intent_result);
  const facts = readFacts(input.verified_tool_facts);
  const claims = reviewClaims(ir, facts);
  // The pipeline reports conflicts it sees; facts that contradict each other count even when nobody reported them.
  const reported = asStrings(input.tool_fact_conflicts);
  const conflicts = reported.length > 0 ? reported : factContradictions(facts);
  const evidence = readEvidence(input.selected_evidence);
  const sufficiency = asString(input.evidence_sufficiency) ?? 'insufficient';
  const intent = effectiveIntent(ir);

  const tags = [...asStrings(input.safety_risk_tags), ...asStrings(ir.risk_tags)].filter((t) => SAFETY_TAGS.has(t));
  if (claims.instructs || instructingToolText(input).length > 0) tags.push(INJECTION_TAG);
  if (claims.claimsRole) tags.push(BYPASS_TAG);
  if (conflicts.length > 0) tags.push('conflicting_tool_results');
  if (claims.contradicted.length > 0) tags.push('user_claim_conflicts_with_tool_result');
  const manipulated = underManipulationRisk(tags);

  const outcome = decide(intent, facts, conflicts, evidence, sufficiency);
  const used = 'used' in outcome ? outcome.used : [];
  const factsUsed = factPhrases(facts);
  const shown = factsUsed.length ? factsUsed.join('，') : '尚无已核实的工具事实';
  let decision: string, automation: string, next: string, required: string[], blockers: string[], summary: string, conf: number;
  switch (outcome.kind) {
    case 'allowed':
      tags.push('high_risk_action');
      decision = outcome.decision;
      required = ['user_confirmation', 'permission_check', 'idempotency_key'];
      blockers = [];
      if (manipulated) {
        required.push('human_review');
        automation = 'human_review_required';
        next = 'request_human_review';
        blockers = ['存在提示注入或越权风险，须人工审核'];
        summary = `${shown}，规则证据支持进入${outcome.process}流程，但存在提示注入或越权风险，须人工审核后才能执行。`;
      } else {
        automation = 'confirmation_required';
        next = 'request_user_confirmation';
        summary = `${shown}，规则证据支持进入${outcome.process}流程，但${outcome.process}属于高风险动作，需要用户确认和权限校验后执行。`;
      }
      conf = manipulated ? 0.85 : 0.94;
      break;
    case 'denied':
      decision = outcome.decision;
      required = ['none'];
      automation = 'blocked';
      next = 'generate_response';
      blockers = [`规则证据不支持${outcome.process}`];
      summary = `${shown}，规则证据不支持${outcome.process}，不执行任何写入动作。`;
      conf = 0.9;
      break;
    case 'handoff':
      decision = 'human_handoff';
      required = ['human_review'];
      automation = 'human_review_required';
      next = 'request_human_review';
      blockers = [outcome.why];
      summary = `${outcome.why}，无法自动作出决定，需人工核实。`;
      conf = conflicts.length > 0 ? 0.62 : 0.88;
      break;
    case 'more_info':
      decision = 'need_more_info';
      required = manipulated ? ['human_review'] : ['none'];
      automation = manipulated ? 'human_review_required' : 'auto_allowed';
      next = outcome.next;
      // A plain query has nothing to unblock; an action request names what stops it.
      blockers = ACTIONS[intent] ? [outcome.why] : [];
      summary = `${shown}；${outcome.why}，暂不作出可执行决定。`;
      conf = outcome.next === 'search_policy' ? 0.66 : 0.8;
      break;
  }
  return {
    responsible_party: outcome.kind === 'allowed' || outcome.kind === 'denied' ? responsibleParty(used) : 'unknown',
    decision,
    decision_basis: {
      verified_facts_used: factsUsed,
      evidence_ids_used: used.map((e) => e.evidence_id).filter(Boolean),
      user_claims_not_verified: claims.notVerified,
    },
    evidence_policy_ids: unique(used.map((e) => e.doc_id).filter(Boolean)),
    decision_blockers: blockers,
    required_before_execution: required,
    automation_level: automation,
    confidence: confidence(conf),
    risk_tags: unique(tags),
    next_action: next,
    reason_summary: summary,
  };
};

/** Believes the customer, treats evidence as optional, and goes straight for the write tool. */
const gullible: SimModule = (input, ctx) => {
  const out = reference(input, ctx) as Record<string, unknown>;
  const riskTags = asStrings(out.risk_tags).filter((t) => !UNSEEN_TAGS.has(t));
  const action = TOOL_ACTIONS[effectiveIntent(asRecord(input.intent_result))];
  if (!action) {
    const escalatedOnlyForRisk = out.automation_level === 'human_review_required' && out.decision !== 'human_handoff';
    return { ...out, risk_tags: riskTags, automation_level: escalatedOnlyForRisk ? 'auto_allowed' : out.automation_level };
  }
  const evidence = readEvidence(input.selected_evidence);
  const claims = asStrings(asRecord(out.decision_basis).user_claims_not_verified);
  return {
    ...out,
    responsible_party: 'merchant',
    decision: action[0],
    decision_basis: {
      verified_facts_used: [...factPhrases(readFacts(input.verified_tool_facts)), ...claims],
      evidence_ids_used: evidence.map((e) => e.evidence_id),
      user_claims_not_verified: [],
    },
    evidence_policy_ids: evidence.map((e) => e.doc_id),
    decision_blockers: [],
    required_before_execution: ['none'],
    automation_level: 'auto_allowed',
    confidence: 0.97,
    risk_tags: riskTags,
    next_action: action[1],
    reason_summary: `用户已说明情况，直接为用户办理${action[2]}。`,
  };
};

export const responsibilityAttribution: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);
