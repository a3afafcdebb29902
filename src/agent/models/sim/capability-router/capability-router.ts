/**
 * Reference of the capability entry model (docs/spec/capability-routing.md#the-entry-model): a general rule question
 * is policy.consult even when it also asks to look a refund up; a question
 * about the customer's own refund, or a follow-up of the confirmed one, is
 * refund.followup; an id is returned only when this turn names it. The
 * gullible profile routes on the character 退 alone, obeys a look-up
 * instruction, takes an id from the chat history, always "continues" the
 * running capability, and misses a follow-up that does not say 退款.
 */
import type { SimModule } from '../sim-module.js';
import { matchingForm, simplifiedChinese } from '../shared/text-normalize.js';
import {
  FOLLOW_UP,
  NOTHING,
  ORDER_ID,
  OWN_REFUND,
  POLICY_QUESTION,
  POLICY_QUESTION_MORE,
  REFUND_CHARACTER,
  REFUND_ID,
  STOP_LOOKING,
  STOPS_THE_REFUND,
  SWITCH_OBJECT,
  ZERO_WIDTH,
} from './tables.js';

interface State {
  capability: string | null;
  confirmed_refund_id: string | null;
}

interface Turn {
  /** The matching form (shared/text-normalize.ts): full-width, zero-width-split or traditional text reads as typed. */
  text: string;
  /** What the customer wrote, quoted as evidence. */
  raw: string;
  state: State;
  history: string[];
  /** The refund id this turn's own words name. */
  named: string | null;
}

/**
 * The refund id the turn names: looked for with its word boundaries in the text as typed (NFKC, zero-width
 * characters out: "shi RF999 zhe" in pinyin), then in the matching form, where "R F 9 9 9" is whole again.
 */
function namedRefundId(raw: string, matching: string): string | null {
  const typed = raw.normalize('NFKC').replace(ZERO_WIDTH, '');
  return (REFUND_ID.exec(typed) ?? REFUND_ID.exec(matching))?.[0]?.toUpperCase() ?? null;
}

function readTurn(input: Record<string, unknown>): Turn {
  const raw = String(input.user_message ?? '');
  // Traditional read as simplified in full (opencc), not only the characters the matching form folds.
  const text = matchingForm(simplifiedChinese(raw));
  const history = Array.isArray(input.conversation_history) ? (input.conversation_history as { content?: unknown }[]).map((h) => String(h.content ?? '')) : [];
  return { text, raw, state: (input.conversation_state ?? {}) as State, history, named: namedRefundId(raw, text) };
}

function reference({ text, raw, state, named }: Turn) {
  let capability = 'none';
  if (POLICY_QUESTION.test(text) || POLICY_QUESTION_MORE.test(text)) capability = 'policy.consult';
  else if (OWN_REFUND.test(text)) capability = 'refund.followup';
  else if (state.capability === 'refund.followup' && state.confirmed_refund_id && FOLLOW_UP.test(text)) capability = 'refund.followup';
  // A correction of the object stays on the refund path: the program binds the one now meant.
  else if (state.capability === 'refund.followup' && (SWITCH_OBJECT.test(text) || ORDER_ID.test(raw))) capability = 'refund.followup';
  // A stop that names the refund as what stops is one although it names the customer's refund.
  const stops = !named && (STOPS_THE_REFUND.test(text) || (STOP_LOOKING.test(text) && !OWN_REFUND.test(text)));
  if (NOTHING.test(raw.trim()) || stops) capability = 'none';
  const refundId = capability === 'refund.followup' ? named : null;
  const continues = capability !== 'none' && state.capability === capability && (refundId === null || refundId === state.confirmed_refund_id);
  return {
    capability,
    operation: continues ? 'continue' : 'new',
    refund_id: refundId,
    evidence: raw.slice(0, 40),
    confidence: capability === 'none' ? 0.5 : 0.85,
  };
}

function gullible({ text, raw, state, history, named }: Turn) {
  const fromHistory = named ?? history.map((h) => REFUND_ID.exec(h)?.[0]?.toUpperCase()).find(Boolean) ?? null;
  const capability = REFUND_CHARACTER.test(text) || named ? 'refund.followup' : POLICY_QUESTION.test(text) ? 'policy.consult' : 'none';
  const operation = state.capability ? 'continue' : 'new';
  return { capability, operation, refund_id: capability === 'refund.followup' ? fromHistory : null, evidence: raw.slice(0, 40), confidence: 0.9 };
}

export const capabilityRouter: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(readTurn(input));
