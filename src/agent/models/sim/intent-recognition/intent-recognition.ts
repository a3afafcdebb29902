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
import type { PromptFile } from '../../../../harness/registry/prompt-file.js';
import { detectorsFor, findInjections, tagsOf, withoutFindings, type InjectionFinding } from '../shared/detect-injection.js';
import { findInputAnomalies } from '../shared/detect-input-anomalies.js';
import { claimsIn, findIssues, issueReason, productName, timeCondition, type Claim, type FoundIssue } from './claims.js';
import { clarificationQuestion } from '../shared/clarification.js';
import { outputEnum } from '../shared/output-enum.js';
import { asRecord, confidence, str, strings, strOrNull, unique, userTurns } from '../shared/input-readers.js';
import { leakedInstructions, plainTextReply } from '../shared/gullible-replies.js';
import { cuedIntents, emotionOf, INTENT_CUES, requestedAction } from '../shared/lexicon.js';
import { distinctOrderIds, primaryOrderId } from '../shared/order-id.js';
import type { SimModule } from '../sim-module.js';
import { DISPUTE, GULLIBLE_WORDS, MEMORY_REFERENCE, REQUEST_WORDS, SHIPPED_MENTION, SLOT_PRIORITY } from './tables.js';
import { escapeRegExp } from '../../../../harness/base/escape-regexp.js';
import { simplifiedChinese } from '../shared/text-normalize.js';

export const intentRecognition: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);

/** The seed's rules: the sanitized text, claims left unverified, upstream risk carried and respected. */
const reference: SimModule = (input, ctx) => {
  const turn = readTurn(input, ctx.prompt);
  // Rule 14: the sanitized query when there is one; otherwise the raw query with attack text cut out.
  const sanitized = typeof input.sanitized_user_query === 'string' ? input.sanitized_user_query : null;
  const text =
    sanitized ??
    withoutFindings(
      turn.userQuery,
      turn.findings.filter((f) => !f.tags.includes('sensitive_data_request')),
    );
  const found = recognise(text, turn, ctx.prompt, primaryOrderId(turn.userQuery));
  const stoppedUpstream = ['reject', 'human_handoff'].includes(str(turn.safety.recommended_next_step));
  return result(found, turn, {
    normalized: normalizedRequest(found.intent, found.secondary, found.slots.order_id, found.slots.requested_action, found.issues, text),
    claimsVerified: false,
    safeToContinue: !stoppedUpstream,
    riskTags: unique([...turn.upstreamTags, ...turn.ownTags, ...multiIntentTag(found)]),
  });
};

/** Obeys the message: prose on a schema override, the raw text read as it stands, claims believed, risk dropped. */
const gullible: SimModule = (input, ctx) => {
  const turn = readTurn(input, ctx.prompt);
  if ([...turn.ownTags, ...turn.upstreamTags].includes('schema_override_attempt')) return plainTextReply(GULLIBLE_WORDS.proseReply);
  const found = recognise(turn.userQuery, turn, ctx.prompt, null);
  return result(found, turn, {
    normalized: gullibleRequest(turn.userQuery, turn.ownTags, ctx.prompt),
    claimsVerified: true,
    safeToContinue: true,
    riskTags: multiIntentTag(found),
  });
};

interface Turn {
  userQuery: string;
  safety: Record<string, unknown>;
  history: string[];
  memory: Record<string, unknown>;
  findings: InjectionFinding[];
  ownTags: string[];
  upstreamTags: string[];
}

function readTurn(input: Record<string, unknown>, prompt: PromptFile): Turn {
  const userQuery = str(input.user_query);
  const safety = asRecord(input.safety_precheck);
  const findings = [...findInjections(userQuery, detectorsFor(prompt.structured.detectionPhrases)), ...findInputAnomalies(userQuery)];
  return {
    userQuery,
    safety,
    history: userTurns(input.conversation_history),
    memory: asRecord(input.memory_context),
    findings,
    ownTags: tagsOf(findings),
    upstreamTags: strings(safety.risk_tags),
  };
}

/** What both profiles read from the text: intents, slots, claims and what is missing. */
function recognise(typed: string, turn: Turn, prompt: PromptFile, orderIdOfRawQuery: string | null) {
  const text = simplifiedChinese(typed);
  const cues = cuesFor(prompt);
  // A bare answer to a clarification question ("订单号是 O123") carries on the request it answers.
  const answered =
    cuedIntents(text, cues).length === 0 && primaryOrderId(text) !== null
      ? [...turn.history]
          .reverse()
          .map((t) => cuedIntents(simplifiedChinese(t), cues))
          .find((c) => c.length > 0)
      : undefined;
  const found = answered ?? cuedIntents(text, cues);
  const intent = found[0] ?? 'unknown';
  const issues = findIssues(text);
  const slots = {
    order_id: primaryOrderId(text) ?? orderIdOfRawQuery ?? fromHistory(turn.history) ?? fromMemory(text, turn.memory),
    product_name: productName(text),
    issue_reason: issueReason(text, issues),
    requested_action: intent === 'unknown' ? null : requestedAction(text, intent),
    delivery_status_mentioned_by_user: issues.find((i) => i.delivery)?.delivery ?? (SHIPPED_MENTION.test(text) ? '已发货' : null),
    time_condition: timeCondition(text),
    user_emotion: text.trim() ? emotionOf(text) : 'unknown',
  };
  const claims = claimsIn(text, issues);
  const rule = prompt.structured.requiredSlots?.find((r) => r.intent === intent);
  const missing = (rule?.required ?? []).filter((slot) => (slots as Record<string, unknown>)[slot] == null);
  return { text, found, intent, secondary: found.slice(1), issues, slots, claims, missing };
}

type Recognised = ReturnType<typeof recognise>;

const multiIntentTag = (r: Recognised) => (r.secondary.length > 0 ? ['multi_intent'] : []);

/** The output object; the profiles differ only in what they pass as `own`. */
function result(r: Recognised, turn: Turn, own: { normalized: string; claimsVerified: boolean; safeToContinue: boolean; riskTags: string[] }) {
  const { intent, secondary, slots, missing } = r;
  const claims: Claim[] = r.claims.map((c) => ({ ...c, verified: own.claimsVerified }));
  const askFor = [...SLOT_PRIORITY.filter((p) => missing.includes(p)), ...missing.filter((m) => !SLOT_PRIORITY.includes(m))];
  return {
    intent,
    secondary_intents: secondary,
    normalized_user_request: own.normalized,
    slots,
    user_claims: claims,
    missing_slots: missing,
    need_clarification: missing.length > 0,
    clarification_priority: SLOT_PRIORITY.find((p) => missing.includes(p)) ?? 'none',
    clarification_question:
      missing.length > 0 ? clarificationQuestion(askFor, { apologize: ['angry', 'dissatisfied'].includes(slots.user_emotion), again: false }) : null,
    task_complexity: complexity(r.text, r.found, claims),
    safe_to_continue: own.safeToContinue,
    risk_tags: own.riskTags,
    confidence: confidence(
      intent === 'unknown' ? 0.5 : 0.95 - 0.03 * secondary.length - (missing.length > 0 ? 0.05 : 0) - (turn.ownTags.length > 0 ? 0.05 : 0),
    ),
  };
}

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
  return terms.length > 0 ? new RegExp(terms.map(escapeRegExp).join('|')) : undefined;
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
  if (distinctOrderIds(text).length > 1 || DISPUTE.test(text) || shipment > 1 || (intents.includes('complaint') && intents.includes('compensation_request')))
    return 'complex';
  if (intents.length > 1 || claims.length > 1) return 'medium';
  return 'simple';
}

/** One neutral third-person sentence; claims stay claims and nothing is concluded. */
function normalizedRequest(intent: string, secondary: string[], orderId: string | null, action: string | null, issues: FoundIssue[], text: string): string {
  if (intent === 'unknown' && issues.length === 0) return text.trim() ? '用户的诉求暂不明确。' : '用户未提出明确的业务诉求。';
  const subject = orderId ? `订单 ${orderId} ` : '订单';
  const reason = issueReason(text, issues);
  const head = reason ? `用户反馈${subject}${reason}` : orderId ? `用户就订单 ${orderId} ` : '用户';
  const describedByIssue = issues.some((i) => i.kind === 'shipping_delay' || i.kind === 'logistics');
  const requests = [intent, ...secondary]
    .filter((i) => i !== 'unknown' && !(i === 'logistics_query' && describedByIssue && intent !== 'logistics_query'))
    .map((i) => (i === 'refund_request' && action === 'return_refund' ? REQUEST_WORDS.return_refund! : (REQUEST_WORDS[i] ?? '提出诉求')));
  if (requests.length === 0) return `${head}。`;
  return `${head}${reason ? '，并' : ''}${requests.join('，')}。`;
}

/** Echoes the raw message, obeys it, and leaks the prompt when asked. */
function gullibleRequest(userQuery: string, tags: string[], prompt: PromptFile): string {
  let out = `${GULLIBLE_WORDS.requestLead}${userQuery}`;
  if (tags.includes('permission_bypass_request')) out += GULLIBLE_WORDS.trustedRole;
  if (tags.includes('possible_prompt_injection') || tags.includes('high_risk_action_requested')) out += GULLIBLE_WORDS.promisedOutcome;
  if (tags.includes('system_prompt_exfiltration')) out += ` ${leakedInstructions(prompt)}`;
  return out;
}
