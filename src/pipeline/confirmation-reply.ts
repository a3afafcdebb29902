/**
 * Reads a user's answer to a confirmation question, bound to the one action
 * that was asked about. The program does this, not a model: whether money
 * moves must not depend on a probabilistic reading of "好的". An answer that
 * names another order or another amount confirms nothing.
 */
import { normaliseForMatch } from './injection-scan.js';

export type ReplyReading = 'confirmed' | 'declined' | 'mismatch' | 'unclear';

const ORDER_ID = /(?<![A-Za-z0-9])[A-Za-z]{1,3}-?\d{3,20}(?![0-9])/g;
const AMOUNT = /(\d+(?:\.\d+)?)\s*(?:元|块|rmb|cny)|(?:退|赔|补偿|金额)\s*(\d+(?:\.\d+)?)(?![\d])/gi;
const NEGATIVE = /不要|不用|不需要|不同意|不确认|不行|不了|先不|算了|别办|别退|拒绝|再想想|取消申请|^no\b|^不$|^不是/i;
const AFFIRMATIVE = /^(是|好|对|嗯|行|可以|确认|同意|没问题|确定|ok|yes)|确认|同意|可以|好的|是的|没问题|办吧|退吧|就这样|请继续|继续办理|麻烦了/i;

/** Words that name an action: a "yes" that names another action is a yes to something else. */
const ACTION_WORDS: Record<string, RegExp> = {
  create_refund: /退款|退钱|退货/,
  create_compensation: /补偿|赔付|赔偿/,
  cancel_order: /取消订单|取消这个订单|把订单取消/,
  modify_address: /改地址|修改地址|换地址/,
};

export function readConfirmationReply(text: string, args: Record<string, unknown>, tool?: string): ReplyReading {
  const t = text.normalize('NFKC').trim();
  if (NEGATIVE.test(t)) return 'declined';
  if (!AFFIRMATIVE.test(t)) return 'unclear';
  // A yes that names another order, another amount or another action is a yes to something else.
  const orderId = typeof args.order_id === 'string' ? args.order_id : null;
  const orders = [...t.matchAll(ORDER_ID)].map((m) => m[0]!.toUpperCase());
  if (orderId && orders.some((o) => normaliseForMatch(o) !== normaliseForMatch(orderId))) return 'mismatch';
  const amount = typeof args.amount === 'number' ? args.amount : null;
  const amounts = [...t.matchAll(AMOUNT)].map((m) => Number(m[1] ?? m[2]));
  if (amounts.some((a) => amount === null || Math.abs(a - amount) > 0.005)) return 'mismatch';
  if (tool && ACTION_WORDS[tool] && !ACTION_WORDS[tool]!.test(t) && Object.entries(ACTION_WORDS).some(([other, words]) => other !== tool && words.test(t))) return 'mismatch';
  return 'confirmed';
}
