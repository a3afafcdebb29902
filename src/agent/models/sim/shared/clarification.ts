/**
 * Clarification questions in everyday customer language. Slot names are
 * internal: a customer is asked for "订单号", never for "order_id" (seed rule).
 */

const SLOT_WORDS: Record<string, string> = {
  order_id: '订单号',
  issue_reason: '遇到的具体问题',
  requested_action: '您希望的处理方式（例如退款、换货或修改信息）',
  product_name: '商品名称',
  delivery_status_mentioned_by_user: '目前看到的物流情况',
  time_condition: '下单或出现问题的大概时间',
};

/** Where the customer can find a value, for a second request. */
const WHERE_TO_FIND: Record<string, string> = {
  order_id: '（可在“我的订单”页面查看）',
  product_name: '（可在订单详情里看到）',
};

/** Slots a customer is never asked about. */
export const NEVER_ASKED = new Set(['user_emotion']);

/** The customer-facing words for a slot; unknown slot names get a generic phrase, never the name. */
export function slotWords(slot: string): string {
  return SLOT_WORDS[slot] ?? '相关的具体信息';
}

export interface QuestionStyle {
  /** Angry or dissatisfied customer: one short apology first. */
  apologize: boolean;
  /** Asked before without an answer: shorter, with a hint where to find it. */
  again: boolean;
}

/** One short question for at most two slots. It asks; it promises nothing. */
export function clarificationQuestion(slots: string[], style: QuestionStyle): string {
  const asked = slots.slice(0, 2);
  const words = asked.map((slot, i) => slotWords(slot) + (i === 0 || style.again ? (WHERE_TO_FIND[slot] ?? '') : ''));
  const what = words.join('，以及');
  const opening = style.apologize ? '非常抱歉给您带来不好的体验。' : '您好，';
  if (style.again) return `${opening}麻烦再提供一下${what}，方便我继续为您核实。`;
  return `${opening}请提供一下${what}，我会继续帮您核实并按流程处理。`;
}
