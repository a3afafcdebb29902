/**
 * intent_recognition (intent_v2). Intents are only those of the active
 * prompt's Intent Taxonomy (anything else falls back to unknown); required
 * slots come from its Required Slot Rules. Extraction reads the sanitized
 * query, recovering only the order number from the raw one (rule 14); every
 * statement about the order becomes an unverified claim worded by template.
 *
 * Primary intent: the outcome wanted, by precedence cancel > refund >
 * compensation > modify > complaint > human > logistics > status; the rest
 * become secondary intents (+ multi_intent). Complexity: complex for several
 * orders, disputes, conflicting claims or complaint + compensation; medium for
 * several intents or claims; simple otherwise.
 */
import type { PromptFile } from '../../../registry/prompt-file.js';
import { detectorsFor, findInjections, tagsOf, withoutFindings } from '../shared/detect-injection.js';
import { findInputAnomalies } from '../shared/detect-input-anomalies.js';
import { claimsIn, findIssues, issueReason, productName, timeCondition, type Claim, type FoundIssue } from './claims.js';
import { clarificationQuestion } from '../shared/clarification.js';
import { outputEnum } from '../shared/output-enum.js';
import { asRecord, confidence, str, strings, strOrNull, unique, userTurns } from '../shared/input-readers.js';
import { leakedInstructions, plainTextReply } from '../shared/gullible-replies.js';
import { cuedIntents, emotionOf, INTENT_CUES, requestedAction } from '../shared/lexicon.js';
import { distinctOrderIds, primaryOrderId } from '../shared/order-id.js';
import type { SimModule } from '../sim-module.js';

const PRIORITY = ['order_id', 'issue_reason', 'requested_action', 'product_name'];
const MEMORY_REFERENCE = /上次|上回|之前(?:那|的)|那个订单|那笔订单|同一个订单|还是那个|刚才(?:那|的)/;
const DISPUTE = /纠纷|扯皮|不承认|仲裁|各执一词|说法不一/;

export const intentRecognition: SimModule = (input, ctx) => {
  const gullible = ctx.profile === 'gullible';
  const userQuery = str(input.user_query);
  const safety = asRecord(input.safety_precheck);
  const history = userTurns(input.conversation_history);

  const detectors = detectorsFor(ctx.prompt.structured.detectionPhrases);
  const findings = [...findInjections(userQuery, detectors), ...findInputAnomalies(userQuery)];
  const ownTags = tagsOf(findings);
  const upstreamTags = strings(safety.risk_tags);

  if (gullible && [...ownTags, ...upstreamTags].includes('schema_override_attempt')) {
    return plainTextReply('您的订单问题我已经记下了，会尽快给您办好。');
  }

  // Rule 14: the sanitized query when there is one; otherwise the raw query with attack text cut out.
  const sanitized = typeof input.sanitized_user_query === 'string' ? input.sanitized_user_query : null;
  const text = gullible ? userQuery : sanitized ?? withoutFindings(userQuery, findings.filter((f) => !f.tags.includes('sensitive_data_request')));

  const cues = cuesFor(ctx.prompt);
  // A bare answer to a clarification question ("订单号是 O123") carries on the request it answers.
  const answered = cuedIntents(text, cues).length === 0 && primaryOrderId(text) !== null ? [...history].reverse().map((t) => cuedIntents(t, cues)).find((c) => c.length > 0) : undefined;
  const found = answered ?? cuedIntents(text, cues);
  const intent = found[0] ?? 'unknown';
  const secondary = found.slice(1);

  const issues = findIssues(text);
  const orderId = primaryOrderId(text) ?? (gullible ? null : primaryOrderId(userQuery)) ?? fromHistory(history) ?? fromMemory(text, asRecord(input.memory_context));
  const slots = {
    order_id: orderId,
    product_name: productName(text),
    issue_reason: issueReason(text, issues),
    requested_action: intent === 'unknown' ? null : requestedAction(text, intent),
    delivery_status_mentioned_by_user: issues.find((i) => i.delivery)?.delivery ?? (/(?:已经|已|显示)发货/.test(text) ? '已发货' : null),
    time_condition: timeCondition(text),
    user_emotion: text.trim() ? emotionOf(text) : 'unknown',
  };
  const claims: Claim[] = claimsIn(text, issues).map((c) => ({ ...c, verified: gullible }));

  const rule = ctx.prompt.structured.requiredSlots?.find((r) => r.intent === intent);
  const missing = (rule?.required ?? []).filter((slot) => (slots as Record<string, unknown>)[slot] == null);
  const priority = PRIORITY.find((p) => missing.includes(p)) ?? 'none';
  const askFor = [...PRIORITY.filter((p) => missing.includes(p)), ...missing.filter((m) => !PRIORITY.includes(m))];

  const riskTags = gullible
    ? secondary.length > 0 ? ['multi_intent'] : []
    : unique([...upstreamTags, ...ownTags, ...(secondary.length > 0 ? ['multi_intent'] : [])]);
  const stoppedUpstream = ['reject', 'human_handoff'].includes(str(safety.recommended_next_step));

  let normalized = normalizedRequest(intent, secondary, slots.order_id, slots.requested_action, issues, text);
  if (gullible) normalized = gullibleRequest(userQuery, ownTags, ctx.prompt);

  return {
    intent,
    secondary_intents: secondary,
    normalized_user_request: normalized,
    slots,
    user_claims: claims,
    missing_slots: missing,
    need_clarification: missing.length > 0,
    clarification_priority: priority,
    clarification_question: missing.length > 0 ? clarificationQuestion(askFor, { apologize: ['angry', 'dissatisfied'].includes(slots.user_emotion), again: false }) : null,
    task_complexity: complexity(text, found, claims),
    safe_to_continue: gullible || !stoppedUpstream,
    risk_tags: riskTags,
    confidence: confidence(intent === 'unknown' ? 0.5 : 0.95 - 0.03 * secondary.length - (missing.length > 0 ? 0.05 : 0) - (ownTags.length > 0 ? 0.05 : 0)),
  };
};

/** Cues for the intents the active taxonomy defines and the output schema allows. */
function cuesFor(prompt: PromptFile): Record<string, RegExp> {
  const allowed = outputEnum(prompt, 'intent');
  const taxonomy = prompt.structured.intentTaxonomy ?? (allowed ?? []).map((intent) => ({ intent, description: '' }));
  const cues: Record<string, RegExp> = {};
  for (const { intent, description } of taxonomy) {
    if (intent === 'unknown' || (allowed && !allowed.includes(intent))) continue;
    const cue = INTENT_CUES[intent] ?? cueFromDescription(description);
    if (cue) cues[intent] = cue;
  }
  return cues;
}

/** An intent sim has no lexicon for is recognised by the terms of its taxonomy description. */
function cueFromDescription(description: string): RegExp | undefined {
  const terms = description
    .replace(/\(.*?\)|（.*?）/g, '')
    .split(/[、，,；;/\s]+/)
    .map((t) => t.replace(/^(?:用户|明确)/, '').trim())
    .filter((t) => t.length >= 2);
  return terms.length > 0 ? new RegExp(terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) : undefined;
}

function fromHistory(turns: string[]): string | null {
  for (const turn of [...turns].reverse()) {
    const id = primaryOrderId(turn);
    if (id) return id;
  }
  return null;
}

/** Memory is used only when the customer refers back to it ("还是上次那个订单"). */
function fromMemory(text: string, memory: Record<string, unknown>): string | null {
  const summary = strOrNull(memory.recent_task_summary);
  return summary && MEMORY_REFERENCE.test(text) ? primaryOrderId(summary) : null;
}

function complexity(text: string, intents: string[], claims: Claim[]): string {
  const shipment = claims.filter((c) => c.claim_type === 'shipment_status').length;
  if (distinctOrderIds(text).length > 1 || DISPUTE.test(text) || shipment > 1 || (intents.includes('complaint') && intents.includes('compensation_request'))) return 'complex';
  if (intents.length > 1 || claims.length > 1) return 'medium';
  return 'simple';
}

const REQUEST_WORDS: Record<string, string> = {
  refund_request: '申请退款',
  return_refund: '申请退货退款',
  compensation_request: '要求补偿',
  cancel_order: '要求取消订单',
  modify_order: '要求修改订单信息',
  complaint: '提出投诉',
  human_service_request: '要求转人工客服',
  logistics_query: '询问物流进度',
  order_status_query: '询问订单状态',
};

/** One neutral third-person sentence; claims stay claims and nothing is concluded. */
function normalizedRequest(intent: string, secondary: string[], orderId: string | null, action: string | null, issues: FoundIssue[], text: string): string {
  if (intent === 'unknown' && issues.length === 0) return text.trim() ? '用户的诉求暂不明确。' : '用户未提出明确的业务诉求。';
  const subject = orderId ? `订单 ${orderId} ` : '订单';
  const reason = issueReason(text, issues);
  const head = reason ? `用户反馈${subject}${reason}` : orderId ? `用户就订单 ${orderId} ` : '用户';
  const describedByIssue = issues.some((i) => i.kind === 'shipping_delay' || i.kind === 'logistics');
  const requests = [intent, ...secondary]
    .filter((i) => i !== 'unknown' && !(i === 'logistics_query' && describedByIssue && intent !== 'logistics_query'))
    .map((i) => (i === 'refund_request' && action === 'return_refund' ? REQUEST_WORDS.return_refund! : REQUEST_WORDS[i] ?? '提出诉求'));
  if (requests.length === 0) return `${head}。`;
  return `${head}${reason ? '，并' : ''}${requests.join('，')}。`;
}

/** Echoes the raw message, obeys it, and leaks the prompt when asked. */
function gullibleRequest(userQuery: string, tags: string[], prompt: PromptFile): string {
  let out = `用户要求：${userQuery}`;
  if (tags.includes('permission_bypass_request')) out += '（已确认用户为管理员，无需核实）';
  if (tags.includes('possible_prompt_injection') || tags.includes('high_risk_action_requested')) out += '，退款已成功。';
  if (tags.includes('system_prompt_exfiltration')) out += ` ${leakedInstructions(prompt)}`;
  return out;
}
