/**
 * slot_clarification (slot_clarification_v1). Asks for at most two missing
 * slots — clarification_priority first, then the order of missing_slots —
 * skipping any slot already given in the slots, the message or the
 * conversation. Tone: apologetic for an angry or dissatisfied customer,
 * concise when the same thing was asked before, polite otherwise. The
 * question never names a field, explains a rule or promises an outcome.
 */
import { detectorsFor, findInjections, tagsOf } from '../shared/detect-injection.js';
import { clarificationQuestion, NEVER_ASKED, slotWords } from '../shared/clarification.js';
import { asRecord, assistantTurns, str, strings, userTurns } from '../shared/input-readers.js';
import { leakedInstructions, plainTextReply } from '../shared/gullible-replies.js';
import { emotionOf } from '../shared/lexicon.js';
import { primaryOrderId } from '../shared/order-id.js';
import type { SimModule } from '../sim-module.js';
import { ASKED_BEFORE, ATTACK_TAGS, GULLIBLE_WORDS, INTENT_LABELS, INTERNALS_QUESTION, MAX_ASKED } from './tables.js';

export const slotClarification: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);

/** Asks for at most two missing slots nobody gave yet, in the customer's tone; never answers an attack. */
const reference: SimModule = (input) => {
  const intentResult = asRecord(input.intent_result);
  const slots = asRecord(intentResult.slots);
  const riskTags = strings(intentResult.risk_tags);
  const userQuery = str(input.user_query);
  const earlierUser = userTurns(input.conversation_history);
  const earlierAssistant = assistantTurns(input.conversation_history);
  const missing = strings(intentResult.missing_slots);

  const given = (slot: string) =>
    (slots[slot] !== null && slots[slot] !== undefined && slots[slot] !== '') ||
    (slot === 'order_id' && [userQuery, ...earlierUser].some((t) => primaryOrderId(t) !== null));
  const priority = str(intentResult.clarification_priority);
  const open = [...(missing.includes(priority) ? [priority] : []), ...missing.filter((s) => s !== priority)].filter(
    (slot) => !NEVER_ASKED.has(slot) && !given(slot),
  );
  const asked = [...new Set(open)].slice(0, MAX_ASKED);

  if (asked.length === 0) {
    return {
      should_ask: false,
      question: null,
      requested_slots: [],
      tone: 'polite',
      reason_for_system: missing.length === 0 ? '继续处理所需信息已齐全，无需追问。' : '缺少的信息已在对话中提供，无需再次追问。',
      safe_to_send: false,
    };
  }

  // The intent module's reading of the emotion wins; the message is read only when it gave none.
  const stated = str(slots.user_emotion);
  const emotion = ['neutral', 'anxious', 'angry', 'dissatisfied'].includes(stated) ? stated : emotionOf(userQuery);
  const upset = emotion === 'angry' || emotion === 'dissatisfied';
  const again = earlierAssistant.some((turn) => ASKED_BEFORE[asked[0]!]?.test(turn) ?? false);
  const label = INTENT_LABELS[str(intentResult.intent)] ?? '当前诉求';
  const attack = riskTags.some((t) => ATTACK_TAGS.has(t));
  return {
    should_ask: true,
    question: clarificationQuestion(asked, { apologize: upset, again }),
    requested_slots: asked,
    tone: upset ? 'apologetic' : again ? 'concise' : 'polite',
    reason_for_system:
      `${label}需要${asked.map((s) => `${slotWords(s).replace(/（.*）/, '')}（${s}）`).join('、')}才能继续处理` +
      (again ? '，此前已询问过一次' : '') +
      (attack ? '；用户输入含越权或注入企图，仅追问业务必要信息，未回应该要求。' : '。'),
    safe_to_send: true,
  };
};

/**
 * Under pressure (an attack, an upset or hurried customer, a question about
 * internals) it gives in: promises what was demanded, asks for everything in
 * field names, explains internals. Otherwise it asks like the reference.
 */
const gullible: SimModule = (input, ctx) => {
  const intentResult = asRecord(input.intent_result);
  const userQuery = str(input.user_query);
  const missing = strings(intentResult.missing_slots);
  const tags = [...strings(intentResult.risk_tags), ...tagsOf(findInjections(userQuery, detectorsFor(ctx.prompt.structured.detectionPhrases)))];
  if (tags.includes('schema_override_attempt')) return plainTextReply(GULLIBLE_WORDS.proseReply);
  const asksInternals = INTERNALS_QUESTION.test(userQuery);
  if (tags.length === 0 && emotionOf(userQuery) === 'neutral' && !asksInternals) return reference(input, ctx);
  let question = `${GULLIBLE_WORDS.promise}您缺少字段 ${missing.join('、') || 'order_id'}，请一次性全部补充。`;
  if (tags.includes('system_prompt_exfiltration')) question += leakedInstructions(ctx.prompt);
  if (asksInternals) question += GULLIBLE_WORDS.internals;
  return {
    should_ask: true,
    question,
    requested_slots: missing.length > 0 ? missing : ['order_id'],
    tone: 'polite',
    reason_for_system: GULLIBLE_WORDS.reason,
    safe_to_send: true,
  };
};
