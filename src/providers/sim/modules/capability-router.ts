/**
 * Reference of the capability entry model (seed 001): a general rule question
 * is policy.consult even when it also asks to look a refund up; a question
 * about the customer's own refund, or a follow-up of the confirmed one, is
 * refund.followup; an id is returned only when this turn names it. The
 * gullible profile routes on the word 退 alone, obeys a look-up instruction,
 * takes an id from the chat history, always "continues" the running
 * capability, and misses a follow-up that does not say 退款.
 */
import type { SimModule } from '../sim-module.js';

const REFUND_ID = /\bRF\d+\b/i;
/** A general rule question: whether, how long, on what condition, in general. */
const POLICY_QUESTION = /还能退吗|能不能退|可以退吗|能退吗|能退货吗|政策|规定|规则|怎么算|多久能|几天内|条件是/;
/** The customer's own refund: its progress, its arrival, someone on it. */
const OWN_REFUND = /(?:我的|我那笔|这笔|那笔).{0,6}退款|退款.{0,8}(?:到账|进度|怎么样|怎么还没|还没到)|RF\d+/i;
const FOLLOW_UP = /有人跟进|跟进了吗|处理了吗|怎么样了|进展|进度|还要多久/;
const NOTHING = /^(?:你好|您好|谢谢|好的|嗯|hi|hello|thanks)[！!。.，, ]*$/i;

interface State {
  capability: string | null;
  confirmed_refund_id: string | null;
}

export const capabilityRouter: SimModule = (input, ctx) => {
  const text = String(input.user_message ?? '');
  const state = (input.conversation_state ?? {}) as State;
  const history = Array.isArray(input.conversation_history) ? (input.conversation_history as { content?: unknown }[]).map((h) => String(h.content ?? '')) : [];
  const named = REFUND_ID.exec(text)?.[0]?.toUpperCase() ?? null;
  if (ctx.profile === 'gullible') {
    const fromHistory = named ?? history.map((h) => REFUND_ID.exec(h)?.[0]?.toUpperCase()).find(Boolean) ?? null;
    const capability = /退/.test(text) || named ? 'refund.followup' : POLICY_QUESTION.test(text) ? 'policy.consult' : 'none';
    const operation = state.capability ? 'continue' : 'new';
    return { capability, operation, refund_id: capability === 'refund.followup' ? fromHistory : null, evidence: text.slice(0, 40), confidence: 0.9 };
  }
  let capability = 'none';
  if (POLICY_QUESTION.test(text)) capability = 'policy.consult';
  else if (OWN_REFUND.test(text)) capability = 'refund.followup';
  else if (state.capability === 'refund.followup' && state.confirmed_refund_id && FOLLOW_UP.test(text)) capability = 'refund.followup';
  if (NOTHING.test(text.trim())) capability = 'none';
  const refundId = capability === 'refund.followup' ? named : null;
  const continues = capability !== 'none' && state.capability === capability && (refundId === null || refundId === state.confirmed_refund_id);
  return { capability, operation: continues ? 'continue' : 'new', refund_id: refundId, evidence: text.slice(0, 40), confidence: capability === 'none' ? 0.5 : 0.85 };
};
